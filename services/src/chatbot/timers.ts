import type { Client } from '@temporalio/client';
import type { Projection } from '@zelo/projections/runner';
import {
  rearmSignal,
  type TicketTimerInput,
  type TicketTimerKind,
  ticketTimerWorkflow,
  ticketTimerWorkflowId,
} from '@zelo/workflows/tickets/ticket-timer';
import type { Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { REACTORS } from '../reactors.ts';
import { botIsActive } from '../tickets/domain/ticket.ts';
import { loadTicket, runTicketCommand } from '../tickets/handlers.ts';
import { connectionSettings } from './context.ts';

const MINUTE = 60_000;
/** A timer whose moment is this far gone is history, not something to act on now. */
const STALE_MS = 60 * MINUTE;

/**
 * Arms the ticket's durable timers from its events (a checkpointed subscriber like a projection):
 * the bot's time limit when the bot speaks, the transfer of an unanswered ticket when it is created,
 * the inactivity close each time an agent writes (re-arming moves it later). Arming is idempotent.
 */
export function ticketTimersReactor(client: Client, pool: Pool, deps: Deps, taskQueue = 'zelo'): Projection {
  const arm = async (kind: TicketTimerKind, ticketId: string, dueAt: number) => {
    if (dueAt < deps.clock.now().getTime() - STALE_MS) return;
    const input: TicketTimerInput = { ticketId, kind, dueAt: new Date(dueAt).toISOString() };
    await client.workflow.signalWithStart(ticketTimerWorkflow, {
      workflowId: ticketTimerWorkflowId(kind, ticketId),
      taskQueue,
      args: [input],
      signal: rearmSignal,
      signalArgs: [{ dueAt: input.dueAt }],
    });
  };
  return {
    name: REACTORS.ticketTimers,
    tables: [],
    async handle(_tx, e) {
      const d = e.data;
      const at = Date.parse(e.metadata.at);
      switch (e.type) {
        case 'TicketBotStepped': {
          if (d.bot.stage !== 'queues' && d.bot.stage !== 'options') return;
          const c = await connectionSettings(pool, await whatsappOf(d.ticketId));
          if (c && c.timeUseBotQueues > 0)
            await arm('botTimeout', d.ticketId, Date.parse(d.bot.startedAt) + c.timeUseBotQueues * MINUTE);
          return;
        }
        case 'TicketCreated': {
          if (d.status !== 'pending') return;
          const c = await connectionSettings(pool, d.whatsappId);
          if (c && c.timeToTransfer > 0 && c.transferQueueId)
            await arm('transfer', d.ticketId, at + c.timeToTransfer * MINUTE);
          return;
        }
        case 'OutboundMessageQueued': {
          if (!d.userId) return;
          const c = await connectionSettings(pool, d.whatsappId);
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

/** What a fired timer does, decided against the ticket and its connection as they are now. */
export function ticketTimerActivities(deps: Deps, pool: Pool) {
  return {
    async ticketTimerFired({ ticketId, kind }: TicketTimerInput): Promise<void> {
      const ticket = await loadTicket(deps, ticketId);
      if (ticket.kind === 'none' || ticket.deleted) return;
      const connection = await connectionSettings(pool, ticket.whatsappId);
      if (!connection) return;
      const who = { companyId: ticket.companyId, actor: `system:timer:${kind}` };
      const now = deps.clock.now().getTime();
      switch (kind) {
        case 'botTimeout': {
          const limit = connection.timeUseBotQueues * MINUTE;
          if (
            limit > 0 &&
            botIsActive(ticket) &&
            ticket.bot &&
            Date.parse(ticket.bot.startedAt) + limit <= now
          )
            await runTicketCommand(deps, ticketId, { type: 'EndBot', reason: 'timeout' }, who);
          return;
        }
        case 'transfer':
          if (connection.timeToTransfer > 0 && connection.transferQueueId)
            await runTicketCommand(
              deps,
              ticketId,
              { type: 'TransferUnanswered', queueId: connection.transferQueueId },
              who,
            );
          return;
        case 'expire': {
          if (connection.expiresTicket <= 0 || ticket.status !== 'open') return;
          // Closes only if the agent still has the last word and it is old enough.
          const { rows } = await pool.query(
            'SELECT from_me, created_at FROM messages WHERE ticket_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
            [ticketId],
          );
          const last = rows[0];
          if (last?.from_me && last.created_at.getTime() + connection.expiresTicket * MINUTE <= now)
            await runTicketCommand(deps, ticketId, { type: 'CloseInactive' }, who);
          return;
        }
      }
    },
  };
}
