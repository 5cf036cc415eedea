import type { TicketSearchMatch } from '@zelo/contracts/tickets/read-models';
import { excerptAround } from '@zelo/contracts/tickets/search-text';
import type pg from 'pg';

// The search tab's text (issue 24): what `listTickets` looks for, and the message each found ticket
// shows. The SQL functions and the index are in search-indexes.ts.

/** Longer texts are cut: the API refuses them first (ListTicketsQuery), this guards other callers. */
export const SEARCH_TEXT_MAX = 100;

/** The text a search looks for: trimmed, capped, without NUL (PostgreSQL text cannot hold one); '' = none. */
export const searchText = (raw: string | undefined) =>
  (raw ?? '').replaceAll('\0', '').trim().slice(0, SEARCH_TEXT_MAX).trim();

/**
 * Messages are searched from three letters or digits in a row: the trigram index answers nothing
 * shorter, and reading every message of a busy company for "ok" takes seconds. Names and numbers
 * are searched from the first character, as before.
 */
export const searchesMessages = (text: string) => /[\p{L}\p{N}]{3}/u.test(text);

/** A message matching the pattern `$n` (`zelo_contains_pattern` of the text), as SQL on `m`. */
export const messageMatches = (n: number) =>
  `NOT m.is_deleted AND public.zelo_search_text(m.body) LIKE public.zelo_contains_pattern($${n})`;

/** How many of a ticket's newest messages the first look reads, newest first. */
const RECENT = 50;

/**
 * The newest message of each ticket that matches the text, cut around the match. First among each
 * ticket's newest messages, newest first: a common word is met at once, where the index would list
 * every message holding it. The tickets with older messages still unread (a rare word far back in a
 * long conversation) then go through the index, which the planner picks for a rare text.
 */
export async function searchMatches(
  pool: pg.Pool,
  ticketIds: string[],
  text: string,
): Promise<Map<string, TicketSearchMatch>> {
  const matches = new Map<string, TicketSearchMatch>();
  if (ticketIds.length === 0 || !searchesMessages(text)) return matches;
  type Row = { ticketId: string; id: string | null; body: string; createdAt: Date; older?: boolean };
  const keep = (rows: Row[]) => {
    for (const r of rows)
      if (r.id)
        matches.set(r.ticketId, {
          messageId: r.id,
          excerpt: excerptAround(r.body, text),
          createdAt: r.createdAt.toISOString(),
        });
  };
  const recent = await pool.query<Row>(
    `SELECT p.id AS "ticketId", r.id, r.body, r.created_at AS "createdAt",
            CASE WHEN r.id IS NULL THEN (SELECT count(*) FROM (
              SELECT 1 FROM messages WHERE ticket_id = p.id LIMIT ${RECENT}) n) = ${RECENT} END AS older
       FROM unnest($1::uuid[]) p(id) LEFT JOIN LATERAL (
         SELECT m.id, m.body, m.created_at FROM (
           SELECT * FROM messages WHERE ticket_id = p.id ORDER BY created_at DESC, id LIMIT ${RECENT}) m
          WHERE ${messageMatches(2)} ORDER BY m.created_at DESC, m.id LIMIT 1) r ON true`,
    [ticketIds, text],
  );
  keep(recent.rows);
  const older = recent.rows.filter((r) => r.older).map((r) => r.ticketId);
  if (older.length === 0) return matches;
  const rest = await pool.query<Row>(
    `SELECT DISTINCT ON (m.ticket_id) m.ticket_id AS "ticketId", m.id, m.body, m.created_at AS "createdAt"
       FROM messages m WHERE m.ticket_id = ANY($1::uuid[]) AND ${messageMatches(2)}
      ORDER BY m.ticket_id, m.created_at DESC, m.id`,
    [older, text],
  );
  keep(rest.rows);
  return matches;
}
