// The reports' read model (issue 24): what happened to each opening of a ticket and each customer wait,
// with its durations in business seconds computed when the event was projected (with the company's
// hours in force then, kept from the events), so that a replay gives the same numbers.
export const reportsMigrations = [
  {
    id: 'projections/reports-001',
    sql: `
      -- The company's opening hours as its last CompanySchedulesChanged set them ([]: always open).
      CREATE TABLE report_company_hours (company_id uuid PRIMARY KEY, hours jsonb NOT NULL);
      -- Where each reported ticket stands now: what a message or a reopen needs to know. Group tickets
      -- are not reported and have no row.
      CREATE TABLE report_tickets (
        ticket_id uuid PRIMARY KEY, company_id uuid NOT NULL, contact_id uuid NOT NULL,
        whatsapp_id uuid NOT NULL, queue_id uuid, user_id uuid,
        opening int NOT NULL, open boolean NOT NULL,
        -- The customer's oldest message not yet answered by a person, since the last person's answer.
        waiting_since timestamptz, deleted boolean NOT NULL DEFAULT false
      );
      -- One row per opening: the creation is 1, each reopen adds one. Queue, connection and agent are
      -- the opening's latest (the agent who closed it, once closed).
      CREATE TABLE report_openings (
        ticket_id uuid NOT NULL, opening int NOT NULL, company_id uuid NOT NULL, contact_id uuid NOT NULL,
        whatsapp_id uuid NOT NULL, queue_id uuid, user_id uuid,
        opened_at timestamptz NOT NULL, reopened boolean NOT NULL,
        first_response_at timestamptz, first_response_secs float8, first_response_user_id uuid,
        answered_by_person boolean NOT NULL DEFAULT false,
        closed_at timestamptz, close_reason text, resolution_secs float8,
        rating_asked_at timestamptz, rated_user_id uuid, rating int,
        deleted boolean NOT NULL DEFAULT false,
        PRIMARY KEY (ticket_id, opening)
      );
      CREATE INDEX report_openings_opened ON report_openings (company_id, opened_at);
      CREATE INDEX report_openings_closed ON report_openings (company_id, closed_at) WHERE closed_at IS NOT NULL;
      CREATE INDEX report_openings_asked ON report_openings (company_id, rating_asked_at)
        WHERE rating_asked_at IS NOT NULL;
      -- One row per customer wait a person answered: the opening's first (from the opening) or a next
      -- one (from the customer's first unanswered message), keyed by the answering message.
      CREATE TABLE report_responses (
        message_id uuid PRIMARY KEY, company_id uuid NOT NULL, ticket_id uuid NOT NULL, opening int NOT NULL,
        kind text NOT NULL, customer_at timestamptz NOT NULL, answered_at timestamptz NOT NULL,
        secs float8 NOT NULL, user_id uuid, queue_id uuid, whatsapp_id uuid NOT NULL,
        deleted boolean NOT NULL DEFAULT false
      );
      CREATE INDEX report_responses_customer ON report_responses (company_id, customer_at);
      CREATE INDEX report_responses_ticket ON report_responses (ticket_id, opening);`,
  },
];
