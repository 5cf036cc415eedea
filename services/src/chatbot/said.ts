import type { AutomationReply, TicketEvent } from '@zelo/contracts/tickets/events';
import { getConnectionSettings } from '@zelo/projections/connections/queries';
import type { RecordedEvent } from '../event-store/port.ts';
import { messageStreamId, outboundMessageData } from '../messaging/handlers.ts';
import type { Actor, Deps, Handled } from '../platform/command-handler.ts';
import { expectedAfter, load, recordable, retryOnConflict } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { newId } from '../platform/ids.ts';
import type { TicketCommand } from '../tickets/domain/decide-ticket.ts';
import { decideTicket } from '../tickets/domain/decide-ticket.ts';
import { evolveTicket, type TicketState } from '../tickets/domain/ticket.ts';
import { ticketAggregate, ticketStreamId } from '../tickets/handlers.ts';

// What a ticket's own voice says to the customer (the queue chatbot's greeting and menus, the rating
// question, the closing words, a run's messages), and the one write that records it: the ticket's events
// and the messages they say, queued in the same append. The event names the messages (`messageIds`), so
// the replies reactor knows they are queued without reading anything (see replies-reactor.ts).

/** A ticket event that may say something. */
type Said = TicketEvent;

/**
 * The messages `e` says, in order. The closing words are the connection's (`whatsappId`): the
 * completion message, or the inactivity message when the ticket closed for going quiet; a campaign's
 * carrier ticket closes in silence, and a group hears no closing words.
 */
export async function wordsOf(
  pool: Pool,
  e: Said,
  whatsappOf: () => Promise<string | null>,
): Promise<AutomationReply[]> {
  switch (e.type) {
    case 'TicketBotStepped':
      return e.data.replies.map((body) => ({ body }));
    case 'TicketAutomationReplied':
      return e.data.replies;
    case 'TicketRatingRequested':
    case 'TicketRatingReasked':
      return [{ body: e.data.message }];
    case 'TicketClosed': {
      const reason = e.data.reason;
      if (!reason || reason === 'campaign') return [];
      const whatsappId = await whatsappOf();
      const connection = whatsappId ? await getConnectionSettings(pool, whatsappId) : null;
      const text = reason === 'inactive' ? connection?.expiresInactiveMessage : connection?.complationMessage;
      return text?.trim() ? [{ body: text }] : [];
    }
    default:
      return [];
  }
}

/** The ids an event named for what it says, when it queued those messages in its own write. */
export function namedMessageIds(e: Said): string[] | undefined {
  return (e.data as { messageIds?: string[] }).messageIds;
}

/**
 * Appends a ticket's decided events and the messages they say in one write (atomic on PostgreSQL; on
 * EventStoreDB the ticket's first, and the replies reactor queues what a stop in between left out).
 * `said[k]` is what `events[k]` says, under the ids that event names. Each message is queued a
 * millisecond after the one before: the channel sends a conversation's messages in that order.
 */
export async function appendSaying(
  deps: Deps,
  ticketId: string,
  known: { state: TicketState; revision: number; events: RecordedEvent[] },
  events: Said[],
  said: AutomationReply[][],
  who: Actor,
): Promise<{ state: TicketState; position: string; revision: number }> {
  const state = events.reduce((s, e) => evolveTicket(s, e as TicketEvent), known.state);
  const openedAt = known.events[0] ? new Date(known.events[0].metadata.at) : null;
  // A ticket gone has no company: outboundMessageData refuses it (ERR_NO_TICKET_FOUND).
  const companyId = state.kind === 'exists' ? state.companyId : '';
  const messages = [];
  for (const [k, replies] of said.entries()) {
    const ids = namedMessageIds(events[k]) ?? [];
    for (const [i, r] of replies.entries()) {
      const m = { companyId, ticketId, userId: null, body: r.body };
      const media = r.mediaType && r.mediaUrl ? { mediaType: r.mediaType, mediaUrl: r.mediaUrl } : {};
      messages.push(
        await outboundMessageData(deps, { state, openedAt }, { ...m, ...media, messageId: ids[i] }),
      );
    }
  }
  // One envelope run: the ticket's events and the messages share a correlation id and time.
  const recorded = recordable(
    deps,
    [...events, ...messages.map((data) => ({ type: 'OutboundMessageQueued', data }))],
    who,
  );
  const at = Date.parse(recorded[0].metadata.at);
  const [appended] = await deps.store.appendToStreams([
    {
      streamId: ticketStreamId(ticketId),
      events: recorded.slice(0, events.length),
      expected: expectedAfter(known.revision),
    },
    ...messages.map((m, i) => {
      const e = recorded[events.length + i];
      return {
        streamId: messageStreamId(m.messageId),
        events: [{ ...e, metadata: { ...e.metadata, at: new Date(at + i + 1).toISOString() } }],
        expected: 'no_stream' as const,
      };
    }),
  ]);
  return { state, position: appended.position, revision: appended.nextRevision };
}

/**
 * Runs a ticket command as `runTicketCommand` does, and queues what its events say in the same write:
 * the bot's greeting and menus, the rating question, the closing words reach the channel without a
 * reactor's turn in between.
 */
export async function runTicketCommandSaying(
  deps: Deps,
  pool: Pool,
  ticketId: string,
  command: TicketCommand,
  who: Actor,
): Promise<Handled<TicketState>> {
  return retryOnConflict(undefined, async () => {
    const known = await load(deps.store, ticketStreamId(ticketId), ticketAggregate);
    const decided: Said[] = decideTicket(command, known.state);
    if (decided.length === 0)
      return { state: known.state, revision: known.revision, appended: [], position: null };
    const whatsappOf = async () => {
      const t = known.state;
      return t.kind === 'exists' && !t.isGroup ? t.whatsappId : null;
    };
    const said = await Promise.all(decided.map((e) => wordsOf(pool, e, whatsappOf)));
    const events = decided.map((e, k) =>
      said[k].length > 0 && !namedMessageIds(e)
        ? ({ ...e, data: { ...e.data, messageIds: said[k].map(() => newId()) } } as Said)
        : e,
    );
    const r = await appendSaying(deps, ticketId, known, events, said, who);
    return { state: r.state, revision: r.revision, appended: events as TicketEvent[], position: r.position };
  });
}
