import type { Client } from '@temporalio/client';
import type { TicketTimerInput } from '@zelo/contracts/tickets/timers';
import { rearmSignal, ticketTimerWorkflow, ticketTimerWorkflowId } from './workflow.ts';

/** Arms a ticket's timer from outside Temporal (what the services' ticket-timers reactor asks for). */
export function ticketTimersClient(client: Client, taskQueue: string) {
  return {
    /** Starts the timer, or moves the running one: one timer per ticket and kind. Idempotent. */
    async arm(input: TicketTimerInput): Promise<void> {
      await client.workflow.signalWithStart(ticketTimerWorkflow, {
        workflowId: ticketTimerWorkflowId(input.kind, input.ticketId),
        taskQueue,
        args: [input],
        signal: rearmSignal,
        signalArgs: [{ dueAt: input.dueAt }],
      });
    },
  };
}
