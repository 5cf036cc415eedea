import type pg from 'pg';
import type { Range } from './ticket-stats.ts';

/**
 * The dashboard's date filter as instants: [from 00:00, the day after `to` 00:00) in the company's
 * zone; from defaults to the first of the month, to to today. PostgreSQL does the zone arithmetic.
 */
export async function dayRange(
  pool: pg.Pool,
  days: { from?: string; to?: string },
  timeZone: string,
): Promise<Range> {
  const { rows } = await pool.query<{ from: Date; to: Date }>(
    `SELECT (coalesce($1::date, date_trunc('month', now() AT TIME ZONE $3)::date)::timestamp AT TIME ZONE $3) AS "from",
            ((coalesce($2::date, (now() AT TIME ZONE $3)::date) + 1)::timestamp AT TIME ZONE $3) AS "to"`,
    [days.from ?? null, days.to ?? null, timeZone],
  );
  return { from: new Date(rows[0].from).toISOString(), to: new Date(rows[0].to).toISOString() };
}
