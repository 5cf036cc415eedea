import type pg from 'pg';
import type { Projection } from '../runner.ts';

// One row per ticket with the moments the dashboard measures: created (waiting starts), first
// accepted (waiting ends, talking starts), closed (talking ends). Averages and counts are SQL over it.
export const ticketStatsMigrations = [
  {
    id: 'projections/ticket-stats-001',
    sql: `
      CREATE TABLE ticket_stats (
        ticket_id uuid PRIMARY KEY, company_id uuid NOT NULL, user_id uuid, queue_id uuid,
        created_at timestamptz NOT NULL, accepted_at timestamptz, closed_at timestamptz, deleted boolean NOT NULL DEFAULT false
      );
      CREATE INDEX ticket_stats_company_created ON ticket_stats (company_id, created_at);
      CREATE INDEX ticket_stats_company_closed ON ticket_stats (company_id, closed_at);`,
  },
  {
    // The customer's rating (1 unsatisfied, 2 satisfied, 3 very satisfied) of the agent who resolved.
    id: 'projections/ticket-stats-002-rating',
    sql: `ALTER TABLE ticket_stats ADD COLUMN rating int, ADD COLUMN rated_user_id uuid;`,
  },
];

export const ticketStatsProjection: Projection = {
  name: 'ticket-stats',
  tables: ['ticket_stats'],
  async handle(tx, e) {
    const at = e.metadata.at;
    switch (e.type) {
      case 'TicketCreated':
        await tx.query(
          `INSERT INTO ticket_stats (ticket_id, company_id, user_id, queue_id, created_at, accepted_at)
           VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 = 'open' THEN $5::timestamptz END) ON CONFLICT DO NOTHING`,
          [e.data.ticketId, e.data.companyId, e.data.userId, e.data.queueId, at, e.data.status],
        );
        return;
      case 'TicketAccepted':
        await tx.query(
          'UPDATE ticket_stats SET accepted_at = coalesce(accepted_at, $2), user_id = $3 WHERE ticket_id = $1',
          [e.data.ticketId, at, e.data.userId],
        );
        return;
      case 'TicketTransferred':
        await tx.query(
          'UPDATE ticket_stats SET user_id = coalesce($2, user_id), queue_id = $3 WHERE ticket_id = $1',
          [e.data.ticketId, e.data.userId, e.data.queueId],
        );
        return;
      case 'TicketClosed':
        await tx.query(
          'UPDATE ticket_stats SET closed_at = $2, user_id = coalesce($3, user_id) WHERE ticket_id = $1',
          [e.data.ticketId, at, e.data.userId],
        );
        return;
      case 'TicketRated':
        await tx.query('UPDATE ticket_stats SET rating = $2, rated_user_id = $3 WHERE ticket_id = $1', [
          e.data.ticketId,
          e.data.rate,
          e.data.userId,
        ]);
        return;
      case 'TicketQueueAssigned':
        await tx.query('UPDATE ticket_stats SET queue_id = $2 WHERE ticket_id = $1', [
          e.data.ticketId,
          e.data.queueId,
        ]);
        return;
      case 'TicketReopened':
        await tx.query('UPDATE ticket_stats SET closed_at = NULL WHERE ticket_id = $1', [e.data.ticketId]);
        return;
      case 'TicketDeleted':
        await tx.query('UPDATE ticket_stats SET deleted = true WHERE ticket_id = $1', [e.data.ticketId]);
        return;
    }
  },
};

export interface Range {
  from: string;
  /** Exclusive. */
  to: string;
}

/** The six counters and the attendants table (doc 1 §2 Dashboard). Times are in minutes. */
export async function dashboardCounters(pool: pg.Pool, companyId: string, range: Range) {
  const { rows } = await pool.query(
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
  const attendants = await pool.query(
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
export async function ticketsPerUser(pool: pg.Pool, companyId: string, range: Range) {
  const { rows } = await pool.query(
    `SELECT coalesce(u.name, '—') AS name, count(*)::int AS quantidade
       FROM ticket_stats s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.company_id = $1 AND NOT s.deleted AND s.created_at >= $2 AND s.created_at < $3
      GROUP BY u.name ORDER BY quantidade DESC, name`,
    [companyId, range.from, range.to],
  );
  return rows;
}

/** Tickets per day, or per hour when the range is a single day (the "tickets per day" chart). */
export async function ticketsPerDay(pool: pg.Pool, companyId: string, range: Range, timeZone: string) {
  const singleDay = new Date(range.to).getTime() - new Date(range.from).getTime() <= 86_400_000;
  // Formatted by PostgreSQL in the company's time zone, so the server's own zone plays no part.
  const label = singleDay ? `to_char(h, 'HH24":00 - "HH24":59"')` : `to_char(h, 'DD/MM/YYYY')`;
  const { rows } = await pool.query(
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
