import { createHmac } from 'node:crypto';
import { getQueueIntegrationForRuntime } from '@zelo/projections/queue-integrations/queries';
import type { Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import type { SecretBox } from '../platform/secret-box.ts';
import { loadWebhookDelivery, runWebhookDeliveryCommand } from './handlers.ts';
import { signingSecretContext } from './sealing.ts';
import { WEBHOOK_ACTOR } from './webhook-reactor.ts';

/** `X-Zelo-Signature: sha256=<hex>`: HMAC-SHA256 of the raw body with the integration's secret. */
export const signWebhookBody = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export type AttemptOutcome =
  /** The endpoint answered 2xx. */
  | 'delivered'
  /** Nothing to send: delivered or abandoned already, or never requested. */
  | 'finished';

/** A failed POST: recorded, then thrown so that the delivery's retry policy tries again later. */
export class WebhookAttemptFailed extends Error {
  override name = 'WebhookAttemptFailed';
}

export interface WebhookSenderOptions {
  fetch?: typeof fetch;
  /** How long one POST may take before it counts as failed (a slow endpoint blocks nothing else). */
  timeoutMs?: number;
}

/**
 * The delivery's two steps, against the delivery's stream: one POST (each recorded as an attempt), and
 * giving up once the retries ran out. The payload and its signature are the same on every attempt;
 * `X-Zelo-Delivery` lets a receiver drop a repeat (a worker that died after the POST sends it again).
 * Private and loopback addresses are not refused: there is no setting for it yet, and the tests'
 * receivers listen on 127.0.0.1.
 */
export function webhookSender(deps: Deps, pool: Pool, box: SecretBox, options: WebhookSenderOptions = {}) {
  const post = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const who = (companyId: string) => ({ companyId, actor: WEBHOOK_ACTOR });

  return {
    async attempt(deliveryId: string, attempt: number): Promise<AttemptOutcome> {
      const delivery = await loadWebhookDelivery(deps, deliveryId);
      const { request } = delivery;
      if (!request || delivery.outcome !== 'pending') return 'finished';
      const integration = await getQueueIntegrationForRuntime(pool, request.companyId, request.integrationId);
      if (!integration) {
        await this.abandon(deliveryId, 'the integration was deleted');
        return 'finished';
      }
      const secret = box.open(integration.sealedSecret, signingSecretContext(integration.id));
      const at = deps.clock.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        const res = await post(integration.fields.urlN8N || request.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Zelo-Webhooks/1',
            'x-zelo-signature': signWebhookBody(secret, request.payload),
            'x-zelo-timestamp': String(Math.floor(at.getTime() / 1000)),
            'x-zelo-delivery': deliveryId,
            'x-zelo-attempt': String(attempt),
          },
          body: request.payload,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        statusCode = res.status;
        // The answer is not read: whatever it says, only its status counts.
        await res.body?.cancel().catch(() => {});
        if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        error = e.name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : (e.cause?.code ?? e.message);
      }
      await runWebhookDeliveryCommand(
        deps,
        {
          type: 'RecordWebhookAttempt',
          deliveryId,
          attempt,
          at: at.toISOString(),
          ok: !error,
          statusCode,
          error,
        },
        who(request.companyId),
      );
      if (error) throw new WebhookAttemptFailed(error);
      return 'delivered';
    },

    async abandon(deliveryId: string, reason: string): Promise<void> {
      const { request } = await loadWebhookDelivery(deps, deliveryId);
      if (!request) return;
      await runWebhookDeliveryCommand(
        deps,
        { type: 'AbandonWebhookDelivery', deliveryId, at: deps.clock.now().toISOString(), reason },
        who(request.companyId),
      );
    },
  };
}
