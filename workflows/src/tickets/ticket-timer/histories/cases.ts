import { randomUUID } from 'node:crypto';
import type { HistoryCase, WorkflowHistories } from '../../../testing/histories.ts';
import type { createTicketTimerActivities } from '../activities.ts';
import { ticketTimersClient } from '../client.ts';
import { ticketTimerWorkflowId } from '../workflow.ts';

// The histories of ticket timers (record-histories.ts): one re-armed and waiting, one fired, and an SLA
// timer that fired and waits for the next instant its activity named.

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

const activities: ReturnType<typeof createTicketTimerActivities> = {
  // An SLA clock warned: its breach is an hour away.
  async ticketTimerFired({ kind }) {
    return kind === 'sla' ? inMs(3_600_000) : undefined;
  },
};

const cases: HistoryCase[] = [
  {
    name: 'rearmed-waiting',
    state: 'open',
    async run(t) {
      const ticketId = randomUUID();
      const timers = ticketTimersClient(t.client, t.taskQueue);
      const handle = t.client.workflow.getHandle(ticketTimerWorkflowId('expire', ticketId));
      await timers.arm({ ticketId, kind: 'expire', dueAt: inMs(3_600_000) });
      await t.idle(handle);
      await timers.arm({ ticketId, kind: 'expire', dueAt: inMs(7_200_000) });
      return handle;
    },
  },
  {
    name: 'fired',
    state: 'closed',
    async run(t) {
      const ticketId = randomUUID();
      await ticketTimersClient(t.client, t.taskQueue).arm({ ticketId, kind: 'transfer', dueAt: inMs(1_000) });
      return t.client.workflow.getHandle(ticketTimerWorkflowId('transfer', ticketId));
    },
  },
  {
    name: 'sla-waiting-again',
    state: 'open',
    async run(t) {
      const ticketId = randomUUID();
      await ticketTimersClient(t.client, t.taskQueue).arm({ ticketId, kind: 'sla', dueAt: inMs(-1_000) });
      return t.client.workflow.getHandle(ticketTimerWorkflowId('sla', ticketId));
    },
  },
];

export const ticketTimerHistories: WorkflowHistories = { dir: 'tickets/ticket-timer', activities, cases };
