// The dashboard's own read model until issue 24, when its counters and charts moved to the reports'
// model (one definition of "first response"). Its migrations stay, in order, so that a database that
// ran them and a fresh one end alike: without the table, and without the retired projection's checkpoint.
export const retiredTicketStatsMigrations = [
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
    id: 'projections/ticket-stats-002-rating',
    sql: `ALTER TABLE ticket_stats ADD COLUMN rating int, ADD COLUMN rated_user_id uuid;`,
  },
  {
    id: 'projections/ticket-stats-003-retired',
    sql: `DROP TABLE ticket_stats;
          DELETE FROM projection_checkpoints WHERE name = 'ticket-stats';
          DELETE FROM projection_faults WHERE projection = 'ticket-stats';`,
  },
];
