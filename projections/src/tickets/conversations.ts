import type pg from 'pg';
import type { Change, EventWith, Projection, ProjectionEvent, ProjectionEventOf } from '../runner.ts';

// Tickets and their messages are one projection so that a pushed message and its ticket row
// (lastMessage, unread count) always come from the same committed state.
export const conversationsMigrations = [
  {
    id: 'projections/conversations-001',
    sql: `
      CREATE TABLE tickets (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, status text NOT NULL, user_id uuid, queue_id uuid,
        whatsapp_id uuid NOT NULL, contact_id uuid NOT NULL, is_group boolean NOT NULL,
        chatbot boolean NOT NULL DEFAULT false, last_message text NOT NULL DEFAULT '',
        unread_messages int NOT NULL DEFAULT 0, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX tickets_list ON tickets (company_id, status, updated_at DESC, id);
      CREATE INDEX tickets_contact ON tickets (company_id, contact_id);
      CREATE TABLE messages (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, ticket_id uuid NOT NULL, contact_id uuid NOT NULL,
        whatsapp_id uuid NOT NULL, user_id uuid, body text NOT NULL, from_me boolean NOT NULL,
        read boolean NOT NULL DEFAULT false, media_type text NOT NULL, media_url text, quoted_msg_id uuid,
        wa_message_id text NOT NULL, sender_name text NOT NULL DEFAULT '', ack int NOT NULL DEFAULT 0,
        error text, is_deleted boolean NOT NULL DEFAULT false, is_edited boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX messages_ticket ON messages (ticket_id, created_at DESC, id);
      CREATE INDEX messages_contact ON messages (company_id, contact_id, created_at DESC);`,
  },
  {
    // The search tab lists every status newest first; without this it sorted all of a company's
    // tickets for each page (bench/ticket-list.ts).
    id: 'projections/conversations-002-tickets-recent',
    sql: 'CREATE INDEX tickets_recent ON tickets (company_id, updated_at DESC, id);',
  },
  {
    // A ticket's message list is the whole conversation with that contact on that connection.
    id: 'projections/conversations-003-conversation-messages',
    sql: 'CREATE INDEX messages_conversation ON messages (company_id, contact_id, whatsapp_id, created_at DESC, id DESC);',
  },
  {
    // Doc 1 §3 Ticket useIntegration, promptId, integrationId: the automation holding the ticket now.
    id: 'projections/conversations-004-automation',
    sql: `ALTER TABLE tickets ADD COLUMN use_integration boolean NOT NULL DEFAULT false,
            ADD COLUMN prompt_id uuid, ADD COLUMN integration_id uuid;`,
  },
];

const ticketChange = (
  e: EventWith<{ companyId: string; ticketId: string }>,
  action: Change['action'] = 'update',
): Change => ({
  companyId: e.data.companyId,
  kind: 'ticket',
  action,
  id: e.data.ticketId,
  at: Date.parse(e.metadata.at),
});
const messageChange = (
  e: EventWith<{ companyId: string; ticketId: string; messageId: string }>,
  action: Change['action'],
): Change[] => [
  {
    companyId: e.data.companyId,
    kind: 'message',
    action,
    id: e.data.messageId,
    ticketId: e.data.ticketId,
    at: Date.parse(e.metadata.at),
  },
];

const setPlacement = 'status=$2, user_id=$3, queue_id=$4, updated_at=$5';

type NewMessage = ProjectionEventOf<'InboundMessageReceived' | 'OutboundMessageQueued'>;
const isNewMessage = (e: ProjectionEvent): e is NewMessage =>
  e.type === 'InboundMessageReceived' || e.type === 'OutboundMessageQueued';

/**
 * Bulk path for the hot case, a run of new messages: one multi-row insert and one ticket update
 * instead of two round trips per message. Same result as applying them one by one.
 */
