import type pg from 'pg';
import type { Projection, ProjectionEvent } from '../runner.ts';

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
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const concernsTicket = (e: ProjectionEvent) =>
  typeof e.data?.ticketId === 'string' && UUID.test(e.data.ticketId);

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

export const ticketHistoryProjection: Projection = {
  name: 'ticket-history',
  tables: ['ticket_history'],
  async handle(tx, e) {
    await insertRows(tx, [e]);
  },
  async handleBatch(tx, events) {
    await insertRows(tx, events);
    return [];
  },
};

export interface TicketHistoryRow {
  position: string;
  ticketId: string;
  companyId: string | null;
  eventId: string;
  type: string;
  actor: string;
  at: Date;
  data: Record<string, any>;
}

/** A ticket's events in the order they happened; `companyId` null reads across tenants (operators only). */
export async function ticketHistory(
  pool: pg.Pool,
  companyId: string | null,
  ticketId: string,
): Promise<TicketHistoryRow[]> {
  if (!UUID.test(ticketId) || (companyId !== null && !UUID.test(companyId))) return [];
  const { rows } = await pool.query<TicketHistoryRow>(
    `SELECT position, ticket_id AS "ticketId", company_id AS "companyId", event_id AS "eventId", type, actor, at, data
       FROM ticket_history
      WHERE ticket_id = $1 AND ($2::uuid IS NULL OR company_id = $2)
      ORDER BY seq`,
    [ticketId, companyId],
  );
  return rows;
}

/** Every id a history row mentions that a person would rather read as a name. */
export const idsInHistory = (rows: TicketHistoryRow[]): string[] => [
  ...new Set(
    rows.flatMap((r) =>
      [
        r.actor,
        r.data.userId,
        r.data.previousUserId,
        r.data.queueId,
        r.data.whatsappId,
        r.data.from?.userId,
        r.data.from?.queueId,
        r.data.from?.whatsappId,
      ].filter((x): x is string => typeof x === 'string' && UUID.test(x)),
    ),
  ),
];

/**
 * Names for the users, queues and connections a history mentions, from their read models; with a
 * `companyId` only that company's (a tenant never learns another's names), null for operators.
 * A read model this database does not have yet names nothing: the ids are shown instead.
 */
