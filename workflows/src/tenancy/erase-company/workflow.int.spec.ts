import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemporalTest, type TemporalTest } from '../../testing/temporal.ts';
import { createCompanyErasureActivities } from './activities.ts';
import { companyErasureClient } from './client.ts';
import { companyErasureWorkflowId } from './workflow.ts';

// The erasure timer on the real Temporal dev server, with a retention of seconds: the activity (the
// real factory over a fake handler) runs once, when the retention has passed.
const erased: { companyId: string; at: number }[] = [];
const activities = createCompanyErasureActivities({
  async eraseCompany(companyId) {
    erased.push({ companyId, at: Date.now() });
  },
});

let temporal: TemporalTest;
let erasures: ReturnType<typeof companyErasureClient>;

beforeAll(async () => {
  temporal = await startTemporalTest('erasure', activities);
  erasures = companyErasureClient(temporal.client, temporal.taskQueue);
});

afterAll(() => temporal?.close());

describe('company erasure workflow', () => {
  it('erases once, after the retention, however often the deletion is replayed', async () => {
    const companyId = randomUUID();
    const started = Date.now();
    const eraseAt = new Date(started + 2_000).toISOString();
    await erasures.start({ companyId, eraseAt });
    await erasures.start({ companyId, eraseAt });
    await temporal.client.workflow.getHandle(companyErasureWorkflowId(companyId)).result();
    const mine = erased.filter((e) => e.companyId === companyId);
    expect(mine).toHaveLength(1);
    expect(mine[0].at - started).toBeGreaterThanOrEqual(1_900);
    // A deletion replayed after the erasure starts nothing new.
    await erasures.start({ companyId, eraseAt });
    await new Promise((r) => setTimeout(r, 500));
    expect(erased.filter((e) => e.companyId === companyId)).toHaveLength(1);
  }, 30_000);

  it('a retention already past erases at once (the worker was down meanwhile)', async () => {
    const companyId = randomUUID();
    await erasures.start({ companyId, eraseAt: new Date(Date.now() - 60_000).toISOString() });
    await temporal.client.workflow.getHandle(companyErasureWorkflowId(companyId)).result();
    expect(erased.filter((e) => e.companyId === companyId)).toHaveLength(1);
  }, 30_000);
});