async function insertMessages(tx: pg.PoolClient, run: NewMessage[]): Promise<Change[]> {
  const col = <T>(f: (e: NewMessage) => T) => run.map(f);
  const inbound = (e: NewMessage) => e.type === 'InboundMessageReceived';
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, media_type,
       media_url, quoted_msg_id, wa_message_id, sender_name, created_at, updated_at)
     SELECT id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, from_me, media_type,
            media_url, quoted_msg_id, wa_message_id, sender_name, at, at
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::uuid[], $7::text[], $8::bool[],
                   $9::text[], $10::text[], $11::uuid[], $12::text[], $13::text[], $14::timestamptz[])
            AS m(id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, media_type, media_url,
                 quoted_msg_id, wa_message_id, sender_name, at)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      col((e) => e.data.messageId),
      col((e) => e.data.companyId),
      col((e) => e.data.ticketId),
      col((e) => e.data.contactId),
      col((e) => e.data.whatsappId),
      col((e) => (e.type === 'InboundMessageReceived' ? null : e.data.userId)),
      col((e) => e.data.body),
      col((e) => !inbound(e)),
      col((e) => e.data.mediaType),
      col((e) => e.data.mediaUrl),
      col((e) => e.data.quotedMsgId),
      col((e) => e.data.waMessageId),
      col((e) => (e.type === 'InboundMessageReceived' ? e.data.senderName : '')),
      col((e) => e.metadata.at),
    ],
  );
  // Each inserted message counts once, as on the one-event path, even if the batch holds it twice.
  const inserted = new Set(rows.map((r) => r.id));
  const fresh = run.filter((e) => inserted.delete(e.data.messageId));
  // Per ticket: the last message wins lastMessage/updatedAt; inbound ones add to the unread count.
  const perTicket = new Map<string, { body: string; at: string; unread: number }>();
  for (const e of fresh) {
    const prev = perTicket.get(e.data.ticketId);
    perTicket.set(e.data.ticketId, {
      body: e.data.body,
      at: e.metadata.at,
      unread: (prev?.unread ?? 0) + (inbound(e) ? 1 : 0),
    });
  }
  if (perTicket.size) {
    const entries = [...perTicket];
    await tx.query(
      `UPDATE tickets t SET last_message = u.body, updated_at = u.at, unread_messages = t.unread_messages + u.unread
         FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::int[]) AS u(id, body, at, unread) WHERE t.id = u.id`,
      [
        entries.map(([id]) => id),
        entries.map(([, v]) => v.body),
        entries.map(([, v]) => v.at),
        entries.map(([, v]) => v.unread),
      ],
    );
  }
  return fresh.flatMap((e) => [...messageChange(e, 'create'), ticketChange(e)]);
}

