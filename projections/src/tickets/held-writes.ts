import type pg from 'pg';
import type { ProjectionEvent, ProjectionEventOf } from '../runner.ts';
import { write } from '../write-buffer.ts';

// The conversations projection's batch path: what it holds in memory during a batch so that its
// handlers read nothing back and most of their writes collapse into a few set-based statements, with
// the same rows and changes as applying the events one at a time (batch-equivalence.int.spec.ts).

export type NewMessage = ProjectionEventOf<
  'InboundMessageReceived' | 'OutboundMessageQueued' | 'PhoneMessageSent'
>;
const isNewMessage = (e: ProjectionEvent): e is NewMessage =>
  e.type === 'InboundMessageReceived' || e.type === 'OutboundMessageQueued' || e.type === 'PhoneMessageSent';

/**
 * What a batch keeps in memory so that its handlers read nothing back and every write goes out in
 * the batch's one round trip (write-buffer.ts):
 * - `stored`: the messages rows the batch can meet again, id → ticket: those already stored (one read
 *   for the whole batch) and those it inserts. A new message already there changes nothing, exactly
 *   as its insert's ON CONFLICT DO NOTHING would.
 * - `bumps`: what new messages and reads do to their ticket row (last message, time, unread count),
 *   summed per ticket and written in one statement at the end of the batch, or before anything else
 *   touches that ticket: the hot path of a busy company, where a ticket row updated per message cost
 *   the most (each update of a row already updated in the transaction walks all its versions).
 * - `acks`: sends and acks per message (highest ack, last time), written the same way.
 * - `inserts`: new messages, inserted together at the end of the batch (or before an event that reads
 *   or changes them in SQL); the sends, acks and reads that reach them first change the held row, so
 *   a message queued, sent and acknowledged within one batch costs one row insert, not four writes.
 */
interface Batch {
  stored: Map<string, string>;
  bumps: Map<string, { body: string | null; at: string | null; reset: boolean; unread: number }>;
  acks: Map<string, { ack: number; at: string }>;
  inserts: Map<string, MessageRow>;
}

/** A messages row as a new message inserts it. */
interface MessageRow {
  id: string;
  companyId: string;
  ticketId: string;
  contactId: string;
  whatsappId: string;
  userId: string | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: string;
  mediaUrl: string | null;
  quotedMsgId: string | null;
  waMessageId: string;
  senderName: string;
  ack: number;
  createdAt: string;
  updatedAt: string;
}
const batches = new WeakMap<pg.PoolClient, Batch>();

