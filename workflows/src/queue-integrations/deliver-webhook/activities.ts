import { Context } from '@temporalio/activity';

/** The services' side of a delivery (services/src/queue-integrations/webhook-sender.ts, wired by the app). */
export interface WebhookDeliveryDeps {
  /** One POST, recorded as attempt `attempt`; throws when it failed (the retry policy tries again). */
  attempt(deliveryId: string, attempt: number): Promise<'delivered' | 'finished'>;
  /** The retries ran out: recorded as abandoned (nothing when it was delivered meanwhile). */
  abandon(deliveryId: string, reason: string): Promise<void>;
}

export function createWebhookDeliveryActivities(deps: WebhookDeliveryDeps) {
  return {
    // Temporal numbers an activity's attempts from 1: the delivery log's attempt numbers.
    postWebhook: (deliveryId: string) => deps.attempt(deliveryId, Context.current().info.attempt),
    abandonWebhook: (deliveryId: string, reason: string) => deps.abandon(deliveryId, reason),
  };
}

export type WebhookDeliveryActivities = ReturnType<typeof createWebhookDeliveryActivities>;
