import { JSON_CONTENT_MASK } from '@zelo/contracts/queue-integrations/api';
import type { QueueIntegrationFields } from '@zelo/contracts/queue-integrations/events';
import type {
  QueueIntegrationPage,
  QueueIntegrationView,
  WebhookDeliveryView,
} from '@zelo/contracts/queue-integrations/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

interface Row {
  id: string;
  fields: QueueIntegrationFields;
  sealed_json_content: string | null;
  sealed_secret: string;
  created_at: Date;
  updated_at: Date;
}

const toView = (r: Row): QueueIntegrationView => ({
  id: r.id,
  ...r.fields,
  jsonContent: r.sealed_json_content ? JSON_CONTENT_MASK : '',
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** The integrations page and the queue and connection pickers: search by name, 20 a page, by name. */
export async function searchQueueIntegrations(
  pool: pg.Pool,
  companyId: string,
  q: { searchParam?: string; pageNumber: number },
  pageSize = 20,
): Promise<QueueIntegrationPage> {
  const params: unknown[] = [companyId];
  let where = 'company_id = $1';
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where += ` AND lower(name) LIKE $${params.length}`;
  }
  const count = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM queue_integrations WHERE ${where}`,
    params,
  );
  params.push(pageSize, (q.pageNumber - 1) * pageSize);
  const { rows } = await pool.query<Row>(
    `SELECT * FROM queue_integrations WHERE ${where}
      ORDER BY lower(name), id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const total = count.rows[0]?.n ?? 0;
  return { queueIntegrations: rows.map(toView), count: total, hasMore: q.pageNumber * pageSize < total };
}

export async function getQueueIntegration(
  pool: pg.Pool,
  companyId: string,
  id: string,
): Promise<QueueIntegrationView | null> {
  const row = await getQueueIntegrationRow(pool, companyId, id);
  return row ? toView(row) : null;
}

/**
 * What the runtime needs of an integration of `companyId` (null: none, or another company's): its
 * fields and its credentials, still sealed (services/src/platform/secret-box.ts opens them).
 */
export interface QueueIntegrationForRuntime {
  id: string;
  companyId: string;
  fields: QueueIntegrationFields;
  sealedJsonContent: string | null;
  sealedSecret: string;
}

export async function getQueueIntegrationForRuntime(
  pool: pg.Pool,
  companyId: string,
  id: string,
): Promise<QueueIntegrationForRuntime | null> {
  const row = await getQueueIntegrationRow(pool, companyId, id);
  if (!row) return null;
  return {
    id: row.id,
    companyId,
    fields: row.fields,
    sealedJsonContent: row.sealed_json_content,
    sealedSecret: row.sealed_secret,
  };
}

async function getQueueIntegrationRow(pool: pg.Pool, companyId: string, id: string): Promise<Row | null> {
  const { rows } = await pool.query<Row>(
    'SELECT * FROM queue_integrations WHERE company_id = $1 AND id = $2',
    [companyId, id],
  );
  return rows[0] ?? null;
}

/** The integration's last deliveries, newest first (the dialog's delivery log). */
export async function recentWebhookDeliveries(
  pool: pg.Pool,
  companyId: string,
  integrationId: string,
  limit = 20,
): Promise<WebhookDeliveryView[]> {
  const { rows } = await pool.query<{
    id: string;
    message_id: string;
    ticket_id: string;
    requested_at: Date;
    status: WebhookDeliveryView['status'];
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    last_attempt_at: Date | null;
  }>(
    `SELECT * FROM webhook_deliveries WHERE company_id = $1 AND integration_id = $2
      ORDER BY requested_at DESC, id LIMIT $3`,
    [companyId, integrationId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    messageId: r.message_id,
    ticketId: r.ticket_id,
    requestedAt: r.requested_at.toISOString(),
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    lastAttemptAt: r.last_attempt_at?.toISOString() ?? null,
  }));
}
