import { randomUUID } from 'node:crypto';
import type { HistoryCase, Recording, WorkflowHistories } from '../../../testing/histories.ts';
import { createWebhookDeliveryActivities } from '../activities.ts';
import { webhookDeliveriesClient } from '../client.ts';
import { webhookDeliveryWorkflowId } from '../workflow.ts';

// The histories of webhook deliveries (record-histories.ts): delivered after a failed try, abandoned.

/** How many tries of a delivery fail before one succeeds (absent: every try fails). */
const failuresBeforeSuccess = new Map<string, number>();
const activities = createWebhookDeliveryActivities({
  async attempt(deliveryId, n) {
    if (n <= (failuresBeforeSuccess.get(deliveryId) ?? Number.POSITIVE_INFINITY))
      throw new Error('connection refused');
    return 'delivered';
  },
  async abandon() {},
});

async function start(t: Recording, failures?: number) {
  const deliveryId = randomUUID();
  if (failures !== undefined) failuresBeforeSuccess.set(deliveryId, failures);
  const retry = { initialMs: 200, maxMs: 400, attempts: 3 };
  await webhookDeliveriesClient(t.client, t.taskQueue, retry).start(deliveryId);
  return t.client.workflow.getHandle(webhookDeliveryWorkflowId(deliveryId));
}

const cases: HistoryCase[] = [
  { name: 'delivered-after-a-failure', state: 'closed', run: (t) => start(t, 1) },
  { name: 'abandoned', state: 'closed', run: (t) => start(t) },
];

export const deliverWebhookHistories: WorkflowHistories = {
  dir: 'queue-integrations/deliver-webhook',
  activities,
  cases,
};
