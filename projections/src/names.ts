import type pg from 'pg';

/**
 * The current name of a user, contact or queue of a company, from its read model, for messages that
 * name them (the greeting on accept, the transfer notice). Null when it is gone or not the company's.
 */
export async function nameOf(
  db: pg.Pool | pg.PoolClient,
  readModel: 'users' | 'contacts' | 'queues',
  id: string,
  companyId: string,
): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM ${readModel} WHERE id = $1 AND company_id = $2`,
    [id, companyId],
  );
  return rows[0]?.name ?? null;
}
