import type { QueueOptionEntry, QueueOptionView } from '@zelo/contracts/queues/read-models';
import type pg from 'pg';

const optionSelect = `SELECT o.id, o.title, o.message, o.option, o.queue_id AS "queueId", o.parent_id AS "parentId",
  (SELECT count(*)::int FROM queue_options c WHERE c.parent_id = o.id) AS "childrenCount"
  FROM queue_options o`;

/** One level of a queue's option tree; parentId null is the root (the spec's -1). */
export async function listQueueOptions(
  pool: pg.Pool,
  companyId: string,
  queueId: string,
  parentId: string | null,
): Promise<QueueOptionView[]> {
  const { rows } = await pool.query<QueueOptionView>(
    `${optionSelect} WHERE o.company_id = $1 AND o.queue_id = $2 AND o.parent_id IS NOT DISTINCT FROM $3
      ORDER BY o.option, o.title`,
    [companyId, queueId, parentId],
  );
  return rows;
}

export async function getQueueOption(
  pool: pg.Pool,
  companyId: string,
  optionId: string,
): Promise<QueueOptionView | null> {
  const { rows } = await pool.query<QueueOptionView>(
    `${optionSelect} WHERE o.company_id = $1 AND o.id = $2`,
    [companyId, optionId],
  );
  return rows[0] ?? null;
}

/** Every option of the given queues, every level at once: the bot walks the whole menu. */
export async function listOptionsOfQueues(
  db: pg.Pool | pg.PoolClient,
  queueIds: string[],
): Promise<QueueOptionEntry[]> {
  const { rows } = await db.query<QueueOptionEntry>(
    `SELECT id, queue_id AS "queueId", parent_id AS "parentId", option, title, message
       FROM queue_options WHERE queue_id = ANY($1)`,
    [queueIds],
  );
  return rows;
}
