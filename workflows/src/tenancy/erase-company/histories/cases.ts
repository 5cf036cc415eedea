import { randomUUID } from 'node:crypto';
import type { HistoryCase, Recording, WorkflowHistories } from '../../../testing/histories.ts';
import type { createCompanyErasureActivities } from '../activities.ts';
import { companyErasureClient } from '../client.ts';
import { companyErasureWorkflowId } from '../workflow.ts';

// The histories of company erasures (record-histories.ts): one in its retention period, one erased.

const activities: ReturnType<typeof createCompanyErasureActivities> = {
  async eraseCompany() {},
};

async function start(t: Recording, inMs: number) {
  const companyId = randomUUID();
  const eraseAt = new Date(Date.now() + inMs).toISOString();
  await companyErasureClient(t.client, t.taskQueue).start({ companyId, eraseAt });
  return t.client.workflow.getHandle(companyErasureWorkflowId(companyId));
}

const cases: HistoryCase[] = [
  { name: 'retention-waiting', state: 'open', run: (t) => start(t, 30 * 86_400_000) },
  { name: 'erased', state: 'closed', run: (t) => start(t, 1_000) },
];

export const eraseCompanyHistories: WorkflowHistories = { dir: 'tenancy/erase-company', activities, cases };
