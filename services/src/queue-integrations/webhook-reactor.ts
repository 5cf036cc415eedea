import type { InboundMessageReceived } from '@zelo/contracts/messaging/events';
import { getConnectionSettings } from '@zelo/projections/connections/queries';
import { getQueueIntegrationForRuntime } from '@zelo/projections/queue-integrations/queries';
import { getQueue } from '@zelo/projections/queues/queries';
import type { Projection, ProjectionEvent } from '@zelo/projections/runner';
import type { Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { idFromName } from '../platform/ids.ts';
import { REACTORS } from '../reactors.ts';
import { loadTicket } from '../tickets/handlers.ts';
import { runWebhookDeliveryCommand } from './handlers.ts';

/** A customer message this old is not delivered (a first run over history, a long outage). */
const STALE_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_ACTOR = 'system:webhooks';

/** The durable delivery of one requested POST (a Temporal workflow, wired by the app); idempotent. */
export interface WebhookDeliveries {
  start(deliveryId: string): Promise<void>;
}

/** One delivery per inbound message and integration: a replayed event names the same delivery. */
export const webhookDeliveryId = (eventId: string, integrationId: string) =>
  idFromName('webhook-delivery', `${eventId}:${integrationId}`);

/** The JSON an integration receives for a customer's message (the endpoint's answer is not read). */
export function webhookPayload(
  deliveryId: string,
  integrationId: string,
  m: InboundMessageReceived['data'],
): string {
  return JSON.stringify({
    event: 'message.received',
    deliveryId,
    integrationId,
    companyId: m.companyId,
    ticketId: m.ticketId,
    contactId: m.contactId,
    whatsappId: m.whatsappId,
    messageId: m.messageId,
    senderName: m.senderName,
    body: m.body,
    mediaType: m.mediaType,
    mediaUrl: m.mediaUrl,
    timestamp: m.receivedAt,
  });
}

/**
 * Hands each customer's message of a ticket with no agent, whose queue (or, without a queue, whose
 * connection) names a webhook or n8n integration, to a durable delivery (BEHAVIOUR.md "Queue
 * integrations"). A checkpointed subscriber registered as a reactor, so no rebuild replays it; and a
 * batch re-applied after a crash asks again for the same delivery (its id derives from the event's),
 * which records nothing and starts nothing new, while the delivery itself sends nothing once delivered.
 */
export function webhookDeliveryReactor(deps: Deps, pool: Pool, deliveries: WebhookDeliveries): Projection {
  async function integrationOf(companyId: string, queueId: string | null, whatsappId: string) {
    if (queueId) return (await getQueue(pool, companyId, queueId))?.integrationId ?? null;
    return (await getConnectionSettings(pool, whatsappId))?.integrationId ?? null;
  }

  /**
   * Whether the company has a webhook or n8n integration at all, asked once per company and batch: most
   * companies have none, and their customers' messages then cost no ticket read here.
   */
  const hooked = (seen: Map<string, Promise<boolean>>, companyId: string) => {
    let known = seen.get(companyId);
    if (!known) {
      known = pool
        .query(
          `SELECT 1 FROM queue_integrations WHERE company_id = $1 AND type IN ('webhook', 'n8n') LIMIT 1`,
          [companyId],
        )
        .then((r) => r.rows.length > 0);
      seen.set(companyId, known);
    }
    return known;
  };

  return {
    name: REACTORS.webhookDeliveries,
    tables: [],
    handle: (_tx, e) => react(e, new Map()),
    async handleBatch(_tx, events) {
      const seen = new Map<string, Promise<boolean>>();
      for (const e of events) await react(e, seen);
      return [];
    },
  };

  async function react(e: ProjectionEvent, seen: Map<string, Promise<boolean>>) {
    if (e.type !== 'InboundMessageReceived') return;
    if (deps.clock.now().getTime() - Date.parse(e.metadata.at) > STALE_MS) return;
    const m = e.data;
    if (!(await hooked(seen, m.companyId))) return;
    const ticket = await loadTicket(deps, m.ticketId);
    if (ticket.kind === 'none' || ticket.companyId !== m.companyId || ticket.userId) return;
    const integrationId = await integrationOf(m.companyId, ticket.queueId, ticket.whatsappId);
    if (!integrationId) return;
    const integration = await getQueueIntegrationForRuntime(pool, m.companyId, integrationId);
    if (!integration || (integration.fields.type !== 'webhook' && integration.fields.type !== 'n8n')) return;
    const deliveryId = webhookDeliveryId(e.id, integrationId);
    await runWebhookDeliveryCommand(
      deps,
      {
        type: 'RequestWebhookDelivery',
        deliveryId,
        integrationId,
        companyId: m.companyId,
        ticketId: m.ticketId,
        messageId: m.messageId,
        url: integration.fields.urlN8N,
        payload: webhookPayload(deliveryId, integrationId, m),
        requestedAt: deps.clock.now().toISOString(),
      },
      { companyId: m.companyId, actor: WEBHOOK_ACTOR, correlationId: e.metadata.correlationId },
    );
    // Also when the request was recorded before (a re-applied batch): a start that finds the
    // delivery's workflow does nothing, and one whose workflow ended finds the delivery finished.
    await deliveries.start(deliveryId);
  }
}
