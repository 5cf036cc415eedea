import type { AnyEvent } from '@zelo/contracts/events';
import type pg from 'pg';
import { UUID } from './ticket-history.ts';

/** One kept event: its `type` and `data` as its contract says (they were checked when written). */
export type TicketHistoryRow = Extract<AnyEvent, { data: { ticketId: unknown } }> & {
  position: string;
  ticketId: string;
  companyId: string | null;
  eventId: string;
  actor: string;
  at: Date;
};

/** The fields of a kept event that name a user, queue or connection, whichever event it is. */
interface Mentions {
  ticketId: string | null;
  userId?: string | null;
  previousUserId?: string | null;
  queueId?: string | null;
  whatsappId?: string | null;
  from?: { userId: string | null; queueId: string | null; whatsappId: string | null };
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
    rows.flatMap(({ actor, data }: { actor: string; data: Mentions }) =>
      [
        actor,
        data.userId,
        data.previousUserId,
        data.queueId,
        data.whatsappId,
        data.from?.userId,
        data.from?.queueId,
        data.from?.whatsappId,
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

/** The events that say where a ticket sits: each sets its queue, and most its agent. */
const placing = new Set([
  'TicketCreated',
  'TicketAccepted',
  'TicketTransferred',
  'TicketClosed',
  'TicketReopened',
  'TicketQueueAssigned',
  'TicketReturned',
]);

/**
 * Where the history last left the ticket (its queue and agent): the access check for a ticket whose
 * row is gone (deleted) reads this, never nothing. Null when the history never placed it.
 */
export function lastPlacement(
  rows: TicketHistoryRow[],
): { queueId: string | null; userId: string | null } | null {
  let placed = false;
  let queueId: string | null = null;
  let userId: string | null = null;
  for (const r of rows) {
    if (!placing.has(r.type)) continue;
    placed = true;
    if ('queueId' in r.data) queueId = r.data.queueId ?? null;
    if (r.type === 'TicketReturned') userId = null;
    else if ('userId' in r.data) userId = r.data.userId ?? null;
  }
  return placed ? { queueId, userId } : null;
}
