import type { Pool } from './db.ts';

export interface Migration {
  /** Unique and ordered: `<owner>/<nnn>-<what>`. */
  id: string;
  sql: string;
}

/** Applies the migrations not yet recorded, each in its own transaction, under an advisory lock
 * so that several processes starting at once do not race. */
export async function migrate(pool: Pool, migrations: Migration[]): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(774411)');
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query('SELECT id FROM schema_migrations')).rows.map((r) => r.id as string),
    );
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
        await client.query('COMMIT');
        applied.push(m.id);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.id} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(774411)').catch(() => {});
    client.release();
  }
  return applied;
}
