import { DomainError } from '@zelo/contracts/errors';
import type { AutomationReply } from '@zelo/contracts/tickets/events';
import type { Projection, ProjectionEvent, ProjectionEventOf } from '@zelo/projections/runner';
import { ticketConnection } from '@zelo/projections/tickets/queries';
import { messageStreamId, queueOutboundMessage } from '../messaging/handlers.ts';
import type { Actor, Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { idFromName } from '../platform/ids.ts';
import { inLanes, REACTOR_LANES } from '../platform/lanes.ts';
import { REACTORS } from '../reactors.ts';
import { loadTicket } from '../tickets/handlers.ts';
import { namedMessageIds, wordsOf } from './said.ts';

const STALE_MS = 60 * 60 * 1000;

/** The ticket events whose automation says something to the customer. */
type AutomationEvent = ProjectionEventOf<
  | 'TicketBotStepped'
  | 'TicketRatingRequested'
  | 'TicketRatingReasked'
  | 'TicketClosed'
  | 'TicketAutomationReplied'
>;

const AUTOMATION_EVENTS: readonly string[] = [
  'TicketBotStepped',
  'TicketRatingRequested',
  'TicketRatingReasked',
  'TicketClosed',
  'TicketAutomationReplied',
] satisfies AutomationEvent['type'][];
const isAutomationEvent = (e: ProjectionEvent): e is AutomationEvent => AUTOMATION_EVENTS.includes(e.type);

/**
 * Queues what the ticket's automation said when its writer did not (said.ts): the bot's replies, a flow's
 * or an AI's messages and media, the rating question, and the closing words, for events recorded before
 * their writers queued them, or on a store whose multi-stream appends are not atomic. Each message id is
 * the one the event named, or derived from the event, so a replayed batch queues nothing new.
 */
export function repliesReactor(deps: Deps, pool: Pool): Projection {
  return {
    name: REACTORS.automationReplies,
    tables: [],
    handles: new Set(AUTOMATION_EVENTS),
    async handle(_tx, e) {
      if (isAutomationEvent(e)) for (const x of await notQueuedYet([e])) await send(x);
    },
    // Conversation by conversation side by side: a customer's messages are queued in the order they were
    // said (the channel sends a conversation's oldest first), other customers' no longer wait behind them.
    async handleBatch(_tx, events) {
      const said = await notQueuedYet(events.filter(isAutomationEvent));
      if (said.length === 0) return [];
      const contacts = await contactsOf([...new Set(said.map((e) => e.data.ticketId))]);
      await inLanes(said, (e) => contacts.get(e.data.ticketId) ?? e.data.ticketId, send, REACTOR_LANES);
      return [];
    },
  };

  /**
   * An event that named its messages (`messageIds`) queued them in its own write: on a store whose
   * multi-stream appends are atomic, nothing to read; elsewhere they are queued unless the writer stopped
   * between the ticket's append and the queue, which the last one queued tells for all (one read for the
   * whole batch). Older events named nothing: queued here.
   */
  async function notQueuedYet(said: AutomationEvent[]): Promise<AutomationEvent[]> {
    const lastId = (e: AutomationEvent) => namedMessageIds(e)?.at(-1);
    if (deps.store.atomicMultiStream) return said.filter((e) => !lastId(e));
    const named = said.map(lastId).filter((id): id is string => !!id);
    if (named.length === 0) return said;
    const reads = await deps.store.readStreams(named.map(messageStreamId));
    return said.filter((e) => {
      const id = lastId(e);
      return !id || (reads.get(messageStreamId(id))?.events.length ?? 0) === 0;
    });
  }

  /** Each ticket's contact: one query for those projected, the ticket's stream for a ticket just opened. */
  async function contactsOf(ticketIds: string[]): Promise<Map<string, string>> {
    const { rows } = await pool.query<{ id: string; contact_id: string }>(
      'SELECT id::text, contact_id::text FROM tickets WHERE id = ANY($1::uuid[])',
      [ticketIds],
    );
    const contacts = new Map(rows.map((r) => [r.id, r.contact_id]));
    const missing = ticketIds.filter((id) => !contacts.has(id));
    await inLanes(
      missing,
      (id) => id,
      async (id) => {
        const ticket = await loadTicket(deps, id);
        if (ticket.kind === 'exists') contacts.set(id, ticket.contactId);
      },
      REACTOR_LANES,
    );
    return contacts;
  }

  async function send(e: AutomationEvent): Promise<void> {
    const replies = await wordsOf(pool, e, () => whatsappOf(e.data.ticketId));
    if (replies.length === 0) return;
    if (deps.clock.now().getTime() - Date.parse(e.metadata.at) > STALE_MS) return;
    const { ticketId, companyId } = e.data;
    const who = { companyId, actor: 'system:chatbot', correlationId: e.metadata.correlationId };
    const ids = namedMessageIds(e);
    const messageIds = replies.map((_, i) => ids?.[i] ?? idFromName('ticket-automation', `${e.id}:${i}`));
    await queueReplies(deps, { companyId, ticketId, replies, messageIds }, who);
  }

  async function whatsappOf(ticketId: string): Promise<string | null> {
    const on = await ticketConnection(pool, ticketId);
    return on && !on.isGroup ? on.whatsappId : null;
  }
}
/**
 * An automation's replies queued on its ticket, one after the other (the channel sends a conversation's
 * messages in the order they were queued), each under its given id so that a repeat queues nothing new.
 * A ticket deleted since has nobody left to tell.
 */
export async function queueReplies(
  deps: Deps,
  said: { companyId: string; ticketId: string; replies: AutomationReply[]; messageIds: string[] },
  who: Actor,
): Promise<void> {
  const { companyId, ticketId } = said;
  for (const [i, { body, mediaType, mediaUrl }] of said.replies.entries()) {
    try {
      await queueOutboundMessage(
        deps,
        {
          companyId,
          ticketId,
          userId: null,
          body,
          ...(mediaType && mediaUrl ? { mediaType, mediaUrl } : {}),
          messageId: said.messageIds[i],
        },
        who,
      );
    } catch (err) {
      if (err instanceof DomainError && err.code === 'ERR_NO_TICKET_FOUND') return;
      throw err;
    }
  }
}
