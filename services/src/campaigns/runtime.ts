import type { CampaignRecipient, CampaignSettingsFields } from '@zelo/contracts/campaigns/events';
import { DomainError, type ErrorCode } from '@zelo/contracts/errors';
import { normalizeWhatsappNumber } from '@zelo/contracts/external-api/api';
import { MediaType } from '@zelo/contracts/messaging/events';
import { listValidRecipients } from '@zelo/projections/contact-lists/queries';
import { getFileListForSending } from '@zelo/projections/file-lists/queries';
import { listTaggedContacts } from '@zelo/projections/tags/queries';
import * as v from 'valibot';
import { loadConnections } from '../connections/handlers.ts';
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
  commandHandler,
  createStreams,
  type Deps,
  type DomainEvent,
  type NewStream,
  recordable,
} from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { idFromName, newId } from '../platform/ids.ts';
import { inLanes } from '../platform/lanes.ts';
import { Slots } from '../platform/slots.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';
import {
  loadTicketWithOpening,
  newConversationEvents,
  runTicketCommand,
  ticketForInbound,
} from '../tickets/handlers.ts';
import type { CampaignState, ShipmentCommand } from './domain/campaign.ts';
import {
  type DailySlotsCommand,
  dailySlotsStreamId,
  decideDailySlots,
  evolveDailySlots,
  initialDailySlotsState,
  pacedNotBefore,
} from './domain/daily-slots.ts';
import { filledVariants, personalize, pickVariant } from './domain/personalize.ts';
import { loadCampaign, loadCampaignSettings, runCampaignCommand } from './handlers.ts';

// The services' side of a campaign's run (workflows/src/campaigns/run-campaign, wired by the app):
// every step decides against the campaign's stream, so a retried or replayed activity repeats nothing.

/** Who queues a campaign's message (the delivery reactor follows these), and its files. */
export const CAMPAIGN_ACTOR = 'system:campaigns';
export const CAMPAIGN_MEDIA_ACTOR = 'system:campaigns:media';

/** The message of recipient `index`: a retried send names the same message, so it is queued once. */
export const shipmentMessageId = (campaignId: string, index: number) =>
  idFromName('campaign-shipment', `${campaignId}:${index}`);
const attachmentMessageId = (campaignId: string, index: number, which: string) =>
  idFromName('campaign-shipment', `${campaignId}:${index}:${which}`);

/** Recipients of one batch queued side by side. */
const SEND_LANES = 16;
/**
 * Recipients queued at once in this process, whatever the number of campaigns: ten campaigns of 16
 * lanes each took every pooled connection, and the agents' pushes waited seconds behind them.
 */
const sendSlots = new Slots(SEND_LANES);
/**
 * Recipients queued before their writes must be in the read models: a chunk of a batch writes about
 * 400 events, which the projections apply in order, the agents' messages behind them.
 */
const CHUNK = 20;
/** Chunks written and not yet applied by the read models, in this process (any campaign). */
const pipeline = new Slots(1);

export type BatchOutcome = {
  index: number;
  outcome: 'sent' | 'failed' | 'already' | 'daily-limit' | 'stopped';
};

/** A PROGRAMADA campaign whose timer fired this early (clock skew) still starts. */
const DUE_TOLERANCE_MS = 2_000;

const takeSlot = commandHandler(
  { initialState: initialDailySlotsState, evolve: evolveDailySlots },
  (key: string) => key,
  decideDailySlots,
);

/** yyyy-mm-dd of `at` in `timeZone`. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

export interface RunSettings extends Omit<CampaignSettingsFields, 'variables'> {
  timeZone: string;
}

type Running = Extract<CampaignState, { kind: 'exists' }>;
const live = (s: CampaignState): Running | null => (s.kind === 'exists' && !s.deleted ? s : null);

export interface CampaignRuntimeOptions {
  timeZone?: string;
  /**
   * Resolves once the read models have applied the events up to `position` (or gave up waiting). A
   * batch at interval 0 waits for it before the next: the projections apply every write in order, so a
   * campaign written faster than they apply would queue the agents' own messages behind its backlog
   * (the inbound push waited 1 - 1.7 s behind a campaign of 1 000 at 170 messages/s).
   */
  caughtUp?: (position: string) => Promise<void>;
}

