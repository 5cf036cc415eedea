import { randomUUID } from 'node:crypto';
import type { HistoryCase, Recording, WorkflowHistories } from '../../../testing/histories.ts';
import type { createContactExportActivities } from '../activities.ts';
import { contactExportsClient } from '../client.ts';
import { contactErasedSignal, contactExportWorkflowId } from '../workflow.ts';

// The histories of contact exports (record-histories.ts): one ready and waiting for its download, one
// expired, one whose archive could not be built, one expired by its contact's erasure.

/** The contact whose archive cannot be built (the fake activity throws). */
const UNBUILDABLE = '00000000-0000-4000-8000-00000000dead';

const activities: ReturnType<typeof createContactExportActivities> = {
  async buildContactExport(input) {
    if (input.contactId === UNBUILDABLE) throw new Error('disk full');
    return { bytes: 1234, erased: false };
  },
  async markContactExportReady() {},
  async failContactExport() {},
  async expireContactExport() {},
};

async function start(t: Recording, ttlMs: number, contactId = randomUUID()) {
  const exportId = randomUUID();
  await contactExportsClient(t.client, t.taskQueue).start({
    exportId,
    companyId: randomUUID(),
    contactId,
    ttlMs,
  });
  return t.client.workflow.getHandle(contactExportWorkflowId(exportId));
}

const cases: HistoryCase[] = [
  { name: 'ready-waiting', state: 'open', run: (t) => start(t, 86_400_000) },
  { name: 'expired', state: 'closed', run: (t) => start(t, 1_000) },
  { name: 'failed', state: 'closed', run: (t) => start(t, 86_400_000, UNBUILDABLE) },
  {
    name: 'contact-erased',
    state: 'closed',
    async run(t) {
      const handle = await start(t, 86_400_000);
      await t.idle(handle);
      await handle.signal(contactErasedSignal);
      return handle;
    },
  },
];

export const exportContactHistories: WorkflowHistories = { dir: 'privacy/export-contact', activities, cases };
