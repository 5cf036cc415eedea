import type { ConnectionSettings } from '@zelo/contracts/connections/read-models';
import { nextSlaAlertAt, slaAlertsDue, type TimedSlaClock } from '@zelo/contracts/sla/alerts';
import type { TicketTimerCommand } from '@zelo/contracts/tickets/commands';
import type { TicketTimerInput } from '@zelo/contracts/tickets/timers';

const MINUTE = 60_000;

/** The ticket as its stream tells it, as much of it as a fired timer needs; null when gone. */
export interface TimedTicket {
  companyId: string;
  whatsappId: string;
  status: string;
  /** When the bot took the ticket, while it still holds it; null otherwise. */
  botStartedAt: string | null;
}

/** The connection's automation settings (minutes; 0 turns a timer off). */
export type TimerSettings = Pick<
  ConnectionSettings,
  'timeUseBotQueues' | 'timeToTransfer' | 'transferQueueId' | 'expiresTicket'
>;

/** The services' ticket handlers the activity needs (the app wires the real ones). */
export interface TicketTimerActivityDeps {
  clock: { now(): Date };
  loadTicket(ticketId: string): Promise<TimedTicket | null>;
  connectionSettings(whatsappId: string): Promise<TimerSettings | null>;
  /** The ticket's last message: who wrote it and when. */
  lastMessage(ticketId: string): Promise<{ fromMe: boolean; at: Date } | null>;
  /** The ticket's SLA clocks that have not stopped, as the SLA read model keeps them. */
  slaClocks(ticketId: string): Promise<TimedSlaClock[]>;
  runTicketCommand(
    ticketId: string,
    command: TicketTimerCommand,
    who: { companyId: string; actor: string },
  ): Promise<unknown>;
}

export function createTicketTimerActivities(deps: TicketTimerActivityDeps) {
  /** Records every warning and breach due now, once per clock (the ticket's command checks). */
  async function slaTimerFired(ticketId: string, who: { companyId: string; actor: string }, now: number) {
    const clocks = await deps.slaClocks(ticketId);
    const alerts = slaAlertsDue(clocks, now);
    if (alerts.length) await deps.runTicketCommand(ticketId, { type: 'RecordSlaAlerts', alerts }, who);
    return nextSlaAlertAt(clocks, now);
  }

  return {
    /**
     * What a fired timer does, decided against the ticket and its connection as they are now. An `sla`
     * timer answers the next instant its clocks will need it (the breach after a warning), or null.
     */
    // biome-ignore lint/suspicious/noConfusingVoidType: the other kinds answer nothing (their fakes too)
    async ticketTimerFired({ ticketId, kind }: TicketTimerInput): Promise<string | null | void> {
      const ticket = await deps.loadTicket(ticketId);
      if (!ticket) return;
      const who = { companyId: ticket.companyId, actor: `system:timer:${kind}` };
      const now = deps.clock.now().getTime();
      if (kind === 'sla') return slaTimerFired(ticketId, who, now);
      const connection = await deps.connectionSettings(ticket.whatsappId);
      if (!connection) return;
      switch (kind) {
        case 'botTimeout': {
          const limit = connection.timeUseBotQueues * MINUTE;
          if (limit > 0 && ticket.botStartedAt && Date.parse(ticket.botStartedAt) + limit <= now)
            await deps.runTicketCommand(ticketId, { type: 'EndBot', reason: 'timeout' }, who);
          return;
        }
        case 'transfer':
          if (connection.timeToTransfer > 0 && connection.transferQueueId)
            await deps.runTicketCommand(
              ticketId,
              { type: 'TransferUnanswered', queueId: connection.transferQueueId },
              who,
            );
          return;
        case 'expire': {
          if (connection.expiresTicket <= 0 || ticket.status !== 'open') return;
          // Closes only if the agent still has the last word and it is old enough.
          const last = await deps.lastMessage(ticketId);
          if (last?.fromMe && last.at.getTime() + connection.expiresTicket * MINUTE <= now)
            await deps.runTicketCommand(ticketId, { type: 'CloseInactive' }, who);
          return;
        }
      }
    },
  };
}

export type TicketTimerActivities = ReturnType<typeof createTicketTimerActivities>;
