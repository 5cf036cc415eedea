/**
 * The search tab's text (`listTickets` with `searchParam`) matches `lower(contacts.name)`,
 * `contacts.number` and `lower(tickets.last_message)` with `LIKE '%…%'`: trigram GIN indexes on
 * exactly those expressions turn a rare text into an index lookup instead of a scan of every ticket.
 * pg_trgm ships with PostgreSQL (contrib) and is a trusted extension, so the app's role may create it.
 * A rebuild copies these with `LIKE … INCLUDING ALL` (expression and operator class included).
 */
export const ticketSearchMigrations = [
  {
    id: 'projections/tickets-search-001-trigram',
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX contacts_search_name ON contacts USING gin (lower(name) gin_trgm_ops);
      CREATE INDEX contacts_search_number ON contacts USING gin (number gin_trgm_ops);
      CREATE INDEX tickets_search_message ON tickets USING gin (lower(last_message) gin_trgm_ops);`,
  },
];
