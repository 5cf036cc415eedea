import type {
  DashboardCounters,
  TicketsPerDayPoint,
  TicketsPerUserPoint,
} from '@zelo/contracts/dashboard/read-models';
import type pg from 'pg';

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

export interface Range {
  from: string;
  /** Exclusive. */
  to: string;
}

/** The six counters and the attendants table (doc 1 §2 Dashboard). Times are in minutes. */
/** The counters as read; each attendant's `online` is the API's to add, from the sockets. */
export type DashboardCounterRows = Omit<DashboardCounters, 'attendants'> & {
  attendants: Omit<DashboardCounters['attendants'][number], 'online'>[];
};

export async function dashboardCounters(
  pool: pg.Pool,
  companyId: string,
  range: Range,
): Promise<DashboardCounterRows> {
  const { rows } = await pool.query<Omit<DashboardCounterRows, 'attendants'>>(
    `SELECT
       (SELECT count(*)::int FROM tickets WHERE company_id = $1 AND status = 'open') AS "supportHappening",
       (SELECT count(*)::int FROM tickets WHERE company_id = $1 AND status = 'pending') AS "supportPending",
       (SELECT count(*)::int FROM ticket_stats WHERE company_id = $1 AND NOT deleted AND closed_at >= $2 AND closed_at < $3) AS "supportFinished",
       (SELECT count(*)::int FROM contacts WHERE company_id = $1 AND created_at >= $2 AND created_at < $3) AS "leads",
       (SELECT coalesce(avg(extract(epoch FROM closed_at - accepted_at)) / 60, 0)::float8 FROM ticket_stats
         WHERE company_id = $1 AND NOT deleted AND accepted_at IS NOT NULL AND closed_at >= $2 AND closed_at < $3) AS "avgSupportTime",
       (SELECT coalesce(avg(extract(epoch FROM accepted_at - created_at)) / 60, 0)::float8 FROM ticket_stats
         WHERE company_id = $1 AND NOT deleted AND accepted_at >= $2 AND accepted_at < $3) AS "avgWaitTime"`,
    [companyId, range.from, range.to],
  );
  const attendants = await pool.query<DashboardCounterRows['attendants'][number]>(
    `SELECT u.id, u.name,
            (SELECT avg(s.rating) FROM ticket_stats s
              WHERE s.rated_user_id = u.id AND NOT s.deleted AND s.rating IS NOT NULL
                AND s.closed_at >= $2 AND s.closed_at < $3)::float8 AS rating,
            coalesce((SELECT avg(extract(epoch FROM s.closed_at - s.accepted_at)) / 60 FROM ticket_stats s
                       WHERE s.user_id = u.id AND NOT s.deleted AND s.accepted_at IS NOT NULL
                         AND s.closed_at >= $2 AND s.closed_at < $3), 0)::float8 AS "avgSupportTime"
       FROM users u WHERE u.company_id = $1 ORDER BY u.name`,
    [companyId, range.from, range.to],
  );
  return { ...rows[0], attendants: attendants.rows };
}

/** Tickets per agent created in the range (the "tickets per user" chart). */
export async function ticketsPerUser(
  pool: pg.Pool,
  companyId: string,
  range: Range,
): Promise<TicketsPerUserPoint[]> {
  const { rows } = await pool.query<TicketsPerUserPoint>(
    `SELECT coalesce(u.name, '—') AS name, count(*)::int AS quantidade
       FROM ticket_stats s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.company_id = $1 AND NOT s.deleted AND s.created_at >= $2 AND s.created_at < $3
      GROUP BY u.name ORDER BY quantidade DESC, name`,
    [companyId, range.from, range.to],
  );
  return rows;
}

/** Tickets per day, or per hour when the range is a single day (the "tickets per day" chart). */
export async function ticketsPerDay(
  pool: pg.Pool,
  companyId: string,
  range: Range,
  timeZone: string,
): Promise<TicketsPerDayPoint[]> {
  const singleDay = new Date(range.to).getTime() - new Date(range.from).getTime() <= 86_400_000;
  // Formatted by PostgreSQL in the company's time zone, so the server's own zone plays no part.
  const label = singleDay ? `to_char(h, 'HH24":00 - "HH24":59"')` : `to_char(h, 'DD/MM/YYYY')`;
  const { rows } = await pool.query<{ label: string; total: number }>(
    `SELECT ${label} AS label, count(*)::int AS total
       FROM (SELECT date_trunc('${singleDay ? 'hour' : 'day'}', s.created_at AT TIME ZONE $4) AS h
               FROM ticket_stats s
              WHERE s.company_id = $1 AND NOT s.deleted AND s.created_at >= $2 AND s.created_at < $3) b
      GROUP BY h ORDER BY h`,
    [companyId, range.from, range.to, timeZone],
  );
  return rows.map((r) =>
    singleDay ? { horario: r.label, total: r.total } : { data: r.label, total: r.total },
  );
}
