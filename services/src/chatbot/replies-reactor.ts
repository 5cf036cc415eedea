import { DomainError } from '@zelo/contracts/errors';
import type { AutomationReply } from '@zelo/contracts/tickets/events';
import { getConnectionSettings } from '@zelo/projections/connections/queries';
import type { Projection, ProjectionEvent, ProjectionEventOf } from '@zelo/projections/runner';
import { ticketConnection } from '@zelo/projections/tickets/queries';
import { queueOutboundMessage } from '../messaging/handlers.ts';
import type { Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { idFromName } from '../platform/ids.ts';
import { REACTORS } from '../reactors.ts';
import { loadTicket } from '../tickets/handlers.ts';
import { inLanes, REACTOR_LANES } from './lanes.ts';

const STALE_MS = 60 * 60 * 1000;

/** The ticket events whose automation says something to the customer. */
type AutomationEvent = ProjectionEventOf<
  | 'TicketBotStepped'
  | 'TicketRatingRequested'
  | 'TicketRatingReasked'
  | 'TicketClosed'
  | 'TicketAutomationReplied'
>;

const isAutomationEvent = (e: ProjectionEvent): e is AutomationEvent =>
  e.type === 'TicketBotStepped' ||
  e.type === 'TicketRatingRequested' ||
  e.type === 'TicketRatingReasked' ||
  e.type === 'TicketClosed' ||
  e.type === 'TicketAutomationReplied';

/**
 * Sends what the ticket's automation said: the bot's replies, a flow's or an AI's messages and media,
 * the rating question, and the closing words (the completion message, or the inactivity message for an auto-closed ticket). Each message id
 * is derived from the event that said it, so a replayed batch queues nothing new.
 */
export function repliesReactor(deps: Deps, pool: Pool): Projection {
  return {
    name: REACTORS.automationReplies,
    tables: [],
    async handle(_tx, e) {
      if (isAutomationEvent(e)) await send(e);
    },
    // Conversation by conversation side by side: a customer's messages are queued in the order they were
    // said (the channel sends a conversation's oldest first), other customers' no longer wait behind them.
    async handleBatch(_tx, events) {
      const said = events.filter(isAutomationEvent);
      if (said.length === 0) return [];
      const contacts = await contactsOf([...new Set(said.map((e) => e.data.ticketId))]);
      await inLanes(said, (e) => contacts.get(e.data.ticketId) ?? e.data.ticketId, send, REACTOR_LANES);
      return [];
    },
  };

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
    const texts = await textsFor(e);
    if (texts.length === 0) return;
    if (deps.clock.now().getTime() - Date.parse(e.metadata.at) > STALE_MS) return;
    const { ticketId, companyId } = e.data;
    const who = { companyId, actor: 'system:chatbot', correlationId: e.metadata.correlationId };
    for (const [i, reply] of texts.entries()) {
      const { body, mediaType, mediaUrl } =
        typeof reply === 'string' ? { body: reply } : (reply as AutomationReply);
      try {
        await queueOutboundMessage(
          deps,
          {
            companyId,
            ticketId,
            userId: null,
            body,
            ...(mediaType && mediaUrl ? { mediaType, mediaUrl } : {}),
            messageId: idFromName('ticket-automation', `${e.id}:${i}`),
          },
          who,
        );
      } catch (err) {
        // The ticket was deleted since: there is nobody left to tell.
        if (err instanceof DomainError && err.code === 'ERR_NO_TICKET_FOUND') return;
        throw err;
      }
    }
  }

  async function textsFor(e: AutomationEvent): Promise<(string | AutomationReply)[]> {
    switch (e.type) {
      case 'TicketBotStepped':
        return e.data.replies;
      case 'TicketAutomationReplied':
        return e.data.replies;
      case 'TicketRatingRequested':
      case 'TicketRatingReasked':
        return [e.data.message];
      case 'TicketClosed': {
        const reason = e.data.reason;
        // A campaign's carrier ticket closes in silence: the customer only got the campaign's message.
        if (!reason || reason === 'campaign') return [];
        const whatsappId = await whatsappOf(e.data.ticketId);
        const connection = whatsappId ? await getConnectionSettings(pool, whatsappId) : null;
        const text =
          reason === 'inactive' ? connection?.expiresInactiveMessage : connection?.complationMessage;
        return text?.trim() ? [text] : [];
      }
    }
  }

  async function whatsappOf(ticketId: string): Promise<string | null> {
    const on = await ticketConnection(pool, ticketId);
    return on && !on.isGroup ? on.whatsappId : null;
  }
}
