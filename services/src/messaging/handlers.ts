import { DomainError } from '@zelo/contracts/errors';
import type { MediaType } from '@zelo/contracts/messaging/events';
import type { ChannelInbound } from '../channels/port.ts';
import { ensureContact, loadContact } from '../contacts/handlers.ts';
import { type EventStore, WrongExpectedRevisionError } from '../event-store/port.ts';
import {
  type Actor,
  commandHandler,
  type Deps,
  type Loaded,
  latestPosition,
  load,
  recordable,
} from '../platform/command-handler.ts';
import { idFromName, newId } from '../platform/ids.ts';
import { RecentlyUsed } from '../platform/recently-used.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';
import type { TicketState } from '../tickets/domain/ticket.ts';
import { loadTicketWithOpening, ticketForInbound } from '../tickets/handlers.ts';
import {
  decideMessage,
  evolveMessage,
  initialMessageState,
  type MessageCommand,
  type MessageState,
} from './domain/message.ts';
import { fillTemplate, hasTemplateVariables } from './domain/template.ts';
import { KnownConversations } from './known-conversations.ts';

export const messageStreamId = (messageId: string) => `message-${messageId}`;
const messageAggregate = { initialState: initialMessageState, evolve: evolveMessage };

export const runMessageCommand = commandHandler(messageAggregate, messageStreamId, decideMessage);

/** How many sent messages a process remembers for their receipts. */
const SENT_REMEMBERED = 20_000;
const sentLately = new WeakMap<EventStore, RecentlyUsed<string, Loaded<MessageState>>>();
const sentOn = (store: EventStore) => {
  const sent = sentLately.get(store) ?? new RecentlyUsed<string, Loaded<MessageState>>(SENT_REMEMBERED);
  sentLately.set(store, sent);
  return sent;
};

/**
 * Records what the channel said of an outbound message this process sent (sent, failed, a receipt),
 * deciding from the stream as this process last left it when it remembers it: the append checks that
 * nothing came since (its expected revision), and only then does the command read the stream. The
 * phone's two receipts of each message no longer read its stream.
 */
export async function recordOutboundOutcome(
  deps: Deps,
  messageId: string,
  command: Extract<MessageCommand, { type: 'RecordSent' | 'RecordFailed' | 'RecordAck' }>,
  who: Actor,
  known?: Loaded<MessageState>,
) {
  const sent = sentOn(deps.store);
  const hint = known ?? sent.get(messageId);
  const r = await runMessageCommand(deps, messageId, command, who, hint ? { known: hint } : {});
  if (r.state.kind === 'exists') sent.set(messageId, { state: r.state, revision: r.revision, events: [] });
  return r;
}

/** Inbound message ids are derived from the WhatsApp id, so a redelivery is the same stream. */
export const inboundMessageId = (whatsappId: string, waMessageId: string) =>
  idFromName(`wa-in:${whatsappId}`, waMessageId);

/** Outbound WhatsApp ids are derived from our message id, so an ack can be traced back without a lookup. */
export const outboundWaMessageId = (messageId: string) =>
  `ZELO${messageId.replaceAll('-', '').toUpperCase()}`;
