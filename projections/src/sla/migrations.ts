// The SLA projection's tables (sla-clocks.ts). It keeps its own copy of the policies and opening hours,
// taken from the events, so that a replay computes every clock with what was in force at the time.
export const slaClocksMigrations = [
  {
    id: 'projections/sla-001',
    sql: `
      CREATE TABLE sla_policies (
        policy_id uuid PRIMARY KEY, company_id uuid NOT NULL, name text NOT NULL, queue_id uuid NOT NULL,
        whatsapp_id uuid, first_response_minutes int, next_response_minutes int, resolution_minutes int,
        clock text NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX sla_policies_company ON sla_policies (company_id);
      CREATE TABLE sla_company_hours (company_id uuid PRIMARY KEY, hours jsonb NOT NULL);
      CREATE TABLE sla_queue_hours (queue_id uuid PRIMARY KEY, company_id uuid NOT NULL, hours jsonb NOT NULL);
      CREATE INDEX sla_queue_hours_company ON sla_queue_hours (company_id);
      -- Each ticket as its clocks' rules see it (contracts/src/sla/clocks.ts SlaTicket).
      CREATE TABLE sla_tickets (ticket_id uuid PRIMARY KEY, company_id uuid NOT NULL, state jsonb NOT NULL);
      -- One row per run of a target: what reports read for the SLA attainment.
      CREATE TABLE sla_clocks (
        company_id uuid NOT NULL, ticket_id uuid NOT NULL, clock_id text NOT NULL, target text NOT NULL,
        policy_id uuid NOT NULL, queue_id uuid, whatsapp_id uuid, user_id uuid,
        started_at timestamptz NOT NULL, due_at timestamptz, warn_at timestamptz, stopped_at timestamptz,
        warned_at timestamptz, breached_at timestamptz, cancelled boolean NOT NULL DEFAULT false,
        -- Open time counted before running_since (a resolution's stretches between pauses; running_since
        -- null: paused); once stopped, all the clock counted, in its policy's hours.
        elapsed_ms bigint NOT NULL DEFAULT 0, running_since timestamptz,
        PRIMARY KEY (ticket_id, clock_id)
      );
      CREATE INDEX sla_clocks_company_started ON sla_clocks (company_id, started_at);
      CREATE INDEX sla_clocks_running_policy ON sla_clocks (policy_id) WHERE stopped_at IS NULL;
      -- The running clock closest to breach: the list's badge and its "closest to breach" order.
      CREATE TABLE ticket_sla (
        ticket_id uuid PRIMARY KEY, company_id uuid NOT NULL, target text NOT NULL, state text NOT NULL,
        due_at timestamptz, warn_at timestamptz
      );
      CREATE INDEX ticket_sla_due ON ticket_sla (company_id, due_at, ticket_id);`,
  },
];
