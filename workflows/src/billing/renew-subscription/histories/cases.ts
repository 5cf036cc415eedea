import { randomUUID } from 'node:crypto';
import type { HistoryCase, Recording, WorkflowHistories } from '../../../testing/histories.ts';
import type { createRenewalActivities } from '../activities.ts';
import { subscriptionRenewalsClient } from '../client.ts';
import { renewalWorkflowId } from '../workflow.ts';

// The histories of subscription renewals (record-histories.ts): an invoice issued and its first reminder
// sent, waiting for the second; the same replanned by a payment (continued as new).

const reminded = new Set<string>();
const activities: ReturnType<typeof createRenewalActivities> = {
  async issueRenewalInvoice(companyId) {
    return { outcome: 'issued', invoiceId: `invoice-${companyId}`, paid: false };
  },
  async remindInvoice(companyId, _invoice, kind) {
    reminded.add(`${companyId}:${kind}`);
    return 'sent';
  },
};

const DAY = 86_400_000;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Due in 10 days: issued at once (20 days ahead), reminded, then asleep until 3 days before. */
async function issued(t: Recording) {
  const companyId = randomUUID();
  const renewals = subscriptionRenewalsClient(t.client, t.taskQueue);
  await renewals.plan(companyId, inMs(10 * DAY));
  await t.eventually(() => reminded.has(`${companyId}:issued`), 'the first reminder');
  return { companyId, renewals, handle: t.client.workflow.getHandle(renewalWorkflowId(companyId)) };
}

const cases: HistoryCase[] = [
  {
    name: 'issued-waiting-due-soon',
    state: 'open',
    async run(t) {
      return (await issued(t)).handle;
    },
  },
  {
    name: 'replanned-continued-as-new',
    state: 'closed',
    async run(t) {
      const r = await issued(t);
      const { runId } = await r.handle.describe();
      await r.renewals.plan(r.companyId, inMs(40 * DAY));
      // The next run waits too: it ends with the recording.
      const first = t.client.workflow.getHandle(renewalWorkflowId(r.companyId), runId);
      await t.eventually(
        () => first.describe().then((d) => d.status.name !== 'RUNNING'),
        'the continue-as-new',
      );
      await r.handle.terminate('recorded for the replay test');
      return first;
    },
  },
];

export const renewSubscriptionHistories: WorkflowHistories = {
  dir: 'billing/renew-subscription',
  activities,
  cases,
};
