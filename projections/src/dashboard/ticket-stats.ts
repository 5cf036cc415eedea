import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

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
        await write(
          tx,
          `INSERT INTO ticket_stats (ticket_id, company_id, user_id, queue_id, created_at, accepted_at)
           VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 = 'open' THEN $5::timestamptz END) ON CONFLICT DO NOTHING`,
          [e.data.ticketId, e.data.companyId, e.data.userId, e.data.queueId, at, e.data.status],
        );
        return;
      case 'TicketAccepted':
        await write(
          tx,
          'UPDATE ticket_stats SET accepted_at = coalesce(accepted_at, $2), user_id = $3 WHERE ticket_id = $1',
          [e.data.ticketId, at, e.data.userId],
        );
        return;
      case 'TicketTransferred':
        await write(
          tx,
          'UPDATE ticket_stats SET user_id = coalesce($2, user_id), queue_id = $3 WHERE ticket_id = $1',
          [e.data.ticketId, e.data.userId, e.data.queueId],
        );
        return;
      case 'TicketClosed':
        await write(
          tx,
          'UPDATE ticket_stats SET closed_at = $2, user_id = coalesce($3, user_id) WHERE ticket_id = $1',
          [e.data.ticketId, at, e.data.userId],
        );
        return;
      case 'TicketRated':
        await write(tx, 'UPDATE ticket_stats SET rating = $2, rated_user_id = $3 WHERE ticket_id = $1', [
          e.data.ticketId,
          e.data.rate,
          e.data.userId,
        ]);
        return;
      case 'TicketQueueAssigned':
        await write(tx, 'UPDATE ticket_stats SET queue_id = $2 WHERE ticket_id = $1', [
          e.data.ticketId,
          e.data.queueId,
        ]);
        return;
      case 'TicketReopened':
        await write(tx, 'UPDATE ticket_stats SET closed_at = NULL WHERE ticket_id = $1', [e.data.ticketId]);
        return;
      case 'TicketDeleted':
        await write(tx, 'UPDATE ticket_stats SET deleted = true WHERE ticket_id = $1', [e.data.ticketId]);
        return;
    }
  },
};
