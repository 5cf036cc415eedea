import { condition, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { TicketTimerInput, TicketTimerKind } from '@zelo/contracts/tickets/timers';
import type { TicketTimerActivities } from './activities.ts';

export const ticketTimerWorkflowId = (kind: TicketTimerKind, ticketId: string) =>
  `ticket-${kind}-${ticketId}`;
/** Moves the timer (an agent wrote again: the inactivity clock restarts). */
export const rearmSignal = defineSignal<[{ dueAt: string }]>('rearm');

const { ticketTimerFired } = proxyActivities<TicketTimerActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export async function ticketTimerWorkflow(input: TicketTimerInput): Promise<void> {
  let due = Date.parse(input.dueAt);
  setHandler(rearmSignal, ({ dueAt }) => {
    due = Date.parse(dueAt);
  });
  // Workflow time is deterministic; wake early when re-armed and wait for the new time.
  for (let target = due; target > Date.now(); target = due) {
    await condition(() => due !== target, target - Date.now());
  }
  await ticketTimerFired({ ...input, dueAt: new Date(due).toISOString() });
}
