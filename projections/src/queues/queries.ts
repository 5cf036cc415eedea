import type pg from 'pg';

const queueSelect = `SELECT id, name, color, greeting_message AS "greetingMessage", out_of_hours_message AS "outOfHoursMessage",
  order_queue AS "orderQueue", schedules, created_at AS "createdAt", updated_at AS "updatedAt" FROM queues`;

export async function listQueues(pool: pg.Pool, companyId: string) {
  const { rows } = await pool.query(
    `${queueSelect} WHERE company_id = $1 ORDER BY order_queue NULLS LAST, name`,
    [companyId],
  );
  return rows;
}

export async function getQueue(pool: pg.Pool, companyId: string, queueId: string) {
  const { rows } = await pool.query(`${queueSelect} WHERE company_id = $1 AND id = $2`, [companyId, queueId]);
  return rows[0] ?? null;
}
