import type { WeeklyHours } from '@zelo/contracts/weekly-hours';
import type pg from 'pg';

/** The company's weekly attendance hours (used when scheduleType is company); null for an unknown company. */
export async function companySchedules(pool: pg.Pool, companyId: string): Promise<WeeklyHours | null> {
  const { rows } = await pool.query<{ schedules: WeeklyHours }>(
    'SELECT schedules FROM companies WHERE id = $1',
    [companyId],
  );
  return rows[0]?.schedules ?? null;
}
