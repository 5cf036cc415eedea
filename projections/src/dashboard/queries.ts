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

// The counters and charts that measure what the reports measure read the reports' model
// (reports/projection.ts), so that the dashboard and GET /reports/ agree (issue 24: one definition of
// "first response"): finished = the report's resolved, wait = its first response (opening → a person's
// first answer), attendance = from that answer to the close (its resolution minus its first response),
// ratings per agent = its CSAT, tickets per agent and per day or hour = its opened. Times are business
// time, in minutes here; each is bucketed as the report buckets it.

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
       (SELECT count(*)::int FROM report_openings WHERE company_id = $1 AND NOT deleted AND closed_at >= $2 AND closed_at < $3) AS "supportFinished",
       (SELECT count(*)::int FROM contacts WHERE company_id = $1 AND created_at >= $2 AND created_at < $3) AS "leads",
       (SELECT coalesce(avg(resolution_secs - first_response_secs) / 60, 0)::float8 FROM report_openings
         WHERE company_id = $1 AND NOT deleted AND resolution_secs IS NOT NULL AND closed_at >= $2 AND closed_at < $3) AS "avgSupportTime",
       (SELECT coalesce(avg(secs) / 60, 0)::float8 FROM report_responses
         WHERE company_id = $1 AND NOT deleted AND kind = 'first' AND customer_at >= $2 AND customer_at < $3) AS "avgWaitTime"`,
    [companyId, range.from, range.to],
  );
  const attendants = await pool.query<DashboardCounterRows['attendants'][number]>(
    `SELECT u.id, u.name,
            (SELECT avg(o.rating) FROM report_openings o
              WHERE o.company_id = $1 AND o.rated_user_id = u.id AND NOT o.deleted AND o.rating IS NOT NULL
                AND o.rating_asked_at >= $2 AND o.rating_asked_at < $3)::float8 AS rating,
            coalesce((SELECT avg(o.resolution_secs - o.first_response_secs) / 60 FROM report_openings o
                       WHERE o.company_id = $1 AND o.user_id = u.id AND NOT o.deleted AND o.resolution_secs IS NOT NULL
                         AND o.closed_at >= $2 AND o.closed_at < $3), 0)::float8 AS "avgSupportTime"
       FROM users u WHERE u.company_id = $1 ORDER BY u.name`,
    [companyId, range.from, range.to],
  );
  return { ...rows[0], attendants: attendants.rows };
}

/** Tickets per agent opened in the range (the "tickets per user" chart): the report's opened per agent. */
export async function ticketsPerUser(
  pool: pg.Pool,
  companyId: string,
  range: Range,
): Promise<TicketsPerUserPoint[]> {
  const { rows } = await pool.query<TicketsPerUserPoint>(
    `SELECT coalesce(u.name, '—') AS name, count(*)::int AS quantidade
       FROM report_openings o LEFT JOIN users u ON u.id = o.user_id
      WHERE o.company_id = $1 AND NOT o.deleted AND NOT o.reopened AND o.opened_at >= $2 AND o.opened_at < $3
      GROUP BY o.user_id, u.name ORDER BY quantidade DESC, name`,
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
       FROM (SELECT date_trunc('${singleDay ? 'hour' : 'day'}', o.opened_at AT TIME ZONE $4) AS h
               FROM report_openings o
              WHERE o.company_id = $1 AND NOT o.deleted AND NOT o.reopened
                AND o.opened_at >= $2 AND o.opened_at < $3) b
      GROUP BY h ORDER BY h`,
    [companyId, range.from, range.to, timeZone],
  );
  return rows.map((r) =>
    singleDay ? { horario: r.label, total: r.total } : { data: r.label, total: r.total },
  );
}
