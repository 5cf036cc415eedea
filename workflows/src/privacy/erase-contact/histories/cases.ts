import { randomUUID } from 'node:crypto';
import type { HistoryCase, Recording, WorkflowHistories } from '../../../testing/histories.ts';
import type { createContactErasureActivities } from '../activities.ts';
import { contactErasureClient } from '../client.ts';
import { contactErasureWorkflowId } from '../workflow.ts';

// The history of a contact's erasure (record-histories.ts): every step, to the read models' wait.

const activities: ReturnType<typeof createContactErasureActivities> = {
  async collectContactBelongings(_companyId, contactId) {
    return { subjects: [`contact:${contactId}`, `ticket:${randomUUID()}`], mediaUrls: ['/public/x/a.png'] };
  },
  async destroyContactKeys() {},
  async recordContactErased() {
    return '1';
  },
  async deleteContactMedia() {},
  async awaitErasureProjected() {},
};

async function start(t: Recording) {
  const contactId = randomUUID();
  const erasures = contactErasureClient(async () => t.client, t.taskQueue);
  await erasures.start({ companyId: randomUUID(), contactId, userId: randomUUID() });
  return t.client.workflow.getHandle(contactErasureWorkflowId(contactId));
}

const cases: HistoryCase[] = [{ name: 'erased', state: 'closed', run: start }];

export const eraseContactHistories: WorkflowHistories = { dir: 'privacy/erase-contact', activities, cases };
