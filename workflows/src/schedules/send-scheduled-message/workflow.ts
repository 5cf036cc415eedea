import {
  ActivityFailure,
  condition,
  defineQuery,
  defineSignal,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { ScheduleActivities } from './activities.ts';

/** One workflow per schedule, so starting it twice is refused by Temporal and a signal finds it by name. */
export const scheduleWorkflowId = (scheduleId: string) => `schedule-${scheduleId}`;

export interface ScheduledMessageInput {
  scheduleId: string;
  /** ISO instant; a time already past sends at once (late). */
  sendAt: string;
}

/** The schedule was edited: wait for the new time instead. */
export const rescheduleSignal = defineSignal<[{ sendAt: string }]>('reschedule');
/** The schedule was deleted: stop without sending. */
export const cancelSignal = defineSignal('cancel');
export const dueAtQuery = defineQuery<string | null>('dueAt');

export type ScheduledMessageResult = 'sent' | 'failed' | 'skipped' | 'cancelled';

const { sendScheduledMessage } = proxyActivities<ScheduleActivities>({
  startToCloseTimeout: '1 minute',
  // A DomainError is recorded as ERRO by the activity itself; what reaches Temporal is transient.
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 10,
  },
});
const { recordScheduleFailure } = proxyActivities<ScheduleActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * A durable timer until sendAt, then one send. Temporal keeps the timer across restarts, so a schedule
 * whose time passed while everything was down fires when the worker is back (and is marked late).
 */
export async function scheduledMessageWorkflow({
  scheduleId,
  sendAt,
}: ScheduledMessageInput): Promise<ScheduledMessageResult> {
  let due = Date.parse(sendAt);
  let cancelled = false;
  setHandler(rescheduleSignal, (s) => {
    due = Date.parse(s.sendAt);
  });
  setHandler(cancelSignal, () => {
    cancelled = true;
  });
  setHandler(dueAtQuery, () => (cancelled ? null : new Date(due).toISOString()));

  for (;;) {
    // Workflow time (Date.now) is deterministic; sleep until due, waking early for an edit or a delete.
    for (let target = due; !cancelled && target > Date.now(); target = due) {
      await condition(() => cancelled || due !== target, target - Date.now());
    }
    if (cancelled) return 'cancelled';
    try {
      const outcome = await sendScheduledMessage(scheduleId);
      // The stream says a later time (an edit whose signal has not arrived yet): wait for it.
      if (outcome.outcome === 'not-due') {
        due = Date.parse(outcome.sendAt);
        continue;
      }
      return outcome.outcome;
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      const reason = err.cause?.message ?? err.message;
      await recordScheduleFailure(scheduleId, `send failed after retries: ${reason}`);
      return 'failed';
    }
  }
}
