import type { CampaignRecipient, CampaignSettingsFields } from '@zelo/contracts/campaigns/events';
import { DomainError } from '@zelo/contracts/errors';
import { normalizeWhatsappNumber } from '@zelo/contracts/external-api/api';
import { MediaType } from '@zelo/contracts/messaging/events';
import { getFileListForSending } from '@zelo/projections/file-lists/queries';
import * as v from 'valibot';
import { contactNumberStreamId } from '../contacts/domain/contact.ts';
import { ensureContact, newContactEvents } from '../contacts/handlers.ts';
import { storedMediaRef } from '../media/stored-url.ts';
import { hasTemplateVariables } from '../messaging/domain/template.ts';
import {
  loadMessage,
  messageStreamId,
  outboundMessageData,
  queueOutboundMessage,
} from '../messaging/handlers.ts';
import {
  type Actor,
  createStreams,
  type Deps,
  type DomainEvent,
  type NewStream,
  recordable,
} from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { idFromName, newId } from '../platform/ids.ts';
import {
  loadTicketWithOpening,
  newConversationEvents,
  runTicketCommand,
  ticketForInbound,
} from '../tickets/handlers.ts';
import type { CampaignState, ShipmentCommand } from './domain/campaign.ts';
import { personalize, pickVariant } from './domain/personalize.ts';

// Queueing one recipient's messages: the contact, the ticket and the messages of the contacts,
// tickets and messaging contexts, under ids derived from the campaign and the recipient, so a retried
// send queues nothing twice.

/** Who queues a campaign's text, and its files (the text is marked `campaignText` for the delivery reactor). */
export const CAMPAIGN_ACTOR = 'system:campaigns';
export const CAMPAIGN_MEDIA_ACTOR = 'system:campaigns:media';

/** The message of recipient `index`: a retried send names the same message, so it is queued once. */
export const shipmentMessageId = (campaignId: string, index: number) =>
  idFromName('campaign-shipment', `${campaignId}:${index}`);
const attachmentMessageId = (campaignId: string, index: number, which: string) =>
  idFromName('campaign-shipment', `${campaignId}:${index}:${which}`);

/** A campaign that exists and is not deleted. */
export type Running = Extract<CampaignState, { kind: 'exists' }>;

