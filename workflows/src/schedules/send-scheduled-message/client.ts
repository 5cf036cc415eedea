import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import {
  cancelSignal,
  rescheduleSignal,
  type ScheduledMessageInput,
  scheduledMessageWorkflow,
  scheduleWorkflowId,
} from './workflow.ts';

/**
 * Sets, moves and cancels a schedule's timer from outside Temporal (what the services' schedule-timers
 * reactor asks for). Every call is idempotent, so a batch of events re-applied after a crash changes nothing.
 */
export function scheduleTimersClient(client: Client, taskQueue: string) {
  return {
    async start(input: ScheduledMessageInput): Promise<void> {
      try {
        // REJECT_DUPLICATE: a replayed creation must not start a second run beside a finished one.
        await client.workflow.start(scheduledMessageWorkflow, {
          workflowId: scheduleWorkflowId(input.scheduleId),
          taskQueue,
          args: [input],
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    },

    /** Moves a running timer; re-arms a finished one (an edit after ERRO). */
    async reschedule(input: ScheduledMessageInput): Promise<void> {
      await client.workflow.signalWithStart(scheduledMessageWorkflow, {
        workflowId: scheduleWorkflowId(input.scheduleId),
        taskQueue,
        args: [input],
        signal: rescheduleSignal,
        signalArgs: [{ sendAt: input.sendAt }],
      });
    },

    async cancel(scheduleId: string): Promise<void> {
      try {
        await client.workflow.getHandle(scheduleWorkflowId(scheduleId)).signal(cancelSignal);
      } catch (err) {
        // Already finished (or never started): nothing left to cancel.
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
    },
  };
}
