import type { TokenConnection } from '@zelo/contracts/external-api/read-models';
import type pg from 'pg';

/** The connection whose token this is, its company's due date and plan flag; null for an unknown token. */
export async function connectionByToken(pool: pg.Pool, token: string): Promise<TokenConnection | null> {
  const { rows } = await pool.query<Omit<TokenConnection, 'dueDate'> & { dueDate: Date }>(
    `SELECT w.id AS "whatsappId", w.company_id AS "companyId", c.due_date AS "dueDate",
            coalesce(p.use_external_api, false) AS "useExternalApi"
       FROM whatsapps w JOIN companies c ON c.id = w.company_id LEFT JOIN plans p ON p.id = c.plan_id
      WHERE w.token = $1`,
    [token],
  );
  return rows[0] ? { ...rows[0], dueDate: rows[0].dueDate.toISOString() } : null;
}
