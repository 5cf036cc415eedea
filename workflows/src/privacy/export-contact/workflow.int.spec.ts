import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemporalTest, type TemporalTest } from '../../testing/temporal.ts';
import { createContactExportActivities } from './activities.ts';
import { contactExportsClient } from './client.ts';
import { type ContactExportInput, contactExportWorkflowId } from './workflow.ts';

// The export's workflow on the real Temporal dev server, over the real activity factory with fake
// handlers: what it records when the archive cannot be built, when the contact is erased while the
// archive waits, and when the archive is built after the contact was erased.

const log: { exportId: string; step: string; detail?: unknown; at: number }[] = [];
const broken = new Set<string>();
const erasedWhileBuilding = new Set<string>();
const activities = createContactExportActivities({
  async buildArchive(input) {
    log.push({ exportId: input.exportId, step: 'build', at: Date.now() });
    if (broken.has(input.contactId)) throw new Error('EACCES: /data/exports/Maria da Silva.zip');
    return { bytes: 10, erased: erasedWhileBuilding.has(input.contactId) };
  },
  async markReady(input, bytes) {
    log.push({ exportId: input.exportId, step: 'ready', detail: bytes, at: Date.now() });
  },
  async fail(input, reason) {
    log.push({ exportId: input.exportId, step: 'fail', detail: reason, at: Date.now() });
  },
  async expire(input) {
    log.push({ exportId: input.exportId, step: 'expire', at: Date.now() });
  },
});

let temporal: TemporalTest;
let exports: ReturnType<typeof contactExportsClient>;

beforeAll(async () => {
  temporal = await startTemporalTest('contact-export', activities);
  exports = contactExportsClient(temporal.client, temporal.taskQueue);
});

afterAll(() => temporal?.close());

const input = (ttlMs: number): ContactExportInput => ({
  exportId: randomUUID(),
  companyId: randomUUID(),
  contactId: randomUUID(),
  ttlMs,
});
const done = (exportId: string) =>
  temporal.client.workflow.getHandle(contactExportWorkflowId(exportId)).result();
const steps = (exportId: string) => log.filter((l) => l.exportId === exportId).map((l) => l.step);

describe('contact export workflow', () => {
  it('builds, records ready, and expires after its time however often it is started', async () => {
    const i = input(1_500);
    await exports.start(i);
    await exports.start(i);
    await done(i.exportId);
    expect(steps(i.exportId)).toEqual(['build', 'ready', 'expire']);
    const mine = log.filter((l) => l.exportId === i.exportId);
    expect(mine[2].at - mine[1].at).toBeGreaterThanOrEqual(1_400);
  }, 30_000);

  it('records a failure without the error text (it may name the customer)', async () => {
    const i = input(60_000);
    broken.add(i.contactId);
    await exports.start(i);
    await done(i.exportId);
    expect(steps(i.exportId)).toEqual(['build', 'build', 'build', 'fail']);
    const reason = log.find((l) => l.exportId === i.exportId && l.step === 'fail')?.detail as string;
    expect(reason).not.toContain('Maria');
  }, 30_000);

  it('a contact erased while the archive waits expires it at once', async () => {
    const i = input(3_600_000);
    await exports.start(i);
    const handle = temporal.client.workflow.getHandle(contactExportWorkflowId(i.exportId));
    const readyAt = Date.now();
    while (!steps(i.exportId).includes('ready')) await new Promise((r) => setTimeout(r, 50));
    await exports.contactErased(i.exportId);
    await handle.result();
    expect(steps(i.exportId)).toEqual(['build', 'ready', 'expire']);
    expect(Date.now() - readyAt).toBeLessThan(10_000);
    // An export whose workflow ended already takes the signal quietly.
    await exports.contactErased(i.exportId);
  }, 30_000);

  it('an archive built after the erasure is never offered', async () => {
    const i = input(3_600_000);
    erasedWhileBuilding.add(i.contactId);
    await exports.start(i);
    await done(i.exportId);
    expect(steps(i.exportId)).toEqual(['build', 'expire']);
  }, 30_000);
});
