import { condition, defineSignal, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { TicketTimerInput, TicketTimerKind } from '@zelo/contracts/tickets/timers';
import type { TicketTimerActivities } from './activities.ts';

export const ticketTimerWorkflowId = (kind: TicketTimerKind, ticketId: string) =>
  `ticket-${kind}-${ticketId}`;
/** Moves the timer (an agent wrote again: the inactivity clock restarts). */
export const rearmSignal = defineSignal<[{ dueAt: string }]>('rearm');
/**
 * Keeps waiting after firing when there is a next instant: the activity named one (an SLA clock's
 * breach after its warning), or a re-arm arrived while it ran. Runs from before it end after firing.
 */
export const WAIT_AGAIN_AFTER_FIRING = 'ticket-timer-wait-again-after-firing';
/** An instant the activity names that is not later than now is tried again after this much. */
const RETRY_MS = 1_000;

const { ticketTimerFired } = proxyActivities<TicketTimerActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export async function ticketTimerWorkflow(input: TicketTimerInput): Promise<void> {
  let due = Date.parse(input.dueAt);
  setHandler(rearmSignal, ({ dueAt }) => {
    due = Date.parse(dueAt);
  });
  for (;;) {
    // Workflow time is deterministic; wake early when re-armed and wait for the new time.
    for (let target = due; target > Date.now(); target = due) {
      await condition(() => due !== target, target - Date.now());
    }
    const fired = due;
    const next = await ticketTimerFired({ ...input, dueAt: new Date(fired).toISOString() });
    // A re-arm during the activity (its own events led to it) or the next instant it named must not be
    // lost by ending here. An instant the activity's clock had not reached yet (clocks of two machines
    // differ) is tried a moment later rather than at once, again and again.
    const named = next ? Date.parse(next) : null;
    const later = [
      ...(due !== fired ? [due] : []),
      ...(named === null ? [] : [named > Date.now() ? named : Date.now() + RETRY_MS]),
    ];
    if (later.length === 0 || !patched(WAIT_AGAIN_AFTER_FIRING)) return;
    due = Math.min(...later);
  }
}
