import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { WebhookDeliveryActivities } from './activities.ts';

/** One workflow per delivery: a second start for the same delivery is refused by Temporal. */
export const webhookDeliveryWorkflowId = (deliveryId: string) => `webhook-delivery-${deliveryId}`;

export interface WebhookRetry {
  initialMs: number;
  maxMs: number;
  attempts: number;
}

export interface WebhookDeliveryInput {
  deliveryId: string;
  retry: WebhookRetry;
}

const { abandonWebhook } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * POSTs one customer message to a webhook/n8n integration until it answers 2xx: each try is an activity
 * attempt (recorded on the delivery's stream), spaced by exponential backoff; when the attempts run out
 * the delivery is recorded as abandoned. Nothing waits on it: the ticket and other deliveries go on.
 */
export async function webhookDeliveryWorkflow(
  input: WebhookDeliveryInput,
): Promise<'delivered' | 'finished' | 'abandoned'> {
  const { postWebhook } = proxyActivities<WebhookDeliveryActivities>({
    // The POST itself times out sooner (webhook-sender.ts); this bounds a stuck worker.
    startToCloseTimeout: '1 minute',
    retry: {
      initialInterval: input.retry.initialMs,
      backoffCoefficient: 2,
      maximumInterval: input.retry.maxMs,
      maximumAttempts: input.retry.attempts,
    },
  });
  try {
    return await postWebhook(input.deliveryId);
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const reason = err.cause?.message ?? err.message;
    await abandonWebhook(input.deliveryId, `gave up after ${input.retry.attempts} attempts: ${reason}`);
    return 'abandoned';
  }
}
