import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import type { Projection } from '@zelo/projections/runner';
import {
  cancelSignal,
  rescheduleSignal,
  scheduledMessageWorkflow,
  scheduleWorkflowId,
} from '@zelo/workflows/schedules/send-scheduled-message/workflow';
import { REACTORS } from '../reactors.ts';

/**
 * Keeps one Temporal timer per schedule in step with the schedule's stream: a checkpointed subscriber
 * like a projection (no tables), so a timer is set because ScheduleCreated happened, never by the route.
 * Every call is idempotent, so a batch re-applied after a crash changes nothing.
 */
export function scheduleTimersReactor(client: Client, options: { taskQueue?: string } = {}): Projection {
  const taskQueue = options.taskQueue ?? 'zelo';
  return {
    name: REACTORS.scheduleTimers,
    tables: [],
    async handle(_tx, e) {
      const d = e.data;
      if (e.type !== 'ScheduleCreated' && e.type !== 'ScheduleUpdated' && e.type !== 'ScheduleDeleted')
        return;
      const workflowId = scheduleWorkflowId(d.scheduleId);
      switch (e.type) {
        case 'ScheduleCreated':
          try {
            // REJECT_DUPLICATE: a replayed creation must not start a second run beside a finished one.
            await client.workflow.start(scheduledMessageWorkflow, {
              workflowId,
              taskQueue,
              args: [{ scheduleId: d.scheduleId, sendAt: d.sendAt }],
              workflowIdReusePolicy: 'REJECT_DUPLICATE',
            });
          } catch (err) {
            if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
          }
          return;
        case 'ScheduleUpdated':
          // Moves a running timer; re-arms a finished one (an edit after ERRO). The activity re-reads the
          // stream before sending, so a re-armed run of an already sent schedule sends nothing.
          await client.workflow.signalWithStart(scheduledMessageWorkflow, {
            workflowId,
            taskQueue,
            args: [{ scheduleId: d.scheduleId, sendAt: d.sendAt }],
            signal: rescheduleSignal,
            signalArgs: [{ sendAt: d.sendAt }],
          });
          return;
        case 'ScheduleDeleted':
          try {
            await client.workflow.getHandle(workflowId).signal(cancelSignal);
          } catch (err) {
            // Already finished (or never started): nothing left to cancel.
            if (!(err instanceof WorkflowNotFoundError)) throw err;
          }
          return;
      }
    },
  };
}