async function readStoredMessages(tx: pg.PoolClient, events: ProjectionEvent[]): Promise<Batch['stored']> {
  const ids = events.filter(isNewMessage).map((e) => e.data.messageId);
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<{ id: string; ticket_id: string }>(
    'SELECT id, ticket_id FROM messages WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.ticket_id]));
}

function batchOf(tx: pg.PoolClient): Batch {
  const batch = batches.get(tx);
  if (!batch) throw new Error('conversations: an event applied outside handleBatch');
  return batch;
}

/** Records a new message in the batch; false when it is stored already (then nothing changes). */
export function isFresh(tx: pg.PoolClient, e: NewMessage): boolean {
  const { stored } = batchOf(tx);
  if (stored.has(e.data.messageId)) return false;
  stored.set(e.data.messageId, e.data.ticketId);
  return true;
}

export function holdInsert(tx: pg.PoolClient, row: MessageRow) {
  batchOf(tx).inserts.set(row.id, row);
}

async function writeInserts(tx: pg.PoolClient) {
  const { inserts } = batchOf(tx);
  if (inserts.size === 0) return;
  const rows = [...inserts.values()];
  inserts.clear();
  const col = <K extends keyof MessageRow>(k: K) => rows.map((r) => r[k]);
  await write(
    tx,
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, media_type,
       media_url, quoted_msg_id, wa_message_id, sender_name, ack, created_at, updated_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::uuid[], $7::text[],
       $8::bool[], $9::bool[], $10::text[], $11::text[], $12::uuid[], $13::text[], $14::text[], $15::int[],
       $16::timestamptz[], $17::timestamptz[])
     ON CONFLICT (id) DO NOTHING`,
    [
      col('id'),
      col('companyId'),
      col('ticketId'),
      col('contactId'),
      col('whatsappId'),
      col('userId'),
      col('body'),
      col('fromMe'),
      col('read'),
      col('mediaType'),
      col('mediaUrl'),
      col('quotedMsgId'),
      col('waMessageId'),
      col('senderName'),
      col('ack'),
      col('createdAt'),
      col('updatedAt'),
    ],
  );
}

/** A new message's effect on its ticket row, held until the ticket is touched otherwise or the batch ends. */
export function bumpTicket(tx: pg.PoolClient, ticketId: string, body: string, at: string, unread: number) {
  const { bumps } = batchOf(tx);
  const before = bumps.get(ticketId);
  bumps.set(ticketId, { body, at, reset: before?.reset ?? false, unread: (before?.unread ?? 0) + unread });
}

/** An agent read the ticket: its unread count starts again from zero (held like a bump). */
export function resetUnread(tx: pg.PoolClient, ticketId: string) {
  const { bumps } = batchOf(tx);
  const before = bumps.get(ticketId);
  bumps.set(ticketId, { body: before?.body ?? null, at: before?.at ?? null, reset: true, unread: 0 });
}

async function writeBumps(tx: pg.PoolClient, ticketIds: string[]) {
  const { bumps } = batchOf(tx);
  const due = ticketIds.flatMap((id) => {
    const b = bumps.get(id);
    bumps.delete(id);
    return b ? [{ id, ...b }] : [];
  });
  if (due.length === 1) {
    const [d] = due;
    await write(
      tx,
      `UPDATE tickets SET last_message = coalesce($2, last_message), updated_at = coalesce($3, updated_at),
         unread_messages = CASE WHEN $4 THEN 0 ELSE unread_messages END + $5 WHERE id = $1`,
      [d.id, d.body, d.at, d.reset, d.unread],
    );
    return;
  }
  // Many at once (the end of a batch): planned for the array's size, so sent as it is.
  if (due.length > 1)
    await tx.query(
      `UPDATE tickets t SET last_message = coalesce(u.body, t.last_message), updated_at = coalesce(u.at, t.updated_at),
       unread_messages = CASE WHEN u.reset THEN 0 ELSE t.unread_messages END + u.unread
       FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::bool[], $5::int[]) AS u(id, body, at, reset, unread)
      WHERE t.id = u.id`,
      [
        due.map((d) => d.id),
        due.map((d) => d.body),
        due.map((d) => d.at),
        due.map((d) => d.reset),
        due.map((d) => d.unread),
      ],
    );
}

/** A send or an ack of a message, held like a bump: the highest ack wins, the last time stays. */
export function ackMessage(tx: pg.PoolClient, messageId: string, ack: number, at: string) {
  const { acks, inserts } = batchOf(tx);
  const held = inserts.get(messageId);
  if (held) {
    held.ack = Math.max(held.ack, ack);
    held.updatedAt = at;
    return;
  }
  acks.set(messageId, { ack: Math.max(ack, acks.get(messageId)?.ack ?? 0), at });
}

async function writeAcks(tx: pg.PoolClient, messageIds: string[]) {
  const { acks } = batchOf(tx);
  const due = messageIds.flatMap((id) => {
    const a = acks.get(id);
    acks.delete(id);
    return a ? [{ id, ...a }] : [];
  });
  if (due.length === 1)
    await write(tx, 'UPDATE messages SET ack=GREATEST(ack, $2), updated_at=$3 WHERE id=$1', [
      due[0].id,
      due[0].ack,
      due[0].at,
    ]);
  else if (due.length > 1)
    await tx.query(
      `UPDATE messages m SET ack = GREATEST(m.ack, u.ack), updated_at = u.at
         FROM unnest($1::uuid[], $2::int[], $3::timestamptz[]) AS u(id, ack, at) WHERE m.id = u.id`,
      [due.map((d) => d.id), due.map((d) => d.ack), due.map((d) => d.at)],
    );
}

/** Events that read or change messages rows in SQL: the held inserts are written before them. */
const writesHeldMessages = new Set(['OutboundMessageFailed', 'MessageDeleted', 'MessageEdited']);

/** Events that write a message row themselves: that message's held acks are written before them. */
const touchesMessage = new Set([
  'InboundMessageReceived',
  'OutboundMessageQueued',
  'PhoneMessageSent',
  'OutboundMessageFailed',
  'MessageDeleted',
  'MessageEdited',
]);

/** Events that write their ticket row themselves: that ticket's held bump is written before them. */
const touchesTicket = new Set([
  'TicketCreated',
  'TicketAccepted',
  'TicketReturned',
  'TicketTransferred',
  'TicketClosed',
  'TicketReopened',
  'TicketDeleted',
  'TicketQueueAssigned',
  'TicketBotStepped',
  'TicketBotEnded',
  'TicketAutomationStarted',
  'TicketAutomationEnded',
  'MessageEdited',
]);

/**
 * Events that rewrite many messages and tickets rows in SQL (a contact's erasure, a retention shred):
 * everything held is written before them.
 */
const rewritesMany = new Set(['ContactErased', 'CompanyMessagesShredded']);

/** Runs a batch's handlers with its held writes, then writes what is still held. */
export async function withHeldWrites<T>(tx: pg.PoolClient, events: ProjectionEvent[], fn: () => Promise<T>) {
  const batch: Batch = {
    stored: await readStoredMessages(tx, events),
    bumps: new Map(),
    acks: new Map(),
    inserts: new Map(),
  };
  batches.set(tx, batch);
  try {
    const result = await fn();
    await writeInserts(tx);
    await writeBumps(tx, [...batch.bumps.keys()]);
    await writeAcks(tx, [...batch.acks.keys()]);
    return result;
  } finally {
    batches.delete(tx);
  }
}

/** Writes what is held for the rows this event reads or changes in SQL, before it runs. */
export async function writeHeldBefore(tx: pg.PoolClient, e: ProjectionEvent) {
  const batch = batchOf(tx);
  const ticketId = (e.data as { ticketId?: unknown }).ticketId;
  if (touchesTicket.has(e.type) && typeof ticketId === 'string' && batch.bumps.has(ticketId))
    await writeBumps(tx, [ticketId]);
  const messageId = (e.data as { messageId?: unknown }).messageId;
  if (touchesMessage.has(e.type) && typeof messageId === 'string' && batch.acks.has(messageId))
    await writeAcks(tx, [messageId]);
  if (e.type === 'TicketDeleted') await writeAcks(tx, [...batch.acks.keys()]);
  if (writesHeldMessages.has(e.type)) await writeInserts(tx);
  if (rewritesMany.has(e.type)) {
    await writeInserts(tx);
    await writeBumps(tx, [...batch.bumps.keys()]);
  }
}

/** A ticket's messages deleted: the batch no longer holds or knows any of them. */
export function forgetTicketMessages(tx: pg.PoolClient, ticketId: string) {
  const { stored, inserts } = batchOf(tx);
  for (const [id, of] of stored) if (of === ticketId) stored.delete(id);
  for (const [id, row] of inserts) if (row.ticketId === ticketId) inserts.delete(id);
}

/** An agent read a ticket: its held new messages are read too (the SQL update reaches the stored ones). */
export function markHeldRead(tx: pg.PoolClient, ticketId: string) {
  for (const row of batchOf(tx).inserts.values()) if (row.ticketId === ticketId) row.read = true;
}
