import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const queueIntegrationsMigrations = [
  {
    id: 'projections/queue-integrations-001',
    sql: `
      CREATE TABLE queue_integrations (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, type text NOT NULL, name text NOT NULL,
        fields jsonb NOT NULL, sealed_json_content text, sealed_secret text NOT NULL,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX queue_integrations_company ON queue_integrations (company_id, lower(name));
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY, integration_id uuid NOT NULL, company_id uuid NOT NULL,
        ticket_id uuid NOT NULL, message_id uuid NOT NULL, requested_at timestamptz NOT NULL,
        status text NOT NULL, attempts int NOT NULL, last_status_code int, last_error text,
        last_attempt_at timestamptz
      );
      CREATE INDEX webhook_deliveries_integration ON webhook_deliveries (integration_id, requested_at DESC);`,
  },
];

/**
 * Queue integrations (doc 2 §2.13) with their sealed credentials (read by the runtime only, never
 * answered), and each webhook delivery's outcome: the integration's delivery log.
 */
export const queueIntegrationsProjection: Projection = {
  name: 'queue-integrations',
  tables: ['queue_integrations', 'webhook_deliveries'],
  async handle(tx, e) {
    const change = (
      d: { companyId: string; integrationId: string },
      action: 'create' | 'update' | 'delete',
    ) => [{ companyId: d.companyId, kind: 'queueIntegration' as const, action, id: d.integrationId }];
    switch (e.type) {
      case 'QueueIntegrationCreated': {
        const d = e.data;
        await write(
          tx,
          `INSERT INTO queue_integrations VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8) ON CONFLICT (id) DO NOTHING`,
          [
            d.integrationId,
            d.companyId,
            d.fields.type,
            d.fields.name,
            d.fields,
            d.sealedJsonContent,
            d.sealedSecret,
            e.metadata.at,
          ],
        );
        return change(d, 'create');
      }
      case 'QueueIntegrationUpdated': {
        const d = e.data;
        await write(
          tx,
          `UPDATE queue_integrations SET type=$2, name=$3, fields=$4, sealed_json_content=$5, updated_at=$6
            WHERE id=$1`,
          [d.integrationId, d.fields.type, d.fields.name, d.fields, d.sealedJsonContent, e.metadata.at],
        );
        return change(d, 'update');
      }
      case 'QueueIntegrationDeleted':
        await write(tx, 'DELETE FROM webhook_deliveries WHERE integration_id = $1', [e.data.integrationId]);
        await write(tx, 'DELETE FROM queue_integrations WHERE id = $1', [e.data.integrationId]);
        return change(e.data, 'delete');
      case 'WebhookDeliveryRequested': {
        const d = e.data;
        const { rowCount } = await tx.query(
          `INSERT INTO webhook_deliveries (id, integration_id, company_id, ticket_id, message_id, requested_at,
                                           status, attempts)
           SELECT $1, $2, $3, $4, $5, $6, 'pending', 0 WHERE EXISTS (SELECT 1 FROM queue_integrations WHERE id = $2)
           ON CONFLICT (id) DO NOTHING`,
          [d.deliveryId, d.integrationId, d.companyId, d.ticketId, d.messageId, d.requestedAt],
        );
        return rowCount ? change(d, 'update') : [];
      }
      case 'WebhookDeliveryAttempted': {
        const d = e.data;
        const { rowCount } = await tx.query(
          `UPDATE webhook_deliveries
              SET attempts = GREATEST(attempts, $2), status = CASE WHEN $3 THEN 'delivered' ELSE status END,
                  last_status_code = $4, last_error = $5, last_attempt_at = $6
            WHERE id = $1`,
          [d.deliveryId, d.attempt, d.ok, d.statusCode, d.error, d.at],
        );
        return rowCount ? change(d, 'update') : [];
      }
      case 'WebhookDeliveryAbandoned': {
        const d = e.data;
        const { rowCount } = await tx.query(
          `UPDATE webhook_deliveries SET status = 'failed', last_error = COALESCE(last_error, $2) WHERE id = $1`,
          [d.deliveryId, d.reason],
        );
        return rowCount ? change(d, 'update') : [];
      }
    }
  },
};