/** The delivery steps of a send, on the event store and the file lists' read model. */
export function campaignDelivery(deps: Deps, pool: Pool, timeZone: string) {
  const who = (companyId: string, actor = CAMPAIGN_ACTOR): Actor => ({ companyId, actor });
  const now = () => deps.clock.now().toISOString();

  return { knownNumbers, optedOut, deliver };

  /**
   * Of these recipients, those whose number is a contact of the company that opted out (LGPD, issue
   * 25): one query on the contacts' read model for the whole batch. The contact a campaign writes to is
   * the one holding the normalised number, so that is the number looked up.
   */
  async function optedOut(s: Running, indexes: number[]): Promise<Set<number>> {
    const numbers = new Map<number, string>();
    for (const i of indexes) {
      const n = normalizeWhatsappNumber(s.recipients?.[i]?.number ?? '');
      if (n) numbers.set(i, n);
    }
    if (numbers.size === 0) return new Set();
    const { rows } = await pool.query<{ number: string }>(
      `SELECT number FROM contacts
        WHERE company_id = $1 AND number = ANY($2::text[]) AND opted_out AND NOT is_group`,
      [s.companyId, [...new Set(numbers.values())]],
    );
    const out = new Set(rows.map((r) => r.number));
    return new Set([...numbers].filter(([, n]) => out.has(n)).map(([i]) => i));
  }

  /**
   * The recipients' numbers that a contact holds already (their claim streams, read together): their
   * sends read the contact and its conversation. The others are tried as new numbers in one write (a
   * number claimed since only costs that write's refusal).
   */
  async function knownNumbers(s: Running, indexes: number[]): Promise<Set<string>> {
    const numbers = indexes
      .map((i) => normalizeWhatsappNumber(s.recipients?.[i]?.number ?? ''))
      .filter((n): n is string => !!n);
    if (numbers.length === 0 || !deps.store.atomicMultiStream) return new Set(numbers);
    const claims = await deps.store.readStreams(numbers.map((n) => contactNumberStreamId(s.companyId, n)));
    return new Set(
      numbers.filter((n) => (claims.get(contactNumberStreamId(s.companyId, n))?.revision ?? -1) >= 0),
    );
  }

  /**
   * Queues recipient `index`'s messages under stable ids: the contact (upserted by number), its ticket
   * on the campaign's connection, the text, the file list's files and the attachment. Answers the
   * shipment to record: sent, or failed with the reason. A number without a contact takes one write
   * (`deliverToNewNumber`); the rest, and a retry, read what they need first.
   */
  async function deliver(
    s: Running,
    settings: CampaignSettingsFields,
    index: number,
    known: Set<string>,
  ): Promise<ShipmentCommand> {
    const { companyId, campaignId } = s;
    const whatsappId = s.runWhatsappId as string;
    const recipient = (s.recipients as CampaignRecipient[])[index];
    const ref = { campaignId, companyId, index, number: recipient.number };
    const fail = (reason: string): ShipmentCommand => ({
      type: 'RecordMessageFailed',
      ...ref,
      reason,
      failedAt: now(),
    });
    const number = normalizeWhatsappNumber(recipient.number);
    if (!number) return fail('ERR_WAPP_INVALID_CONTACT: not a WhatsApp number (10 to 15 digits)');
    const variant = pickVariant(s.fields, `${campaignId}:${index}`);
    if (!variant) return fail('ERR_CAMPAIGN_NO_MESSAGES: the campaign has no message');

    const messageId = shipmentMessageId(campaignId, index);
    let ticketId: string;
    let queuedAt: number;
    try {
      const created = known.has(number)
        ? null
        : await deliverToNewNumber(s, settings, index, number, variant);
      if (created) return created;
      const contact = await ensureContact(
        deps,
        companyId,
        { name: recipient.name.trim() || number, number, isGroup: false },
        who(companyId),
      );
      // A retry after a crash finds its message queued already: it stays on that message's ticket.
      const queued = await loadMessage(deps, messageId);
      if (queued.kind === 'exists') ticketId = queued.ref.ticketId;
      else {
        // The contact's active ticket carries it; else one opened without agent or queue, so no queue
        // bot answers the campaign's own message (closed below once the message is queued).
        const key = { companyId, whatsappId, contactId: contact.contactId, isGroup: false };
        ticketId = (await ticketForInbound(deps, key, who(companyId), 'open')).ticketId;
      }
      const { openedAt } = await loadTicketWithOpening(deps, ticketId);
      const at = deps.clock.now();
      const body = personalize(variant[1], recipient, settings.variables, {
        ticketId,
        ticketCreatedAt: openedAt ?? at,
        now: at,
        timeZone,
      });
      const send = { companyId, ticketId, userId: null };
      await queueOutboundMessage(deps, { ...send, body, messageId, campaignText: true }, who(companyId));
      queuedAt = deps.clock.now().getTime();
      for (const file of await attachments(s, campaignId, index)) {
        await queueOutboundMessage(deps, { ...send, ...file }, who(companyId, CAMPAIGN_MEDIA_ACTOR));
      }
      // The customer's reply then opens a pending ticket as any inbound message does (queue chatbot,
      // waiting list), with the campaign's message above it in the conversation. A ticket somebody
      // holds (an agent, a queue, the chatbot) is left as it is.
      await runTicketCommand(deps, ticketId, { type: 'CloseCampaignTicket' }, who(companyId));
    } catch (err) {
      if (!(err instanceof DomainError) || err.code === 'ERR_CONCURRENCY') throw err;
      return fail(`${err.code}: ${err.message}`);
    }
    return {
      type: 'RecordMessageQueued',
      ...ref,
      messageId,
      ticketId,
      variant: variant[0],
      queuedAt: new Date(queuedAt).toISOString(),
    };
  }

  /**
   * A number Zelo has no contact for: its contact, conversation and ticket (opened without agent or
   * queue and closed at once, as `deliver` leaves it), the text and the files, in one write that expects
   * none of them to exist. Null when one does (the number got a contact meanwhile, or a retried send
   * finds its message queued): nothing was written, and `deliver` reads and decides instead.
   */
  async function deliverToNewNumber(
    s: Running,
    settings: CampaignSettingsFields,
    index: number,
    number: string,
    variant: [number, string],
  ): Promise<ShipmentCommand | null> {
    const { companyId, campaignId } = s;
    const whatsappId = s.runWhatsappId as string;
    const recipient = (s.recipients as CampaignRecipient[])[index];
    const contactId = newId();
    const ticketId = newId();
    const at = deps.clock.now();
    const body = personalize(variant[1], recipient, settings.variables, {
      ticketId,
      ticketCreatedAt: at,
      now: at,
      timeZone,
    });
    const files = await attachments(s, campaignId, index);
    // What the template would still fill needs the contact read back: the reading path does that.
    if ([body, ...files.map((f) => f.body)].some(hasTemplateVariables)) return null;
    const conversation = newConversationEvents(
      {
        companyId,
        whatsappId,
        contactId,
        isGroup: false,
        ticketId,
        reason: 'created',
        status: 'open',
        userId: null,
        queueId: null,
      },
      [{ type: 'CloseCampaignTicket' }],
    );
    const ticket = { state: conversation.ticket, openedAt: at };
    const send = { companyId, ticketId, userId: null };
    const messageId = shipmentMessageId(campaignId, index);
    const messages = [
      await outboundMessageData(deps, ticket, { ...send, body, messageId, campaignText: true }),
      ...(await Promise.all(files.map((f) => outboundMessageData(deps, ticket, { ...send, ...f })))),
    ];
    // One correlation id and time; each message a millisecond after the one before (the channel sends
    // a conversation's messages in the order of their queued time).
    const correlationId = newId();
    const record = (events: DomainEvent[], actor = CAMPAIGN_ACTOR, laterMs = 0) =>
      recordable(deps, events, { companyId, actor, correlationId }).map((e) => ({
        ...e,
        metadata: { ...e.metadata, at: new Date(at.getTime() + laterMs).toISOString() },
      }));
    const streams: NewStream[] = [
      ...newContactEvents(
        companyId,
        { name: recipient.name.trim() || number, number, isGroup: false },
        contactId,
      ),
      ...conversation.streams,
    ].map((x) => ({ streamId: x.streamId, events: record(x.events) }));
    for (const [k, data] of messages.entries()) {
      const actor = k === 0 ? CAMPAIGN_ACTOR : CAMPAIGN_MEDIA_ACTOR;
      const events = record([{ type: 'OutboundMessageQueued', data }], actor, k);
      streams.push({ streamId: messageStreamId(data.messageId), events });
    }
    if (!(await createStreams(deps, streams))) return null;
    return {
      type: 'RecordMessageQueued',
      campaignId,
      companyId,
      index,
      number: recipient.number,
      messageId,
      ticketId,
      variant: variant[0],
      queuedAt: at.toISOString(),
    };
  }

  /** After the text: the file list's files (the list's message as the first one's caption), then the attachment. */
  async function attachments(s: Running, campaignId: string, index: number) {
    const out: { body: string; mediaType: MediaType; mediaUrl: string; messageId: string }[] = [];
    const list = s.fields.fileListId
      ? await getFileListForSending(pool, s.companyId, s.fields.fileListId)
      : null;
    for (const [k, f] of (list?.files ?? []).entries()) {
      const mediaType = v.is(MediaType, f.mediaType) ? f.mediaType : 'application';
      const body = (k === 0 && list?.message.trim()) || f.name;
      out.push({
        body,
        mediaType,
        mediaUrl: f.url,
        messageId: attachmentMessageId(campaignId, index, `file:${k}`),
      });
    }
    if (s.media?.mediaPath) {
      const mediaType = storedMediaRef(s.media.mediaPath, s.companyId)?.mediaType ?? 'application';
      out.push({
        body: s.media.mediaName,
        mediaType,
        mediaUrl: s.media.mediaPath,
        messageId: attachmentMessageId(campaignId, index, 'media'),
      });
    }
    return out;
  }
}
