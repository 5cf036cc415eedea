import type { MessagePage, MessageView } from '@zelo/contracts/messaging/read-models';
import { KANBAN_TICKETS_LIMIT } from '@zelo/contracts/tickets/api';
import type { TicketPage, TicketView } from '@zelo/contracts/tickets/read-models';
import type pg from 'pg';
import { messageMatches, searchesMessages, searchMatches, searchText } from './search.ts';

/** A row as PostgreSQL hands it: its times are Dates until they cross the wire. */
type Dated<T> = Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** The wire shape: times as ISO strings, exactly what JSON made of the Dates before. */
function undated<T extends { createdAt: string; updatedAt: string }>(row: Dated<T>): T {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() } as T;
}
const toTicket = (row: Dated<TicketView>) => undated<TicketView>(row);
const toMessage = (row: Dated<MessageView>) => undated<MessageView>(row);

const ticketSelect = `
  SELECT t.id, t.id AS uuid, t.status, t.user_id AS "userId", t.queue_id AS "queueId", t.whatsapp_id AS "whatsappId",
         t.contact_id AS "contactId", t.is_group AS "isGroup", t.chatbot, t.last_message AS "lastMessage",
         t.unread_messages AS "unreadMessages", t.updated_at AS "updatedAt", t.created_at AS "createdAt",
         t.company_id AS "companyId", t.use_integration AS "useIntegration", t.prompt_id AS "promptId",
         t.integration_id AS "integrationId",
         CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS "user",
         CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'name', q.name, 'color', q.color) END AS queue,
         json_build_object('id', w.id, 'name', coalesce(w.name, '')) AS whatsapp,
         json_build_object('id', c.id, 'name', coalesce(c.name, ''), 'number', coalesce(c.number, ''),
                           'profilePicUrl', coalesce(c.profile_pic_url, '')) AS contact,
         coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY lower(g.name))
                     FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.ticket_id = t.id), '[]'::json) AS tags,
         CASE WHEN sla.ticket_id IS NULL THEN NULL ELSE json_build_object('target', sla.target, 'state', sla.state,
           'dueAt', to_char(sla.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'warnAt', to_char(sla.warn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS sla
    FROM tickets t
    LEFT JOIN ticket_sla sla ON sla.ticket_id = t.id
    LEFT JOIN users u ON u.id = t.user_id
    LEFT JOIN queues q ON q.id = t.queue_id
    LEFT JOIN whatsapps w ON w.id = t.whatsapp_id
    LEFT JOIN contacts c ON c.id = t.contact_id`;

export interface TicketFilter {
  companyId: string;
  status?: 'open' | 'pending' | 'closed';
  /** Only these queues, plus tickets without a queue (see `queuelessOwnedBy`); null = every ticket. */
  queueIds: string[] | null;
  /**
   * With `queueIds`: queue-less tickets come along only when this user owns them (a plain agent whose
   * allTicket setting is off, doc 1 §6); null or absent = every queue-less ticket.
   */
  queuelessOwnedBy?: string | null;
  /** Restrict open tickets to this user (show-all off). */
  userId?: string | null;
  searchParam?: string;
  /** Only tickets carrying at least one of these tags. */
  tagIds?: string[] | null;
  /** Only tickets owned by one of these users (search tab, admins). */
  userIds?: string[] | null;
  withUnreadMessages?: boolean;
  /** `slaDue`: the running SLA clock closest to breach first (issue 24), then newest first. */
  orderBy?: 'recent' | 'slaDue';
  pageNumber: number;
  pageSize?: number;
}

/** The `queueIds` / `queuelessOwnedBy` part of a ticket filter, as SQL conditions on `t`. */
function narrowToQueues(
  f: Pick<TicketFilter, 'queueIds' | 'queuelessOwnedBy'>,
  params: unknown[],
  where: string[],
) {
  if (!f.queueIds) return;
  params.push(f.queueIds);
  const inQueues = `t.queue_id = ANY($${params.length}::uuid[])`;
  if (f.queuelessOwnedBy) {
    params.push(f.queuelessOwnedBy);
    where.push(`(${inQueues} OR (t.queue_id IS NULL AND t.user_id = $${params.length}))`);
  } else {
    where.push(`(${inQueues} OR t.queue_id IS NULL)`);
  }
}

