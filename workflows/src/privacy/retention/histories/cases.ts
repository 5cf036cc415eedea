import { randomUUID } from 'node:crypto';
import type { HistoryCase, Recording, WorkflowHistories } from '../../../testing/histories.ts';
import type { createMessageRetentionActivities } from '../activities.ts';
import { ensureMessageRetention } from '../client.ts';
import { messageRetentionWorkflowId } from '../workflow.ts';

// The history of the retention loop (record-histories.ts): a round over two companies done, the next
// one's timer waiting.

const activities: ReturnType<typeof createMessageRetentionActivities> = {
  async companiesWithRetention() {
    return [randomUUID(), randomUUID()];
  },
  async shredCompanyMessages() {
    return { before: '2026-10-01T00:00:00.000Z', recorded: true };
  },
};

async function start(t: Recording) {
  // Its id names the task queue, which every recording shares: one case, one loop.
  await ensureMessageRetention(t.client, t.taskQueue);
  return t.client.workflow.getHandle(messageRetentionWorkflowId(t.taskQueue));
}

const cases: HistoryCase[] = [{ name: 'round-done-waiting', state: 'open', run: start }];

export const messageRetentionHistories: WorkflowHistories = { dir: 'privacy/retention', activities, cases };
