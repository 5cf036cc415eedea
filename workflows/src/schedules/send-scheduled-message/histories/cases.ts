import { randomUUID } from 'node:crypto';
import type { HistoryCase, WorkflowHistories } from '../../../testing/histories.ts';
import type { createScheduleActivities, SendOutcome } from '../activities.ts';
import { scheduleTimersClient } from '../client.ts';
import { scheduleWorkflowId } from '../workflow.ts';

// The histories of scheduled messages (record-histories.ts): one moved and waiting, one sent after the
// stream said a later time, one cancelled.

/** What the fake stream answers per schedule, in turn (then `sent`). */
const answers = new Map<string, SendOutcome[]>();
const activities: ReturnType<typeof createScheduleActivities> = {
  async sendScheduledMessage(scheduleId) {
    return answers.get(scheduleId)?.shift() ?? { outcome: 'sent' };
  },
  async recordScheduleFailure() {},
};

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const HOUR = 3_600_000;

const cases: HistoryCase[] = [
  {
    name: 'rescheduled-waiting',
    state: 'open',
    async run(t) {
      const scheduleId = randomUUID();
      const schedules = scheduleTimersClient(t.client, t.taskQueue);
      await schedules.start({ scheduleId, sendAt: inMs(HOUR) });
      await t.idle(t.client.workflow.getHandle(scheduleWorkflowId(scheduleId)));
      await schedules.reschedule({ scheduleId, sendAt: inMs(2 * HOUR) });
      return t.client.workflow.getHandle(scheduleWorkflowId(scheduleId));
    },
  },
  {
    name: 'sent-after-not-due',
    state: 'closed',
    async run(t) {
      const scheduleId = randomUUID();
      answers.set(scheduleId, [{ outcome: 'not-due', sendAt: inMs(1_500) }]);
      await scheduleTimersClient(t.client, t.taskQueue).start({ scheduleId, sendAt: inMs(500) });
      return t.client.workflow.getHandle(scheduleWorkflowId(scheduleId));
    },
  },
  {
    name: 'cancelled',
    state: 'closed',
    async run(t) {
      const scheduleId = randomUUID();
      const schedules = scheduleTimersClient(t.client, t.taskQueue);
      await schedules.start({ scheduleId, sendAt: inMs(HOUR) });
      await t.idle(t.client.workflow.getHandle(scheduleWorkflowId(scheduleId)));
      await schedules.cancel(scheduleId);
      return t.client.workflow.getHandle(scheduleWorkflowId(scheduleId));
    },
  },
];

export const sendScheduledMessageHistories: WorkflowHistories = {
  dir: 'schedules/send-scheduled-message',
  activities,
  cases,
};
