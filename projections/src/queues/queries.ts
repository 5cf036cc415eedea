import type { QueueView } from '@zelo/contracts/queues/read-models';
import type pg from 'pg';

const queueSelect = `SELECT id, name, color, greeting_message AS "greetingMessage", out_of_hours_message AS "outOfHoursMessage",
  order_queue AS "orderQueue", schedules, prompt_id AS "promptId", integration_id AS "integrationId", created_at AS "createdAt", updated_at AS "updatedAt" FROM queues`;

type QueueRow = Omit<QueueView, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toView = (r: QueueRow): QueueView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listQueues(pool: pg.Pool, companyId: string): Promise<QueueView[]> {
  const { rows } = await pool.query<QueueRow>(
    `${queueSelect} WHERE company_id = $1 ORDER BY order_queue NULLS LAST, name`,
    [companyId],
  );
  return rows.map(toView);
}

export async function getQueue(pool: pg.Pool, companyId: string, queueId: string): Promise<QueueView | null> {
  const { rows } = await pool.query<QueueRow>(`${queueSelect} WHERE company_id = $1 AND id = $2`, [
    companyId,
    queueId,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}

/** The company's queues among `queueIds`, in menu order (order_queue, then as listed): a connection's bot menu. */
export async function listQueuesInMenuOrder(
  db: pg.Pool | pg.PoolClient,
  companyId: string,
  queueIds: string[],
): Promise<QueueView[]> {
  const { rows } = await db.query<QueueRow>(
    `${queueSelect} WHERE company_id = $1 AND id = ANY($2::uuid[])
      ORDER BY order_queue NULLS LAST, array_position($2::uuid[], id)`,
    [companyId, queueIds],
  );
  return rows.map(toView);
}

/** How many of `queueIds` are queues of the company (a foreign or unknown id is not counted). */
export async function countCompanyQueues(
  pool: pg.Pool,
  companyId: string,
  queueIds: string[],
): Promise<number> {
  const { rows } = await pool.query(
    'SELECT count(*)::int AS n FROM queues WHERE company_id = $1 AND id = ANY($2::uuid[])',
    [companyId, queueIds],
  );
  return rows[0].n;
}

/** Whether the queue is one of the company's (a foreign or unknown id is not). */
export async function queueExists(pool: pg.Pool, companyId: string, queueId: string) {
  const r = await pool.query('SELECT 1 FROM queues WHERE id = $1 AND company_id = $2', [queueId, companyId]);
  return (r.rowCount ?? 0) > 0;
}