/**
 * With a search text, `count` stops counting here: below it, it is the exact number of matches; from
 * it on, a lower bound (this many, or as many as the pages up to this one prove). The search tab shows
 * no count (it counts the rows it holds), and an exact count of a common fragment walks every match.
 */
export const SEARCH_COUNT_BOUND = 200;

export async function listTickets(pool: pg.Pool, f: TicketFilter): Promise<TicketPage> {
  const size = f.pageSize ?? 40;
  const offset = (f.pageNumber - 1) * size;
  const params: unknown[] = [f.companyId];
  const where = ['t.company_id = $1'];
  if (f.status) {
    params.push(f.status);
    where.push(`t.status = $${params.length}`);
  }
  narrowToQueues(f, params, where);
  if (f.userId) {
    params.push(f.userId);
    where.push(`(t.status <> 'open' OR t.user_id = $${params.length})`);
  }
  if (f.userIds?.length) {
    params.push(f.userIds);
    where.push(`t.user_id = ANY($${params.length}::uuid[])`);
  }
  if (f.withUnreadMessages) where.push('t.unread_messages > 0');
  if (f.tagIds?.length) {
    params.push(f.tagIds);
    where.push(
      `EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = ANY($${params.length}::uuid[]))`,
    );
  }
  // A text matches the contact's name (without case or accents) or number, or any message of the
  // ticket that is not deleted (issue 24). One OR across the joins could use no index; each half apart
  // is planned on its own: a trigram index (search-indexes.ts) for a rare text, a walk newest first
  // until the page is full for a common one. The pattern is folded once, when the query is planned.
  const text = searchText(f.searchParam);
  if (text) params.push(text);
  const pattern = `public.zelo_contains_pattern($${params.length})`;
  const halves = [
    `EXISTS (SELECT 1 FROM contacts c WHERE c.id = t.contact_id AND c.company_id = $1
       AND (public.zelo_search_text(c.name) LIKE ${pattern} OR c.number LIKE ${pattern}))`,
    ...(searchesMessages(text)
      ? [`EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = t.id AND ${messageMatches(params.length)})`]
      : []),
  ];
  const filtered = `FROM tickets t WHERE ${where.join(' AND ')}`;
  const countParams = [...params];
  params.push(size + 1, offset);
  const [limit, skip] = [`$${params.length - 1}`, `$${params.length}`];
  if (text) params.push(size + 1 + offset);
  const upTo = `$${params.length}`;
  // The page's ids first, then the joins and JSON for those rows only: building the row for every
  // match before the sort cost ~1 s on 100 000 tickets (bench/ticket-list.ts). With a text, the page
  // is the newest of each half's newest, without the tickets both halves found.
  const page = text
    ? `SELECT m.id FROM (${halves
        .map(
          (h) =>
            `(SELECT t.id, t.updated_at ${filtered} AND ${h} ORDER BY t.updated_at DESC, t.id LIMIT ${upTo})`,
        )
        .join(' UNION ')}) m ORDER BY m.updated_at DESC, m.id LIMIT ${limit} OFFSET ${skip}`
    : `SELECT t.id ${filtered} ORDER BY t.updated_at DESC, t.id LIMIT ${limit} OFFSET ${skip}`;
  // With a text, each half stops at the bound: if both stop short, their union is every match.
  const counted = text
    ? `SELECT least(count(*), ${SEARCH_COUNT_BOUND})::int AS n FROM (${halves
        .map((h) => `(SELECT t.id ${filtered} AND ${h} LIMIT ${SEARCH_COUNT_BOUND})`)
        .join(' UNION ')}) m`
    : `SELECT count(*)::int AS n ${filtered}`;
  // The page and the count are independent: run them side by side on two connections.
  const [{ rows }, count] = await Promise.all([
    pool.query<Dated<TicketView>>(
      f.orderBy === 'slaDue'
        ? `${ticketSelect} WHERE t.id = ANY(ARRAY(${slaDuePage(where, text ? halves : null, limit, skip, upTo)}))
           ORDER BY sla.due_at ASC NULLS LAST, t.updated_at DESC, t.id`
        : `${ticketSelect} WHERE t.id = ANY(ARRAY(${page})) ORDER BY t.updated_at DESC, t.id`,
      params,
    ),
    pool.query(counted, countParams),
  ]);
  const n = count.rows[0].n as number;
  const tickets = rows.slice(0, size).map(toTicket);
  if (text) {
    const matches = await searchMatches(
      pool,
      tickets.map((t) => t.id),
      text,
    );
    for (const t of tickets) t.searchMatch = matches.get(t.id) ?? null;
  }
  return {
    tickets,
    // Past the bound, the rows before this page, on it and the one beyond it are all matches.
    count: text && n >= SEARCH_COUNT_BOUND ? Math.max(n, offset + rows.length) : n,
    hasMore: rows.length > size,
  };
}

