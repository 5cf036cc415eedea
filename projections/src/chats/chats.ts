import type { Change, EventWith, Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const chatsMigrations = [
  {
    id: 'projections/chats-001',
    sql: `
      CREATE TABLE chats (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, owner_id uuid NOT NULL, title text NOT NULL,
        last_message text NOT NULL DEFAULT '', created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX chats_company_activity ON chats (company_id, updated_at DESC, id DESC);
      CREATE TABLE chat_users (
        chat_id uuid NOT NULL, user_id uuid NOT NULL, company_id uuid NOT NULL,
        unreads integer NOT NULL DEFAULT 0, PRIMARY KEY (chat_id, user_id)
      );
      CREATE INDEX chat_users_member ON chat_users (company_id, user_id);
      CREATE TABLE chat_messages (
        id uuid PRIMARY KEY, chat_id uuid NOT NULL, company_id uuid NOT NULL, sender_id uuid NOT NULL,
        message text NOT NULL, revision bigint NOT NULL, created_at timestamptz NOT NULL
      );
      CREATE INDEX chat_messages_page ON chat_messages (chat_id, revision DESC);`,
  },
];

type ChatRef = { chatId: string; companyId: string };
const chatChange = (d: ChatRef, action: 'create' | 'update' | 'delete', audience?: string[]): Change => ({
  companyId: d.companyId,
  kind: 'chat',
  action,
  id: d.chatId,
  ...(audience ? { audience } : {}),
});

/** Internal chats (doc 2 §2.17): a chat, its members with their unread counts, and its messages. */
export const chatsProjection: Projection = {
  name: 'chats',
  tables: ['chats', 'chat_users', 'chat_messages'],
  async handle(tx, e) {
    switch (e.type) {
      case 'ChatCreated': {
        const d = e.data;
        await write(
          tx,
          `INSERT INTO chats (id, company_id, owner_id, title, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$5) ON CONFLICT (id) DO NOTHING`,
          [d.chatId, d.companyId, d.ownerId, d.title, e.metadata.at],
        );
        await setMembers(tx, e);
        return [chatChange(d, 'create')];
      }
      case 'ChatUpdated': {
        const d = e.data;
        await write(tx, 'UPDATE chats SET title=$2, updated_at=$3 WHERE id=$1', [
          d.chatId,
          d.title,
          e.metadata.at,
        ]);
        const removed = await setMembers(tx, e);
        // A removed member no longer finds the chat in its row: she is told apart that it is gone for her.
        return [chatChange(d, 'update'), ...(removed.length ? [chatChange(d, 'delete', removed)] : [])];
      }
      case 'ChatDeleted': {
        const d = e.data;
        await write(tx, 'DELETE FROM chat_messages WHERE chat_id=$1', [d.chatId]);
        await write(tx, 'DELETE FROM chat_users WHERE chat_id=$1', [d.chatId]);
        await write(tx, 'DELETE FROM chats WHERE id=$1', [d.chatId]);
        return [chatChange(d, 'delete', d.userIds)];
      }
      case 'ChatMessagePosted': {
        const d = e.data;
        await write(
          tx,
          `INSERT INTO chat_messages VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT (id) DO NOTHING`,
          [d.messageId, d.chatId, d.companyId, d.senderId, d.message, e.streamRevision, e.metadata.at],
        );
        await write(tx, 'UPDATE chats SET last_message=$2, updated_at=$3 WHERE id=$1', [
          d.chatId,
          d.message,
          e.metadata.at,
        ]);
        await write(tx, 'UPDATE chat_users SET unreads = unreads + 1 WHERE chat_id=$1 AND user_id <> $2', [
          d.chatId,
          d.senderId,
        ]);
        return [{ companyId: d.companyId, kind: 'chatMessage', action: 'create', id: d.messageId }];
      }
      case 'ChatRead': {
        const d = e.data;
        await write(tx, 'UPDATE chat_users SET unreads = 0 WHERE chat_id=$1 AND user_id=$2', [
          d.chatId,
          d.userId,
        ]);
        return [chatChange(d, 'update')];
      }
      case 'UserDeleted': {
        // The chats the user owned or was in change for their members: the owner gone (any member may
        // now edit or delete it), a member shown as removed. Their open screens hear it.
        const { rows } = await tx.query<{ id: string }>(
          `SELECT id FROM chats WHERE owner_id = $1
           UNION SELECT chat_id FROM chat_users WHERE user_id = $1`,
          [e.data.userId],
        );
        return rows.map((r) => chatChange({ chatId: r.id, companyId: e.data.companyId }, 'update'));
      }
    }
  },
};

/** Makes the chat's members exactly `userIds`, keeping the counts of those who stay; who was removed. */
async function setMembers(
  tx: Parameters<Projection['handle']>[0],
  e: EventWith<ChatRef & { userIds: string[] }>,
): Promise<string[]> {
  const { chatId, companyId, userIds } = e.data;
  const removed = await tx.query<{ user_id: string }>(
    'DELETE FROM chat_users WHERE chat_id=$1 AND NOT (user_id = ANY($2::uuid[])) RETURNING user_id',
    [chatId, userIds],
  );
  await write(
    tx,
    `INSERT INTO chat_users (chat_id, user_id, company_id)
     SELECT $1, u, $2 FROM unnest($3::uuid[]) AS u ON CONFLICT DO NOTHING`,
    [chatId, companyId, userIds],
  );
  return removed.rows.map((r) => r.user_id);
}
