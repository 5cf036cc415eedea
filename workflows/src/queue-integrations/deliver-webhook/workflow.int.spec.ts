import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemporalTest, type TemporalTest } from '../../testing/temporal.ts';
import { createWebhookDeliveryActivities } from './activities.ts';
import { webhookDeliveriesClient } from './client.ts';
import { webhookDeliveryWorkflowId } from './workflow.ts';

// A delivery on the real Temporal dev server, the real activity factory over a fake sender that fails
// as told: each failure is retried with a growing delay, and running out of attempts abandons it.
const attempts = new Map<string, { n: number; at: number }[]>();
const abandoned = new Map<string, string>();
const failuresBeforeSuccess = new Map<string, number>();
const activities = createWebhookDeliveryActivities({
  async attempt(deliveryId, n) {
    const list = attempts.get(deliveryId) ?? [];
    list.push({ n, at: Date.now() });
    attempts.set(deliveryId, list);
    if (list.length <= (failuresBeforeSuccess.get(deliveryId) ?? 0)) throw new Error('connection refused');
    return 'delivered';
  },
  async abandon(deliveryId, reason) {
    abandoned.set(deliveryId, reason);
  },
});
const retry = { initialMs: 200, maxMs: 800, attempts: 4 };

let temporal: TemporalTest;
let deliveries: ReturnType<typeof webhookDeliveriesClient>;

beforeAll(async () => {
  temporal = await startTemporalTest('webhook-delivery', activities);
  deliveries = webhookDeliveriesClient(temporal.client, temporal.taskQueue, retry);
});

afterAll(() => temporal?.close());

const result = (deliveryId: string) =>
  temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(deliveryId)).result();

describe('webhook delivery workflow', () => {
  it('retries a failing endpoint after the policy delays, numbering the attempts, until it answers', async () => {
    const deliveryId = randomUUID();
    failuresBeforeSuccess.set(deliveryId, 2);
    await deliveries.start(deliveryId);
    // A replayed request starts nothing beside it.
    await deliveries.start(deliveryId);
    await expect(result(deliveryId)).resolves.toBe('delivered');
    const tries = attempts.get(deliveryId) ?? [];
    expect(tries.map((t) => t.n)).toEqual([1, 2, 3]);
    // Spaced by the retry policy (the dev server's dispatch adds its own latency, so only the floor is
    // asserted: 200 ms, then 400 ms).
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(180);
    expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(380);
    expect(abandoned.has(deliveryId)).toBe(false);
    await deliveries.start(deliveryId);
    await new Promise((r) => setTimeout(r, 500));
    expect(attempts.get(deliveryId)).toHaveLength(3);
  }, 30_000);

  it('abandons the delivery once the attempts run out', async () => {
    const deliveryId = randomUUID();
    failuresBeforeSuccess.set(deliveryId, 99);
    await deliveries.start(deliveryId);
    await expect(result(deliveryId)).resolves.toBe('abandoned');
    expect(attempts.get(deliveryId)).toHaveLength(retry.attempts);
    expect(abandoned.get(deliveryId)).toMatch(/gave up after 4 attempts: connection refused/);
  }, 30_000);
});