/**
 * A page's ids closest to breach first (`orderBy=slaDue`): the tickets with a running SLA clock by its
 * due instant, then the others newest first. Each part (with a text: each half of the search) walks in
 * that order only as far as the page (`upTo`), as the newest-first page does.
 */
function slaDuePage(where: string[], halves: string[] | null, limit: string, skip: string, upTo: string) {
  const conditions = where.join(' AND ');
  const dueFirst = 'ORDER BY s.due_at ASC NULLS LAST, t.updated_at DESC, t.id';
  const withClock =
    'SELECT t.id, s.due_at, t.updated_at FROM tickets t LEFT JOIN ticket_sla s ON s.ticket_id = t.id';
  const parts = halves
    ? halves.map((h) => `${withClock} WHERE ${conditions} AND ${h} ${dueFirst} LIMIT ${upTo}`)
    : [
        `SELECT t.id, s.due_at, t.updated_at FROM ticket_sla s JOIN tickets t ON t.id = s.ticket_id
          WHERE s.company_id = $1 AND ${conditions} ${dueFirst} LIMIT (${limit}::int + ${skip}::int)`,
        `SELECT t.id, NULL::timestamptz, t.updated_at FROM tickets t
          WHERE ${conditions} AND NOT EXISTS (SELECT 1 FROM ticket_sla s WHERE s.ticket_id = t.id)
          ORDER BY t.updated_at DESC, t.id LIMIT (${limit}::int + ${skip}::int)`,
      ];
  return `SELECT p.id FROM (${parts.map((q) => `(${q})`).join(' UNION ')}) p
    ORDER BY p.due_at ASC NULLS LAST, p.updated_at DESC, p.id LIMIT ${limit} OFFSET ${skip}`;
}

/**
 * The kanban board's tickets (doc 2 §2.5): the company's tickets not closed (open and pending), with
 * their tags, most recently updated first, at most `KANBAN_TICKETS_LIMIT` of them (enough for a board,
 * bounded so that one call stays cheap; older ones are left off). `queueIds` and `queuelessOwnedBy`
 * narrow as in `listTickets`.
 */
export async function listKanbanTickets(
  pool: pg.Pool,
  f: Pick<TicketFilter, 'companyId' | 'queueIds' | 'queuelessOwnedBy'>,
): Promise<TicketView[]> {
  const params: unknown[] = [f.companyId, KANBAN_TICKETS_LIMIT];
  const where = ['t.company_id = $1', "t.status IN ('open', 'pending')"];
  narrowToQueues(f, params, where);
  const { rows } = await pool.query<Dated<TicketView>>(
    `${ticketSelect} WHERE t.id = ANY(ARRAY(
       SELECT t.id FROM tickets t WHERE ${where.join(' AND ')} ORDER BY t.updated_at DESC, t.id LIMIT $2))
     ORDER BY t.updated_at DESC, t.id`,
    params,
  );
  return rows.map(toTicket);
}

/** Several tickets at once (the socket gateway's fan-out), by id, each checked against its company. */
export async function getTicketsByIds(pool: pg.Pool, ids: string[]): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<Dated<TicketView>>(`${ticketSelect} WHERE t.id = ANY($1::uuid[])`, [ids]);
  return rows.map(toTicket);
}

export async function getTicket(
  pool: pg.Pool,
  companyId: string,
  ticketId: string,
): Promise<TicketView | null> {
  const { rows } = await pool.query<Dated<TicketView>>(
    `${ticketSelect} WHERE t.company_id = $1 AND t.id = $2`,
    [companyId, ticketId],
  );
  return rows[0] ? toTicket(rows[0]) : null;
}