/** The campaign activities' handlers, on the event store and the read models they read. */
export function campaignRuntime(deps: Deps, pool: Pool, options: CampaignRuntimeOptions = {}) {
  const { timeZone = COMPANY_TIME_ZONE, caughtUp = async () => {} } = options;
  const who = (companyId: string, actor = CAMPAIGN_ACTOR): Actor => ({ companyId, actor });
  const now = () => deps.clock.now().toISOString();

  async function settingsOf(companyId: string): Promise<RunSettings> {
    const { variables: _, ...rest } = await loadCampaignSettings(deps, companyId);
    return { ...rest, timeZone };
  }

  /** The list's WhatsApp-valid items, else the tag's contacts; each number once, in the list's order. */
  async function audience(s: Running): Promise<CampaignRecipient[]> {
    const { contactListId, tagId } = s.fields;
    const all = contactListId
      ? await listValidRecipients(pool, s.companyId, contactListId)
      : tagId
        ? await listTaggedContacts(pool, s.companyId, tagId)
        : [];
    const seen = new Set<string>();
    return all.filter((r) => {
      const key = normalizeWhatsappNumber(r.number) ?? r.number;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Why a PROGRAMADA campaign cannot start now, or its recipients. */
  async function startable(s: Running): Promise<{ reason: ErrorCode } | { recipients: CampaignRecipient[] }> {
    if (filledVariants(s.fields).length === 0) return { reason: 'ERR_CAMPAIGN_NO_MESSAGES' };
    const whatsappId = s.fields.whatsappId;
    const connection = whatsappId ? (await loadConnections(deps, s.companyId)).connections[whatsappId] : null;
    if (!connection) return { reason: 'ERR_NO_WAPP_FOUND' };
    if (connection.status !== 'CONNECTED') return { reason: 'ERR_WAPP_NOT_INITIALIZED' };
    const recipients = await audience(s);
    if (recipients.length === 0) return { reason: 'ERR_CAMPAIGN_NO_RECIPIENTS' };
    return { recipients };
  }

  return {
    /** At scheduledAt: PROGRAMADA → started with its recipients, or refused; EM_ANDAMENTO resumes. */
    async startRun(campaignId: string) {
      let s = live(await loadCampaign(deps, campaignId));
      if (s?.status === 'PROGRAMADA') {
        const scheduledAt = s.fields.scheduledAt;
        if (scheduledAt && Date.parse(scheduledAt) - deps.clock.now().getTime() > DUE_TOLERANCE_MS)
          return { outcome: 'not-due' as const, scheduledAt };
        const { companyId } = s;
        const can = await startable(s);
        if ('reason' in can) {
          const refuse = { type: 'RefuseCampaignStart' as const, campaignId, companyId, reason: can.reason };
          await runCampaignCommand(deps, { ...refuse, refusedAt: now() }, who(companyId));
          return { outcome: 'refused' as const, reason: can.reason };
        }
        const whatsappId = s.fields.whatsappId as string;
        const { recipients } = can;
        const start = { type: 'StartCampaign' as const, campaignId, companyId, whatsappId, recipients };
        s = live((await runCampaignCommand(deps, { ...start, startedAt: now() }, who(companyId))).state);
      }
      if (s?.status !== 'EM_ANDAMENTO' || !s.recipients) return { outcome: 'skipped' as const };
      return {
        outcome: 'running' as const,
        total: s.recipients.length,
        nextIndex: s.nextIndex,
        settings: await settingsOf(s.companyId),
      };
    },

    async runSettings(campaignId: string): Promise<RunSettings | null> {
      const s = live(await loadCampaign(deps, campaignId));
      return s ? settingsOf(s.companyId) : null;
    },

    sendRecipient,
    sendRecipients,

    /** Retries ran out: recorded as failed, unless the recipient has a shipment already. */
    async failRecipient(campaignId: string, index: number, reason: string): Promise<void> {
      const s = live(await loadCampaign(deps, campaignId));
      const r = s?.recipients?.[index];
      if (!s || !r) return;
      const failed = { type: 'RecordShipmentFailed' as const, campaignId, companyId: s.companyId, index };
      await runCampaignCommand(
        deps,
        { ...failed, number: r.number, reason, failedAt: now() },
        who(s.companyId),
      );
    },

    async finishRun(campaignId: string): Promise<'finished' | 'stopped'> {
      const s = live(await loadCampaign(deps, campaignId));
      if (s?.status === 'FINALIZADA') return 'finished';
      if (s?.status !== 'EM_ANDAMENTO') return 'stopped';
      try {
        const finish = { type: 'FinishCampaign' as const, campaignId, companyId: s.companyId };
        await runCampaignCommand(deps, { ...finish, completedAt: now() }, who(s.companyId));
        return 'finished';
      } catch (err) {
        // Cancelled between the last send and here: the restart finishes it.
        if (err instanceof DomainError && err.code === 'ERR_CAMPAIGN_INVALID_TRANSITION') return 'stopped';
        throw err;
      }
    },
  };

  /**
   * Recipient `index`, at most once: nothing when its shipment is recorded; otherwise a daily slot (with
   * `pace`, only `pace.gapMs` after the connection's last paced message, else 'wait'), the message
   * queued (`deliver`), then the shipment. A refusal (invalid number, a DomainError on the way) is
   * recorded as the recipient's failure.
   */
  async function sendRecipient(campaignId: string, index: number, pace?: { gapMs: number }) {
    const s = live(await loadCampaign(deps, campaignId));
    if (s?.status !== 'EM_ANDAMENTO' || !s.recipients || !s.runWhatsappId)
      return { outcome: 'stopped' as const };
    if (s.shipments.has(index)) return { outcome: 'already' as const };
    if (!s.recipients[index]) return { outcome: 'stopped' as const };
    const settings = await loadCampaignSettings(deps, s.companyId);
    const limit = settings.dailyLimitPerConnection;
    if (pace && pace.gapMs > 0) {
      const refused = await takePacedSlot(s, limit, index, pace.gapMs);
      if (refused) return refused;
    } else if ((await takeSlots(s, limit, [index])).length === 0) return { outcome: 'daily-limit' as const };
    const part = await deliver(s, settings, index, await knownNumbers(s, [index]));
    await runCampaignCommand(deps, part, who(s.companyId));
    return outcomeOf(part);
  }

  /**
   * Recipients `from` … `from + count - 1` (a run at interval 0): one read of the campaign, the daily
   * slots in one append, the messages queued side by side (`SEND_LANES` at a time; each recipient is
   * its own contact and ticket), the shipments in one append. Exactly once as for one recipient: a
   * retried batch finds its messages queued under the same ids and its shipments recorded.
   * `progress` is told after each recipient (the activity's heartbeat).
   */
  async function sendRecipients(
    campaignId: string,
    from: number,
    count: number,
    progress: () => void = () => {},
  ): Promise<BatchOutcome[]> {
    const s = live(await loadCampaign(deps, campaignId));
    const indexes = Array.from({ length: count }, (_, k) => from + k);
    if (s?.status !== 'EM_ANDAMENTO' || !s.recipients || !s.runWhatsappId)
      return [{ index: from, outcome: 'stopped' }];
    const wanted = indexes.filter((i) => i < (s.recipients?.length ?? 0) && !s.shipments.has(i));
    const settings = await loadCampaignSettings(deps, s.companyId);
    const slotted = new Set(await takeSlots(s, settings.dailyLimitPerConnection, wanted));
    const known = await knownNumbers(s, wanted);
    const parts: ShipmentCommand[] = [];
    const sending = wanted.filter((i) => slotted.has(i));
    // Alive while it waits its turn behind other campaigns' chunks too, not only after each recipient.
    const beat = setInterval(progress, 2_000);
    try {
      for (let k = 0; k < sending.length; k += CHUNK) {
        // One chunk in the read models' queue at a time in this process, whatever the campaigns.
        await pipeline.run(async () => {
          const chunk: ShipmentCommand[] = [];
          await inLanes(
            sending.slice(k, k + CHUNK),
            (i) => String(i),
            async (i) => {
              chunk.push(await sendSlots.run(() => deliver(s, settings, i, known)));
              progress();
            },
            SEND_LANES,
          );
          chunk.sort((a, b) => a.index - b.index);
          const recorded = await runCampaignCommand(
            deps,
            { type: 'RecordShipments', campaignId, companyId: s.companyId, parts: chunk },
            who(s.companyId),
          );
          parts.push(...chunk);
          if (recorded.position) await caughtUp(recorded.position);
        });
      }
    } finally {
      clearInterval(beat);
    }
    const recorded = new Map(parts.map((p) => [p.index, outcomeOf(p).outcome]));
    const out: BatchOutcome[] = [];
    for (const i of indexes) {
      if (i >= (s.recipients?.length ?? 0)) break;
      const outcome = s.shipments.has(i) ? 'already' : (recorded.get(i) ?? 'daily-limit');
      out.push({ index: i, outcome });
      // The cap was reached inside the batch: the rest waits for the next day.
      if (outcome === 'daily-limit') break;
    }
    return out;
  }

  function outcomeOf(part: ShipmentCommand) {
    return part.type === 'RecordShipmentSent'
      ? { outcome: 'sent' as const, queuedAt: Date.parse(part.sentAt) }
      : { outcome: 'failed' as const };
  }

  /**
   * A paced message's slot: under the cap and `gapMs` after the connection's last paced message (any
   * campaign's). Null when taken (or held already by a retry); else why not, and when to ask again.
   */
  async function takePacedSlot(s: Running, limit: number, index: number, gapMs: number) {
    const whatsappId = s.runWhatsappId as string;
    const now = deps.clock.now();
    const day = dayIn(now, timeZone);
    const slotKey = `${s.campaignId}:${index}`;
    const take: DailySlotsCommand = {
      type: 'TakePacedSlot',
      companyId: s.companyId,
      whatsappId,
      day,
      slotKey,
      limit,
      at: now.toISOString(),
      gapMs,
    };
    const { state } = await takeSlot(deps, dailySlotsStreamId(whatsappId, day), take, who(s.companyId));
    if (state.taken.has(slotKey)) return null;
    if (limit > 0 && state.taken.size >= limit) return { outcome: 'daily-limit' as const };
    return { outcome: 'wait' as const, notBefore: pacedNotBefore(state, gapMs) };
  }

  /** The daily cap's slots for these recipients (all of them without a cap); the indexes that got one. */
  async function takeSlots(s: Running, limit: number, indexes: number[]): Promise<number[]> {
    if (limit <= 0 || indexes.length === 0) return indexes;
    const whatsappId = s.runWhatsappId as string;
    const day = dayIn(deps.clock.now(), timeZone);
    const key = (i: number) => `${s.campaignId}:${i}`;
    const take: DailySlotsCommand = {
      type: 'TakeDailySlots',
      companyId: s.companyId,
      whatsappId,
      day,
      slotKeys: indexes.map(key),
      limit,
    };
    const { state } = await takeSlot(deps, dailySlotsStreamId(whatsappId, day), take, who(s.companyId));
    return indexes.filter((i) => state.taken.has(key(i)));
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
      type: 'RecordShipmentFailed',
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
      await queueOutboundMessage(deps, { ...send, body, messageId }, who(companyId));
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
      type: 'RecordShipmentSent',
      ...ref,
      messageId,
      ticketId,
      variant: variant[0],
      sentAt: new Date(queuedAt).toISOString(),
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
      await outboundMessageData(deps, ticket, { ...send, body, messageId }),
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
      type: 'RecordShipmentSent',
      campaignId,
      companyId,
      index,
      number: recipient.number,
      messageId,
      ticketId,
      variant: variant[0],
      sentAt: at.toISOString(),
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

export type CampaignRuntime = ReturnType<typeof campaignRuntime>;
