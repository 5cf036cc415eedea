import type pg from 'pg';
import type { EventWith, Projection, ProjectionEvent } from '../runner.ts';
import { eraseContactHistory, shredCompanyHistory } from './erasure.ts';

// Every event that names a ticket, kept as it happened: the audit trail behind "who did what to this
// ticket, and when". Rows are facts copied from the store, so applying an event twice (a crash between
// commit and checkpoint, or a replay) must leave one row: event_id is unique.

export const ticketHistoryMigrations = [
  {
    id: 'projections/audit-ticket-history-001',
    sql: `
      CREATE TABLE ticket_history (
        -- The order rows were applied in, which is the store's global order. A replay renumbers it,
        -- so it orders rows but is not part of what a row says.
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        position text NOT NULL,
        ticket_id uuid NOT NULL,
        company_id uuid,
        event_id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        actor text NOT NULL,
        at timestamptz NOT NULL,
        data jsonb NOT NULL
      );
      CREATE INDEX ticket_history_ticket ON ticket_history (ticket_id, at);`,
  },
  {
    // LGPD (erasure.ts): a contact's erasure and a company's retention shred find the tickets to
    // rewrite by their TicketCreated rows (one per ticket, a deleted ticket's too).
    id: 'projections/audit-ticket-history-002-tickets-created',
    sql: `CREATE INDEX ticket_history_created ON ticket_history (company_id, (data->>'contactId'))
            WHERE type = 'TicketCreated';`,
  },
];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Any event that names a ticket: the trail keeps them all, whatever their type. */
type NamesTicket = ProjectionEvent & EventWith<{ ticketId: string; companyId?: string | null }>;
const concernsTicket = (e: ProjectionEvent): e is NamesTicket =>
  'ticketId' in e.data && typeof e.data.ticketId === 'string' && UUID.test(e.data.ticketId);

async function insertRows(tx: pg.PoolClient, events: ProjectionEvent[]): Promise<void> {
  const rows = events.filter(concernsTicket);
  if (rows.length === 0) return;
  // unnest keeps the array order, so seq follows the order the events arrived in.
  await tx.query(
    `INSERT INTO ticket_history (position, ticket_id, company_id, event_id, type, actor, at, data)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::timestamptz[], $8::jsonb[])
     ON CONFLICT (event_id) DO NOTHING`,
    [
      rows.map((e) => e.position),
      rows.map((e) => e.data.ticketId),
      rows.map((e) => e.data.companyId ?? e.metadata.companyId ?? null),
      rows.map((e) => e.id),
      rows.map((e) => e.type),
      rows.map((e) => e.metadata.actor),
      rows.map((e) => e.metadata.at),
      rows.map((e) => JSON.stringify(e.data)),
    ],
  );
}

/** The rows up to each erasure or shred, then what it rewrites in the rows before it (LGPD). */
async function apply(tx: pg.PoolClient, events: ProjectionEvent[]): Promise<void> {
  let from = 0;
  for (const [i, e] of events.entries()) {
    if (e.type !== 'ContactErased' && e.type !== 'CompanyMessagesShredded') continue;
    await insertRows(tx, events.slice(from, i));
    from = i + 1;
    if (e.type === 'ContactErased') await eraseContactHistory(tx, e.data.companyId, e.data.contactId);
    else await shredCompanyHistory(tx, e.data.companyId, e.data.before);
  }
  await insertRows(tx, events.slice(from));
}

export const ticketHistoryProjection: Projection = {
  name: 'ticket-history',
  tables: ['ticket_history'],
  async handle(tx, e) {
    await apply(tx, [e]);
  },
  async handleBatch(tx, events) {
    await apply(tx, events);
    return [];
  },
};