const messageSelect = `
  SELECT m.id, m.ticket_id AS "ticketId", m.body, m.from_me AS "fromMe", m.read, m.media_type AS "mediaType",
         m.media_url AS "mediaUrl", m.ack, m.error, m.is_deleted AS "isDeleted", m.is_edited AS "isEdited",
         m.created_at AS "createdAt", m.updated_at AS "updatedAt", m.user_id AS "userId", m.sender_name AS "senderName",
         m.wa_message_id AS "waMessageId", m.contact_id AS "contactId", m.company_id AS "companyId",
         CASE WHEN m.from_me THEN NULL ELSE json_build_object('id', c.id, 'name', coalesce(c.name, m.sender_name)) END AS contact,
         CASE WHEN qm.id IS NULL THEN NULL ELSE json_build_object('id', qm.id, 'body', qm.body, 'fromMe', qm.from_me) END AS "quotedMsg"
    FROM messages m
    LEFT JOIN contacts c ON c.id = m.contact_id
    LEFT JOIN messages qm ON qm.id = m.quoted_msg_id`;

/**
 * A ticket's conversation: the messages of every ticket of that contact on that connection, so the
 * list can show where one ticket ended and the next began (doc 1 §2 "Conversa encerrada/iniciada").
 * Newest page first (page 1 = latest messages), each page returned oldest first for display.
 */
export async function listMessages(
  pool: pg.Pool,
  companyId: string,
  ticketId: string,
  pageNumber: number,
  pageSize = 20,
): Promise<MessagePage> {
  const conversation = `m.company_id = $1 AND (m.contact_id, m.whatsapp_id) =
    (SELECT contact_id, whatsapp_id FROM tickets WHERE id = $2 AND company_id = $1)`;
  const { rows } = await pool.query<Dated<MessageView>>(
    `${messageSelect} WHERE ${conversation} ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4`,
    [companyId, ticketId, pageSize + 1, (pageNumber - 1) * pageSize],
  );
  const count = await pool.query(`SELECT count(*)::int AS n FROM messages m WHERE ${conversation}`, [
    companyId,
    ticketId,
  ]);
  return {
    messages: rows.slice(0, pageSize).reverse().map(toMessage),
    count: count.rows[0].n as number,
    hasMore: rows.length > pageSize,
  };
}

export async function getMessagesByIds(pool: pg.Pool, ids: string[]): Promise<MessageView[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<Dated<MessageView>>(`${messageSelect} WHERE m.id = ANY($1::uuid[])`, [
    ids,
  ]);
  return rows.map(toMessage);
}

export async function getMessage(
  pool: pg.Pool,
  companyId: string,
  messageId: string,
): Promise<MessageView | null> {
  const { rows } = await pool.query<Dated<MessageView>>(
    `${messageSelect} WHERE m.company_id = $1 AND m.id = $2`,
    [companyId, messageId],
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

/** The connection a ticket is on, and whether it is a group's (the bot and the automation skip groups). */
export async function ticketConnection(
  pool: pg.Pool,
  ticketId: string,
): Promise<{ whatsappId: string; isGroup: boolean } | null> {
  const { rows } = await pool.query<{ whatsappId: string; isGroup: boolean }>(
    'SELECT whatsapp_id AS "whatsappId", is_group AS "isGroup" FROM tickets WHERE id = $1',
    [ticketId],
  );
  return rows[0] ?? null;
}

/** A ticket's last message: who wrote it (the business or the customer) and when. */
export async function lastMessageOf(
  pool: pg.Pool,
  ticketId: string,
): Promise<{ fromMe: boolean; at: Date } | null> {
  const { rows } = await pool.query<{ fromMe: boolean; at: Date }>(
    `SELECT from_me AS "fromMe", created_at AS at FROM messages WHERE ticket_id = $1
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [ticketId],
  );
  return rows[0] ?? null;
}

/** A message's own WhatsApp id (a reply quotes it by that id), within its company. */
export async function waMessageIdOf(
  pool: pg.Pool,
  messageId: string,
  companyId: string,
): Promise<string | null> {
  const { rows } = await pool.query<{ waMessageId: string | null }>(
    'SELECT wa_message_id AS "waMessageId" FROM messages WHERE id = $1 AND company_id = $2',
    [messageId, companyId],
  );
  return rows[0]?.waMessageId ?? null;
}