export function messageIdFromWaId(waMessageId: string): string | null {
  const m = /^ZELO([0-9A-F]{32})$/.exec(waMessageId);
  if (!m) return null;
  const h = m[1].toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The message a WhatsApp id names on a connection: Zelo's own sends carry their message id in the
 * WhatsApp id; customers' and phone-typed messages are derived from (connection, WhatsApp id).
 */
export const messageIdOnConnection = (whatsappId: string, waMessageId: string) =>
  messageIdFromWaId(waMessageId) ?? inboundMessageId(whatsappId, waMessageId);

/** The recorded message a WhatsApp id names on this connection of this company, if Zelo knows it. */
async function knownMessage(deps: Deps, companyId: string, whatsappId: string, waMessageId: string) {
  const messageId = messageIdOnConnection(whatsappId, waMessageId);
  const { state } = await load(deps.store, messageStreamId(messageId), messageAggregate);
  if (state.kind === 'none' || state.ref.companyId !== companyId || state.ref.whatsappId !== whatsappId)
    return null;
  return { messageId, state };
}

/** A channel's message once Zelo knows its company; its time as the ISO string events carry. */
export type InboundMessage = Omit<ChannelInbound, 'timestamp'> & { companyId: string; receivedAt: string };

/**
 * A message from the channel: stored as an event before anything else acknowledges it, deduplicated by
 * its WhatsApp id, joined to the contact's active ticket or a new pending one.
 *
 * A message typed on the business's phone (`fromMe`) goes the same way, as Whaticket does: on the
 * contact's active ticket, or on a new pending ticket when none is open, so that the customer's answer
 * lands in a conversation that shows what they answer to. It is the business's message (right side,
 * no agent), never counted unread, never queued for sending (WhatsApp delivered it already), and it
 * is not a customer message for anything reacting to those. The echo of a message Zelo sent itself
 * (its WhatsApp id is Zelo's) is already recorded as outbound and ignored.
 */
export async function receiveInboundMessage(
  deps: Deps,
  m: InboundMessage,
  who: Actor,
  known?: KnownConversations,
) {
  const zeloId = m.fromMe ? messageIdFromWaId(m.waMessageId) : null;
  if (zeloId) return { messageId: zeloId, ticketId: null, duplicate: true, position: null };
  const messageId = inboundMessageId(m.whatsappId, m.waMessageId);
  const key = KnownConversations.key(m.companyId, m.whatsappId, m.from.number);
  // A quoted message needs a lookup: only plain messages take the one-append path.
  const quick =
    known && !m.quotedWaMessageId ? await recordOnKnown(deps, m, who, known, key, messageId) : null;
  if (quick) return quick;
  const existing = await load(deps.store, messageStreamId(messageId), messageAggregate);
  if (existing.state.kind === 'exists') {
    return { messageId, ticketId: existing.state.ref.ticketId, duplicate: true, position: null };
  }
  // On the business's own messages WhatsApp names the phone's owner, not the customer: a contact made
  // from one is named by its number. A group keeps its own name (the adapter passes the group's).
  const from = m.fromMe && !m.from.isGroup ? { ...m.from, name: m.from.number } : m.from;
  const contact = await ensureContact(deps, m.companyId, from, who);
  const ticket = await ticketForInbound(
    deps,
    {
      companyId: m.companyId,
      whatsappId: m.whatsappId,
      contactId: contact.contactId,
      isGroup: m.from.isGroup,
    },
    who,
  );
  const quoted = m.quotedWaMessageId
    ? await knownMessage(deps, m.companyId, m.whatsappId, m.quotedWaMessageId)
    : null;
  const command = inboundCommand(m, {
    messageId,
    contactId: contact.contactId,
    ticketId: ticket.ticketId,
    quotedMsgId: quoted?.messageId ?? null,
  });
  const r = await runMessageCommand(deps, messageId, command, who, { known: existing });
  // The next message of this conversation can skip the reads (kept only if the streams agree).
  if (known && r.appended.length > 0)
    await known
      .learn(deps, key, {
        companyId: m.companyId,
        whatsappId: m.whatsappId,
        number: m.from.number,
        contactId: contact.contactId,
        ticketId: ticket.ticketId,
      })
      .catch(() => known.forget(key));
  return {
    messageId,
    ticketId: ticket.ticketId,
    duplicate: r.appended.length === 0,
    position: latestPosition(deps.store, contact.position, ticket.position, r.position),
  };
}

/**
 * The one-append path: a conversation this process knows gets the message with checks on the streams
 * that decided it. When a checked stream moved (the chatbot stepped the ticket), the four streams are
 * read again in one query and, if they still name the same contact and active ticket, the message goes
 * with the new checks. Null when the full path must decide (unknown, closed, moved, or a redelivery).
 */
async function recordOnKnown(
  deps: Deps,
  m: InboundMessage,
  who: Actor,
  known: KnownConversations,
  key: string,
  messageId: string,
) {
  const at = { companyId: m.companyId, whatsappId: m.whatsappId, number: m.from.number };
  let current = known.get(key);
  for (let attempt = 1; current && attempt <= 2; attempt++) {
    const { contactId, ticketId, checks } = current;
    const command = inboundCommand(m, { messageId, contactId, ticketId, quotedMsgId: null });
    const events = recordable(deps, decideMessage(command, initialMessageState()), who);
    try {
      const [appended] = await deps.store.appendToStreams(
        [{ streamId: messageStreamId(messageId), events, expected: 'no_stream' }],
        checks,
      );
      return { messageId, ticketId, duplicate: false, position: appended.position };
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err;
      // The message exists already (a redelivery): the full path finds it.
      if (err.streamId === messageStreamId(messageId)) break;
      current = await known.refresh(deps, key, current, at);
    }
  }
  known.forget(key);
  return null;
}

/** The command recording an inbound (or phone-typed) message on its contact's ticket. */
function inboundCommand(
  m: InboundMessage,
  ids: { messageId: string; contactId: string; ticketId: string; quotedMsgId: string | null },
): MessageCommand {
  const common = {
    ...ids,
    companyId: m.companyId,
    whatsappId: m.whatsappId,
    body: m.body,
    mediaType: m.mediaType,
    mediaUrl: m.mediaUrl,
    waMessageId: m.waMessageId,
  };
  return m.fromMe
    ? { type: 'RecordPhoneMessage', message: { ...common, sentAt: m.receivedAt } }
    : {
        type: 'ReceiveInbound',
        message: { ...common, senderName: m.senderName ?? m.from.name, receivedAt: m.receivedAt },
      };
}

export interface OutboundMessage {
  companyId: string;
  ticketId: string;
  userId: string | null;
  body: string;
  mediaType?: MediaType;
  mediaUrl?: string | null;
  quotedMsgId?: string | null;
  /** Workflows pass a stable id so that a retried activity queues the message once. */
  messageId?: string;
  /** Sent by the product in a person's name (greeting, notice, scheduled send): no SLA answer. */
  automatic?: boolean;
  /** A campaign's text to one recipient, whose fate the campaign follows (campaigns/delivery-reactor). */
  campaignText?: boolean;
}

/** An agent's reply: recorded as queued; the delivery worker sends it through the channel. */
export async function queueOutboundMessage(
  deps: Deps,
  m: OutboundMessage,
  who: Actor,
  opts: { requireOpen?: boolean } = {},
) {
  const { state, openedAt } = await loadTicketWithOpening(deps, m.ticketId);
  const message = await outboundMessageData(deps, { state, openedAt }, m, opts);
  // A message id named by the caller is nearly always new: append as to a new stream, and only a
  // repeat (the stream exists) pays for reading it and deciding nothing.
  const fresh = { state: messageAggregate.initialState(), revision: -1, events: [] };
  const r = await runMessageCommand(deps, message.messageId, { type: 'QueueOutbound', message }, who, {
    known: fresh,
  });
  return { messageId: message.messageId, position: r.position };
}

/**
 * What an outbound message on `ticket` records (OutboundMessageQueued's data): the ticket must exist
 * (and be open, with `requireOpen`); the message variables are replaced here, once, for every sender.
 */
export async function outboundMessageData(
  deps: Deps,
  { state: ticket, openedAt }: { state: TicketState; openedAt: Date | null },
  m: OutboundMessage,
  opts: { requireOpen?: boolean } = {},
) {
  if (ticket.kind === 'none' || ticket.deleted || ticket.companyId !== m.companyId) {
    throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
  }
  if (opts.requireOpen && ticket.status !== 'open') {
    throw new DomainError('ERR_TICKET_NOT_OPEN', 'accept or reopen the ticket before sending');
  }
  let body = m.body;
  if (hasTemplateVariables(body)) {
    const contact = await loadContact(deps, ticket.contactId);
    const now = deps.clock.now();
    body = fillTemplate(body, {
      contactName: contact.kind === 'exists' ? (contact.name ?? '') : '',
      ticketId: ticket.ticketId,
      ticketCreatedAt: openedAt ?? now,
      now,
      timeZone: COMPANY_TIME_ZONE,
    });
  }
  const messageId = m.messageId ?? newId();
  return {
    messageId,
    companyId: m.companyId,
    ticketId: m.ticketId,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    body,
    mediaType: m.mediaType ?? ('chat' as const),
    mediaUrl: m.mediaUrl ?? null,
    quotedMsgId: m.quotedMsgId ?? null,
    userId: m.userId,
    waMessageId: outboundWaMessageId(messageId),
    ...(m.automatic ? { automatic: true as const } : {}),
    ...(m.campaignText ? { campaignText: true as const } : {}),
  };
}

/**
 * WhatsApp reports an edit or a delete-for-everyone of the message `waMessageId` on a connection.
 * A message Zelo does not know there (older than Zelo, another connection's) is a no-op.
 */
export async function recordChannelChange(
  deps: Deps,
  companyId: string,
  whatsappId: string,
  waMessageId: string,
  change: { type: 'edit'; body: string; at: string } | { type: 'revoke' },
  who: Actor,
) {
  const known = await knownMessage(deps, companyId, whatsappId, waMessageId);
  if (!known) return { messageId: null, position: null };
  const command: MessageCommand =
    change.type === 'edit'
      ? { type: 'RecordEdit', whatsappId, body: change.body, editedAt: change.at }
      : { type: 'RecordRevoke', whatsappId };
  const r = await runMessageCommand(deps, known.messageId, command, who);
  return { messageId: known.messageId, position: r.position };
}

/** A delivery tick from the channel, for Zelo's sends and for messages typed on the phone. */
export async function recordChannelAck(
  deps: Deps,
  companyId: string | null,
  whatsappId: string,
  waMessageId: string,
  ack: number,
  who: Actor,
) {
  const zeloId = messageIdFromWaId(waMessageId);
  if (zeloId) return recordOutboundOutcome(deps, zeloId, { type: 'RecordAck', ack }, who);
  // Customers' messages get no ticks; only the business's phone-typed ones are worth a lookup.
  if (!companyId) return null;
  const known = await knownMessage(deps, companyId, whatsappId, waMessageId);
  if (known?.state.kind !== 'exists' || !known.state.fromPhone) return null;
  return runMessageCommand(deps, known.messageId, { type: 'RecordAck', ack }, who);
}

export async function loadMessage(deps: Deps, messageId: string) {
  return (await load(deps.store, messageStreamId(messageId), messageAggregate)).state;
}