export async function namesInHistory(
  pool: pg.Pool,
  companyId: string | null,
  rows: TicketHistoryRow[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const wanted = idsInHistory(rows);
  if (wanted.length === 0) return names;
  for (const table of ['users', 'queues', 'whatsapps']) {
    try {
      const { rows: found } = await pool.query<{ id: string; name: string }>(
        `SELECT id::text AS id, name FROM ${table}
          WHERE id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR company_id = $2)`,
        [wanted, companyId],
      );
      for (const r of found) if (!names.has(r.id)) names.set(r.id, r.name);
    } catch (err) {
      if ((err as { code?: string }).code !== '42P01') throw err; // undefined_table
    }
  }
  return names;
}

type NameOf = (id: string) => string;

const snippet = (body: unknown, mediaType?: unknown): string => {
  const text = String(body ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return mediaType && mediaType !== 'chat' ? `[${mediaType}]` : '(empty)';
  return `'${text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text}'`;
};

const ACKS = ['queued', 'sent to the server', 'delivered', 'read', 'played', 'played'];

function transfer(d: Record<string, any>, name: NameOf): string {
  const from = d.from ?? {};
  const parts: string[] = [];
  const show = (id: string | null | undefined) => (id ? name(id) : 'none');
  if ((from.queueId ?? null) !== (d.queueId ?? null))
    parts.push(`from queue ${show(from.queueId)} to queue ${show(d.queueId)}`);
  if ((from.userId ?? null) !== (d.userId ?? null))
    parts.push(`from user ${show(from.userId)} to user ${show(d.userId)}`);
  if (from.whatsappId && from.whatsappId !== d.whatsappId)
    parts.push(`from connection ${show(from.whatsappId)} to connection ${show(d.whatsappId)}`);
  return parts.length ? `transferred ${parts.join(', ')}` : 'transferred (placement unchanged)';
}

/**
 * One line saying what an event did to its ticket. `name` turns a user, queue or connection id into
 * something a person recognises; it defaults to the id itself, which keeps this function pure.
 */
export function describeEvent(type: string, data: Record<string, any>, name: NameOf = (id) => id): string {
  const d = data ?? {};
  const inQueue = d.queueId ? ` in queue ${name(d.queueId)}` : '';
  switch (type) {
    case 'TicketCreated':
      return `created as ${d.status}${d.userId ? ` for ${name(d.userId)}` : ''}${inQueue}`;
    case 'TicketAccepted':
      return `accepted by ${name(d.userId)}${inQueue}`;
    case 'TicketReturned':
      return d.previousUserId ? `returned to pending by ${name(d.previousUserId)}` : 'returned to pending';
    case 'TicketTransferred':
      return transfer(d, name);
    case 'TicketClosed': {
      const why = { rated: ' after the rating', unrated: ' without a rating', inactive: ' for inactivity' };
      const reason = why[d.reason as keyof typeof why] ?? '';
      return d.userId ? `closed${reason} (was with ${name(d.userId)})` : `closed${reason}`;
    }
    case 'TicketBotStepped':
      return d.replies?.length
        ? `chatbot answered (${d.bot?.stage}): ${d.replies.map((r: string) => snippet(r)).join(', ')}`
        : `chatbot ${d.bot?.stage === 'ended' ? 'stopped' : `moved on (${d.bot?.stage})`}`;
    case 'TicketBotEnded':
      return `chatbot stopped (${{ maxUse: 'too many wrong answers', timeout: 'time limit', transferred: 'transferred' }[d.reason as string] ?? d.reason})`;
    case 'TicketQueueAssigned':
      return `${d.reason === 'timeToTransfer' ? 'moved unanswered' : 'put by the chatbot'} in queue ${d.queueId ? name(d.queueId) : 'none'}`;
    case 'TicketRatingRequested':
      return `rating asked${d.userId ? ` for ${name(d.userId)}` : ''}`;
    case 'TicketRatingReasked':
      return 'rating asked again (the answer was not 1, 2 or 3)';
    case 'TicketRated':
      return `rated ${d.rate} (${['', 'unsatisfied', 'satisfied', 'very satisfied'][d.rate] ?? ''})`;
    case 'TicketReopened':
      return `reopened${d.userId ? ` for ${name(d.userId)}` : ''}${inQueue}`;
    case 'TicketDeleted':
      return 'deleted';
    case 'TicketMessagesRead':
      return `messages read by ${name(d.userId)}`;
    case 'InboundMessageReceived':
      return `message received${d.senderName ? ` from ${d.senderName}` : ''}: ${snippet(d.body, d.mediaType)}`;
    case 'OutboundMessageQueued':
      return `message queued${d.userId ? ` by ${name(d.userId)}` : ''}: ${snippet(d.body, d.mediaType)}`;
    case 'OutboundMessageSent':
      return d.attempts > 1 ? `message sent after ${d.attempts} attempts` : 'message sent';
    case 'OutboundMessageFailed':
      return `message failed after ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}: ${d.reason}`;
    case 'MessageAcknowledged':
      return `message ${ACKS[d.ack] ?? `acknowledged (${d.ack})`}`;
    case 'MessageDeleted':
      return `message deleted${d.userId ? ` by ${name(d.userId)}` : ''}`;
    case 'PhoneMessageSent':
      return `message typed on the business phone: ${snippet(d.body, d.mediaType)}`;
    case 'MessageEdited':
      return `message edited: ${snippet(d.previousBody)} → ${snippet(d.body)}`;
    case 'ConversationTicketClaimed':
      return `conversation claimed the ticket (${d.reason}) as ${d.status}${inQueue}`;
    default:
      return type;
  }
}
