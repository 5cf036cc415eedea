import { TicketEvent } from '@zelo/contracts/tickets/events';
import { getConnectionSettings } from '@zelo/projections/connections/queries';
import type { Projection, ProjectionEvent } from '@zelo/projections/runner';
import type { AutomationDispatcher } from '../automation/dispatcher.ts';
import { batchReads, type TriggerReads } from '../automation/trigger-reads.ts';
import type { Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { inLanes, SIGNAL_LANES } from '../platform/lanes.ts';
import { REACTORS } from '../reactors.ts';
import { botMayAnswer } from '../tickets/domain/ticket.ts';
import { loadTicket } from '../tickets/handlers.ts';
import { loadBotContext, ratingQuestion } from './context.ts';
import { answerBot, startBot } from './domain/bot.ts';
import { FollowedTickets } from './followed-tickets.ts';
import { runTicketCommandSaying } from './said.ts';

/** A customer message this old gets no bot answer (a first run over history, a long outage). */
const STALE_MS = 60 * 60 * 1000;

/** A person's move that ends the ticket's automation, and the reason the run is told. */
const TAKEOVERS = {
  TicketAccepted: 'accepted',
  TicketTransferred: 'transferred',
  TicketClosed: 'closed',
} as const;

/**
 * The one place that decides who answers a customer's message on the ticket's behalf: the rating reply
 * when the ticket waits for one, else the ticket's automation (a flow, a prompt, a Typebot, a Dialogflow
 * agent: `automation`, services/src/automation/dispatcher.ts), else the queue chatbot. A checkpointed subscriber: what it decides is recorded on the ticket's stream
 * (TicketBotStepped, TicketRated ...), and the ticket remembers which messages it answered, so a batch
 * re-applied after a crash answers nothing twice. The bot's replies are queued in the same write as its
 * step (said.ts).
 */
export function chatbotReactor(deps: Deps, pool: Pool, automation?: AutomationDispatcher): Projection {
  // The tickets' states, folded from the ticket events this reactor reads anyway.
  const tickets = new FollowedTickets(deps);
  const observeAndReact = (e: ProjectionEvent, reads: TriggerReads) => {
    tickets.observe(e);
    return react(e, reads);
  };
  return {
    name: REACTORS.chatbot,
    tables: [],
    // The customer's messages, and the ticket events its followed tickets fold.
    handles: new Set(['InboundMessageReceived', ...TicketEvent.options.map((o) => o.entries.type.literal)]),
    // Another channel worker led this reactor for a while: what it applied, this one never folded (a
    // run started there would look absent here, and its customer's answer go nowhere).
    skipped: () => tickets.clear(),
    handle: (_tx, e) => observeAndReact(e, batchReads(pool)),
    // Ticket by ticket side by side: one customer's signal to Temporal no longer waits for another's.
    // The triggers' read models are read once for the batch.
    async handleBatch(_tx, events) {
      const reads = batchReads(pool);
      await inLanes(
        events,
        (e) => ticketOf(e),
        (e) => observeAndReact(e, reads),
        SIGNAL_LANES,
      );
      return [];
    },
  };

  /**
   * Reacts, then forgets the ticket's followed state when the reaction may have written to the ticket
   * (a rating, a run started or signalled, a bot step, a takeover): the next message of the ticket may
   * come before those events in the log, and must see them, so it reads the stream again.
   */
  async function react(e: ProjectionEvent, reads: TriggerReads): Promise<void> {
    if (await reactTo(e, reads)) tickets.forget((e.data as { ticketId: string }).ticketId);
  }

  /** True when the reaction may have changed the ticket. */
  async function reactTo(e: ProjectionEvent, reads: TriggerReads): Promise<boolean> {
    if (deps.clock.now().getTime() - Date.parse(e.metadata.at) > STALE_MS) return false;
    if (e.type === 'TicketAccepted' || e.type === 'TicketTransferred' || e.type === 'TicketClosed') {
      const ticket = automation ? await loadTicket(deps, e.data.ticketId) : null;
      if (ticket?.kind === 'exists') await automation?.takenOver(ticket, TAKEOVERS[e.type]);
      return true;
    }
    // Messages typed on the business's phone are PhoneMessageSent: every inbound one is the customer's.
    if (e.type !== 'InboundMessageReceived') return false;
    const { ticketId, messageId, companyId, whatsappId, body, mediaType, mediaUrl } = e.data;
    const ticket = await tickets.get(ticketId);
    if (ticket.kind === 'none' || ticket.companyId !== companyId) return false;
    const who = { companyId, actor: 'system:chatbot', correlationId: e.metadata.correlationId };
    if (ticket.rating) {
      const connection = await getConnectionSettings(pool, whatsappId);
      await runTicketCommandSaying(
        deps,
        pool,
        ticketId,
        { type: 'AnswerRating', messageId, body, reask: ratingQuestion(connection?.ratingMessage ?? '') },
        who,
      );
      return true;
    }
    const message = { messageId, body, mediaType, mediaUrl, position: e.position };
    if (automation && (await automation.inbound(ticket, message, who, reads))) return true;
    if (!botMayAnswer(ticket)) return false;
    const ctx = await loadBotContext(pool, companyId, whatsappId, deps.clock.now());
    if (!ctx) return false;
    // The greeting or the menu goes out in the same write as the bot's step.
    const answered = await runTicketCommandSaying(
      deps,
      pool,
      ticketId,
      {
        type: 'AnswerWithBot',
        messageId,
        respond: (t) => (t.bot ? answerBot(t.bot, body, ctx, t.queueId) : startBot(ctx)),
      },
      who,
    );
    // The bot chose a queue whose integration or prompt answers: it takes the ticket at once.
    if (automation && answered.state.kind === 'exists' && answered.state.queueId !== ticket.queueId)
      await automation.queueChosen(answered.state, message, who);
    return true;
  }
}

/** The ticket an event is about ('' for the events this reactor does not handle). */
function ticketOf(e: ProjectionEvent): string {
  const ticketId = (e.data as { ticketId?: unknown }).ticketId;
  return typeof ticketId === 'string' ? ticketId : '';
}
