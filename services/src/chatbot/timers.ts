import type { TicketTimerInput, TicketTimerKind } from '@zelo/contracts/tickets/timers';
import { getConnectionSettings } from '@zelo/projections/connections/queries';
import type { Projection } from '@zelo/projections/runner';
import { runningSlaClocks } from '@zelo/projections/sla/queries';
import { lastMessageOf } from '@zelo/projections/tickets/queries';
import type { Actor, Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { REACTORS } from '../reactors.ts';
import type { TicketCommand } from '../tickets/domain/decide-ticket.ts';
import { botIsActive } from '../tickets/domain/ticket.ts';
import { loadTicket } from '../tickets/handlers.ts';
import { runTicketCommandSaying } from './said.ts';

const MINUTE = 60_000;
/** A timer whose moment is this far gone is history, not something to act on now. */
const STALE_MS = 60 * MINUTE;

/** A ticket's durable timers, kept outside this package (Temporal's, wired by the app). */
export interface TicketTimers {
  /** Sets the ticket's timer of this kind, or moves the one already set: one per ticket and kind. */
  arm(timer: TicketTimerInput): Promise<void>;
}

/**
 * Arms the ticket's durable timers from its events (a checkpointed subscriber like a projection):
 * the bot's time limit when the bot speaks, the transfer of an unanswered ticket when it is created,
 * the inactivity close each time an agent writes (re-arming moves it later). Arming is idempotent.
 */
export function ticketTimersReactor(timers: TicketTimers, pool: Pool, deps: Deps): Projection {
  const arm = async (kind: TicketTimerKind, ticketId: string, dueAt: number) => {
    if (dueAt < deps.clock.now().getTime() - STALE_MS) return;
    await timers.arm({ ticketId, kind, dueAt: new Date(dueAt).toISOString() });
  };
  return {
    name: REACTORS.ticketTimers,
    tables: [],
    async handle(_tx, e) {
      const at = Date.parse(e.metadata.at);
      switch (e.type) {
        case 'TicketBotStepped': {
          const d = e.data;
          if (d.bot.stage !== 'queues' && d.bot.stage !== 'options') return;
          const c = await getConnectionSettings(pool, await whatsappOf(d.ticketId));
          if (c && c.timeUseBotQueues > 0)
            await arm('botTimeout', d.ticketId, Date.parse(d.bot.startedAt) + c.timeUseBotQueues * MINUTE);
          return;
        }
        case 'TicketCreated': {
          const d = e.data;
          if (d.status !== 'pending') return;
          const c = await getConnectionSettings(pool, d.whatsappId);
          if (c && c.timeToTransfer > 0 && c.transferQueueId)
            await arm('transfer', d.ticketId, at + c.timeToTransfer * MINUTE);
          return;
        }
        case 'OutboundMessageQueued': {
          const d = e.data;
          if (!d.userId) return;
          const c = await getConnectionSettings(pool, d.whatsappId);
          if (c && c.expiresTicket > 0) await arm('expire', d.ticketId, at + c.expiresTicket * MINUTE);
          return;
        }
      }
    },
  };

  async function whatsappOf(ticketId: string): Promise<string> {
    const t = await loadTicket(deps, ticketId);
    return t.kind === 'exists' ? t.whatsappId : '';
  }
}

/**
 * What the ticket timer's activity reads and does (workflows' createTicketTimerActivities): the ticket
 * as its stream tells it, its connection's settings, its last message, its SLA clocks (sla/timers.ts
 * arms that kind), and the ticket's commands.
 */
export function ticketTimerHandlers(deps: Deps, pool: Pool) {
  return {
    clock: deps.clock,
    async loadTicket(ticketId: string) {
      const ticket = await loadTicket(deps, ticketId);
      if (ticket.kind === 'none' || ticket.deleted) return null;
      const { companyId, whatsappId, status } = ticket;
      const botStartedAt = botIsActive(ticket) && ticket.bot ? ticket.bot.startedAt : null;
      return { companyId, whatsappId, status, botStartedAt };
    },
    connectionSettings: (whatsappId: string) => getConnectionSettings(pool, whatsappId),
    lastMessage: (ticketId: string) => lastMessageOf(pool, ticketId),
    slaClocks: (ticketId: string) => runningSlaClocks(pool, ticketId),
    // An inactive ticket's closing words, an unanswered rating's close: queued in the same write.
    runTicketCommand: (ticketId: string, command: TicketCommand, who: Actor) =>
      runTicketCommandSaying(deps, pool, ticketId, command, who),
  };
}
