import type { ChatMessagePage, ChatMessageView, ChatPage, ChatView } from '@zelo/contracts/chats/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

/** Who reads: a user sees only the chats she is a member of, in her own company. */
export interface ChatReader {
  companyId: string;
  userId: string;
}

// Members with their names from the users read model; a user deleted since keeps her row, nameless.
const select = `
  SELECT c.id, c.company_id AS "companyId", c.title, c.owner_id AS "ownerId",
         NOT EXISTS (SELECT 1 FROM users o WHERE o.id = c.owner_id AND o.company_id = c.company_id)
           AS "ownerGone",
         c.last_message AS "lastMessage",
         c.created_at AS "createdAt", c.updated_at AS "updatedAt",
         (SELECT coalesce(json_agg(json_build_object(
                   'userId', cu.user_id, 'unreads', cu.unreads,
                   'user', json_build_object('id', cu.user_id, 'name', coalesce(u.name, '')))
                   ORDER BY cu.user_id = c.owner_id DESC, u.name, cu.user_id), '[]'::json)
            FROM chat_users cu LEFT JOIN users u ON u.id = cu.user_id AND u.company_id = cu.company_id
           WHERE cu.chat_id = c.id) AS users
    FROM chats c`;

type ChatRow = Omit<ChatView, 'uuid' | 'createdAt' | 'updatedAt'> & {
  companyId: string;
  createdAt: Date;
  updatedAt: Date;
};

const toView = ({ companyId: _c, ...r }: ChatRow): ChatView => ({
  ...r,
  uuid: r.id,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const isMember = (reader: number, company: number, withUnread = false) =>
  `c.company_id = $${company} AND EXISTS (SELECT 1 FROM chat_users me
     WHERE me.chat_id = c.id AND me.user_id = $${reader} AND me.company_id = $${company}
       ${withUnread ? 'AND me.unreads > 0' : ''})`;

/**
 * GET /chats: the reader's chats, the most recently active first, searched by title, 20 a page; with
 * `withUnreadMessages`, only those she has not read.
 */
export async function listChats(
  pool: pg.Pool,
  r: ChatReader,
  q: { searchParam?: string; pageNumber: number; withUnreadMessages?: boolean },
  pageSize = 20,
): Promise<ChatPage> {
  const params: unknown[] = [r.companyId, r.userId];
  let where = isMember(2, 1, q.withUnreadMessages);
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where += ` AND lower(c.title) LIKE $${params.length}`;
  }
  params.push(pageSize + 1, (q.pageNumber - 1) * pageSize);
  const { rows } = await pool.query<ChatRow>(
    `${select} WHERE ${where} ORDER BY c.updated_at DESC, c.id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { records: rows.slice(0, pageSize).map(toView), hasMore: rows.length > pageSize };
}

/** One chat, if the reader is a member of it. */
export async function getChat(pool: pg.Pool, r: ChatReader, chatId: string): Promise<ChatView | null> {
  const { rows } = await pool.query<ChatRow>(`${select} WHERE ${isMember(2, 1)} AND c.id = $3`, [
    r.companyId,
    r.userId,
    chatId,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}

/** Chats by id whoever reads (the socket gateway, which sends each only to its members). */
export async function getChatsByIds(
  pool: pg.Pool,
  ids: string[],
): Promise<(ChatView & { companyId: string })[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<ChatRow>(`${select} WHERE c.id = ANY($1::uuid[])`, [ids]);
  return rows.map((r) => ({ ...toView(r), companyId: r.companyId }));
}

const selectMessage = `
  SELECT m.id, m.company_id AS "companyId", m.chat_id AS "chatId", m.message, m.sender_id AS "senderId",
         json_build_object('id', m.sender_id, 'name', coalesce(u.name, '')) AS sender,
         m.created_at AS "createdAt"
    FROM chat_messages m LEFT JOIN users u ON u.id = m.sender_id AND u.company_id = m.company_id`;

type MessageRow = Omit<ChatMessageView, 'createdAt'> & { companyId: string; createdAt: Date };
const toMessage = ({ companyId: _c, ...r }: MessageRow): ChatMessageView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

/**
 * GET /chats/{id}/messages: page 1 is the newest `pageSize` messages, each next page older ones; within
 * a page the oldest comes first, as the conversation reads. The caller has checked membership.
 */
export async function chatMessagesPage(
  pool: pg.Pool,
  companyId: string,
  chatId: string,
  pageNumber: number,
  pageSize = 20,
): Promise<ChatMessagePage> {
  const { rows } = await pool.query<MessageRow>(
    `${selectMessage} WHERE m.company_id = $1 AND m.chat_id = $2 ORDER BY m.revision DESC, m.created_at DESC, m.id DESC
      LIMIT $3 OFFSET $4`,
    [companyId, chatId, pageSize + 1, (pageNumber - 1) * pageSize],
  );
  return { records: rows.slice(0, pageSize).reverse().map(toMessage), hasMore: rows.length > pageSize };
}

/** One message of a company's chat. */
export async function getChatMessage(
  pool: pg.Pool,
  companyId: string,
  messageId: string,
): Promise<ChatMessageView | null> {
  const { rows } = await pool.query<MessageRow>(`${selectMessage} WHERE m.company_id = $1 AND m.id = $2`, [
    companyId,
    messageId,
  ]);
  return rows[0] ? toMessage(rows[0]) : null;
}

/** Messages by id whoever reads (the socket gateway, which sends each only to its chat's members). */
export async function getChatMessagesByIds(
  pool: pg.Pool,
  ids: string[],
): Promise<(ChatMessageView & { companyId: string })[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<MessageRow>(`${selectMessage} WHERE m.id = ANY($1::uuid[])`, [ids]);
  return rows.map((r) => ({ ...toMessage(r), companyId: r.companyId }));
}