export const conversationsProjection: Projection = {
  name: 'conversations',
  tables: ['tickets', 'messages'],
  async handleBatch(tx, events) {
    const changes: Change[] = [];
    let run: NewMessage[] = [];
    const flush = async () => {
      if (run.length) changes.push(...(await insertMessages(tx, run)));
      run = [];
    };
    for (const e of events) {
      if (isNewMessage(e)) {
        run.push(e);
        continue;
      }
      await flush();
      const c = await conversationsProjection.handle(tx, e);
      if (c) changes.push(...c);
    }
    await flush();
    return changes;
  },
  async handle(tx, e) {
    const at = e.metadata.at;
    switch (e.type) {
      case 'TicketCreated':
        await tx.query(
          `INSERT INTO tickets (id, company_id, status, user_id, queue_id, whatsapp_id, contact_id, is_group, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$9) ON CONFLICT (id) DO NOTHING`,
          [
            e.data.ticketId,
            e.data.companyId,
            e.data.status,
            e.data.userId,
            e.data.queueId,
            e.data.whatsappId,
            e.data.contactId,
            e.data.isGroup,
            at,
          ],
        );
        return [ticketChange(e, 'create')];
      case 'TicketAccepted':
        await tx.query(`UPDATE tickets SET ${setPlacement}, unread_messages=0 WHERE id=$1`, [
          e.data.ticketId,
          'open',
          e.data.userId,
          e.data.queueId,
          at,
        ]);
        return [ticketChange(e)];
      case 'TicketReturned':
        await tx.query('UPDATE tickets SET status=$2, user_id=NULL, updated_at=$3 WHERE id=$1', [
          e.data.ticketId,
          'pending',
          at,
        ]);
        return [ticketChange(e)];
      case 'TicketTransferred':
        await tx.query(`UPDATE tickets SET ${setPlacement}, whatsapp_id=$6 WHERE id=$1`, [
          e.data.ticketId,
          e.data.status,
          e.data.userId,
          e.data.queueId,
          at,
          e.data.whatsappId,
        ]);
        return [ticketChange(e)];
      case 'TicketClosed':
        await tx.query(`UPDATE tickets SET ${setPlacement}, unread_messages=0, chatbot=false WHERE id=$1`, [
          e.data.ticketId,
          'closed',
          e.data.userId,
          e.data.queueId,
          at,
        ]);
        return [ticketChange(e)];
      case 'TicketReopened':
        await tx.query(`UPDATE tickets SET ${setPlacement} WHERE id=$1`, [
          e.data.ticketId,
          'open',
          e.data.userId,
          e.data.queueId,
          at,
        ]);
        return [ticketChange(e)];
      case 'TicketDeleted': {
        await tx.query('DELETE FROM messages WHERE ticket_id=$1', [e.data.ticketId]);
        const gone = await tx.query('DELETE FROM tickets WHERE id=$1 RETURNING queue_id, user_id', [
          e.data.ticketId,
        ]);
        const placement = gone.rows[0]
          ? { queueId: gone.rows[0].queue_id as string | null, userId: gone.rows[0].user_id as string | null }
          : undefined;
        return [{ ...ticketChange(e, 'delete'), placement }];
      }
      case 'TicketQueueAssigned':
        await tx.query('UPDATE tickets SET queue_id=$2, updated_at=$3 WHERE id=$1', [
          e.data.ticketId,
          e.data.queueId,
          at,
        ]);
        return [ticketChange(e)];
      case 'TicketBotStepped':
      case 'TicketBotEnded': {
        // `chatbot`: the customer is talking to the bot, not yet to a person.
        const talking = e.type === 'TicketBotStepped' && ['queues', 'options'].includes(e.data.bot.stage);
        await tx.query('UPDATE tickets SET chatbot=$2 WHERE id=$1', [e.data.ticketId, talking]);
        return [ticketChange(e)];
      }
      case 'TicketAutomationStarted': {
        // A prompt run names the prompt; a Typebot or Dialogflow run its integration; a flow run only
        // marks the ticket (its refId is a flow, not an integration).
        const { kind, refId } = e.data;
        await tx.query('UPDATE tickets SET use_integration=$2, prompt_id=$3, integration_id=$4 WHERE id=$1', [
          e.data.ticketId,
          kind !== 'prompt',
          kind === 'prompt' ? refId : null,
          kind === 'typebot' || kind === 'dialogflow' ? refId : null,
        ]);
        return [ticketChange(e)];
      }
      case 'TicketAutomationEnded':
        await tx.query(
          'UPDATE tickets SET use_integration=false, prompt_id=NULL, integration_id=NULL WHERE id=$1',
          [e.data.ticketId],
        );
        return [ticketChange(e)];
      case 'TicketMessagesRead':
        await tx.query('UPDATE tickets SET unread_messages=0 WHERE id=$1', [e.data.ticketId]);
        await tx.query('UPDATE messages SET read=true WHERE ticket_id=$1 AND NOT read', [e.data.ticketId]);
        return [ticketChange(e)];
      case 'InboundMessageReceived':
      case 'OutboundMessageQueued': {
        const inbound = e.type === 'InboundMessageReceived';
        const inserted = await tx.query(
          `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, media_type,
             media_url, quoted_msg_id, wa_message_id, sender_name, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8,$9,$10,$11,$12,$13,$14,$14) ON CONFLICT (id) DO NOTHING`,
          [
            e.data.messageId,
            e.data.companyId,
            e.data.ticketId,
            e.data.contactId,
            e.data.whatsappId,
            inbound ? null : e.data.userId,
            e.data.body,
            !inbound,
            e.data.mediaType,
            e.data.mediaUrl,
            e.data.quotedMsgId,
            e.data.waMessageId,
            inbound ? e.data.senderName : '',
            at,
          ],
        );
        if (inserted.rowCount === 0) return;
        await tx.query(
          `UPDATE tickets SET last_message=$2, updated_at=$3, unread_messages = unread_messages + $4 WHERE id=$1`,
          [e.data.ticketId, e.data.body, at, inbound ? 1 : 0],
        );
        return [...messageChange(e, 'create'), ticketChange(e)];
      }
      case 'OutboundMessageSent':
        await tx.query('UPDATE messages SET ack=GREATEST(ack, 1), updated_at=$2 WHERE id=$1', [
          e.data.messageId,
          at,
        ]);
        return messageChange(e, 'update');
      case 'MessageAcknowledged':
        await tx.query('UPDATE messages SET ack=GREATEST(ack, $2), updated_at=$3 WHERE id=$1', [
          e.data.messageId,
          e.data.ack,
          at,
        ]);
        return messageChange(e, 'update');
      case 'OutboundMessageFailed':
        await tx.query('UPDATE messages SET error=$2, updated_at=$3 WHERE id=$1', [
          e.data.messageId,
          e.data.reason,
          at,
        ]);
        return messageChange(e, 'update');
      case 'MessageDeleted':
        await tx.query('UPDATE messages SET is_deleted=true, updated_at=$2 WHERE id=$1', [
          e.data.messageId,
          at,
        ]);
        return messageChange(e, 'update');
      case 'PhoneMessageSent': {
        // Typed on the business's phone: the business's message, already on WhatsApp (ack 1), read.
        const inserted = await tx.query(
          `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, media_type,
             media_url, quoted_msg_id, wa_message_id, sender_name, ack, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,NULL,$6,true,true,$7,$8,$9,$10,'',1,$11,$11) ON CONFLICT (id) DO NOTHING`,
          [
            e.data.messageId,
            e.data.companyId,
            e.data.ticketId,
            e.data.contactId,
            e.data.whatsappId,
            e.data.body,
            e.data.mediaType,
            e.data.mediaUrl,
            e.data.quotedMsgId,
            e.data.waMessageId,
            at,
          ],
        );
        if (inserted.rowCount === 0) return;
        await tx.query('UPDATE tickets SET last_message=$2, updated_at=$3 WHERE id=$1', [
          e.data.ticketId,
          e.data.body,
          at,
        ]);
        return [...messageChange(e, 'create'), ticketChange(e)];
      }
      case 'MessageEdited': {
        await tx.query('UPDATE messages SET body=$2, is_edited=true, updated_at=$3 WHERE id=$1', [
          e.data.messageId,
          e.data.body,
          at,
        ]);
        // The ticket list previews the last message: an edit of that one shows there too.
        const preview = await tx.query(
          `UPDATE tickets t SET last_message=$2 WHERE t.id=$1 AND $3 = (
             SELECT m.id FROM messages m WHERE m.ticket_id=$1 ORDER BY m.created_at DESC, m.id DESC LIMIT 1)`,
          [e.data.ticketId, e.data.body, e.data.messageId],
        );
        return [...messageChange(e, 'update'), ...(preview.rowCount ? [ticketChange(e)] : [])];
      }
    }
  },
};
