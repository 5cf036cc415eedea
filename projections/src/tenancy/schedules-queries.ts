import type pg from 'pg';

/** The company's weekly attendance hours (used when scheduleType is company). */
export async function companySchedules(pool: pg.Pool, companyId: string) {
  const { rows } = await pool.query('SELECT schedules FROM companies WHERE id = $1', [companyId]);
  return rows[0]?.schedules ?? null;
}
