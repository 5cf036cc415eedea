import type pg from 'pg';
import type { Change, EventWith, Projection, ProjectionEvent } from '../runner.ts';
import { write } from '../write-buffer.ts';
import { eraseContactConversations, shredCompanyMessages } from './erasure.ts';
import {
  ackMessage,
  bumpTicket,
  forgetTicketMessages,
  holdInsert,
  isFresh,
  markHeldRead,
  resetUnread,
  withHeldWrites,
  writeHeldBefore,
} from './held-writes.ts';

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

export const conversationsProjection: Projection = {
  name: 'conversations',
  tables: ['tickets', 'messages'],
  async handleBatch(tx, events) {
    return withHeldWrites(tx, events, async () => {
      const changes: Change[] = [];
      for (const e of events) {
        await writeHeldBefore(tx, e);
        const c = await applyOne(tx, e);
        if (c) changes.push(...c);
      }
      return changes;
    });
  },
  async handle(tx, e) {
    return conversationsProjection.handleBatch?.(tx, [e]);
  },
};

async function applyOne(tx: pg.PoolClient, e: ProjectionEvent): Promise<Change[] | undefined> {
  const at = e.metadata.at;
  switch (e.type) {
    case 'TicketCreated':
      await write(
        tx,
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
      await write(tx, `UPDATE tickets SET ${setPlacement}, unread_messages=0 WHERE id=$1`, [
        e.data.ticketId,
        'open',
        e.data.userId,
        e.data.queueId,
        at,
      ]);
      return [ticketChange(e)];
    case 'TicketReturned':
      await write(tx, 'UPDATE tickets SET status=$2, user_id=NULL, updated_at=$3 WHERE id=$1', [
        e.data.ticketId,
        'pending',
        at,
      ]);
      return [ticketChange(e)];
    case 'TicketTransferred':
      await write(tx, `UPDATE tickets SET ${setPlacement}, whatsapp_id=$6 WHERE id=$1`, [
        e.data.ticketId,
        e.data.status,
        e.data.userId,
        e.data.queueId,
        at,
        e.data.whatsappId,
      ]);
      return [ticketChange(e)];
    case 'TicketClosed':
      await write(tx, `UPDATE tickets SET ${setPlacement}, unread_messages=0, chatbot=false WHERE id=$1`, [
        e.data.ticketId,
        'closed',
        e.data.userId,
        e.data.queueId,
        at,
      ]);
      return [ticketChange(e)];
    case 'TicketReopened':
      await write(tx, `UPDATE tickets SET ${setPlacement} WHERE id=$1`, [
        e.data.ticketId,
        'open',
        e.data.userId,
        e.data.queueId,
        at,
      ]);
      return [ticketChange(e)];
    case 'TicketDeleted': {
      await write(tx, 'DELETE FROM messages WHERE ticket_id=$1', [e.data.ticketId]);
      forgetTicketMessages(tx, e.data.ticketId);
      const gone = await tx.query('DELETE FROM tickets WHERE id=$1 RETURNING queue_id, user_id', [
        e.data.ticketId,
      ]);
      const placement = gone.rows[0]
        ? { queueId: gone.rows[0].queue_id as string | null, userId: gone.rows[0].user_id as string | null }
        : undefined;
      return [{ ...ticketChange(e, 'delete'), placement }];
    }
    case 'TicketQueueAssigned':
      await write(tx, 'UPDATE tickets SET queue_id=$2, updated_at=$3 WHERE id=$1', [
        e.data.ticketId,
        e.data.queueId,
        at,
      ]);
      return [ticketChange(e)];
    case 'TicketBotStepped':
    case 'TicketBotEnded': {
      // `chatbot`: the customer is talking to the bot, not yet to a person.
      const talking = e.type === 'TicketBotStepped' && ['queues', 'options'].includes(e.data.bot.stage);
      await write(tx, 'UPDATE tickets SET chatbot=$2 WHERE id=$1', [e.data.ticketId, talking]);
      return [ticketChange(e)];
    }
    case 'TicketAutomationStarted': {
      // A prompt run names the prompt; a Typebot or Dialogflow run its integration; a flow run only
      // marks the ticket (its refId is a flow, not an integration).
      const { kind, refId } = e.data;
      await write(tx, 'UPDATE tickets SET use_integration=$2, prompt_id=$3, integration_id=$4 WHERE id=$1', [
        e.data.ticketId,
        kind !== 'prompt',
        kind === 'prompt' ? refId : null,
        kind === 'typebot' || kind === 'dialogflow' ? refId : null,
      ]);
      return [ticketChange(e)];
    }
    case 'TicketAutomationEnded':
      await write(
        tx,
        'UPDATE tickets SET use_integration=false, prompt_id=NULL, integration_id=NULL WHERE id=$1',
        [e.data.ticketId],
      );
      return [ticketChange(e)];
    case 'TicketMessagesRead':
      resetUnread(tx, e.data.ticketId);
      markHeldRead(tx, e.data.ticketId);
      await write(tx, 'UPDATE messages SET read=true WHERE ticket_id=$1 AND NOT read', [e.data.ticketId]);
      return [ticketChange(e)];
    case 'InboundMessageReceived':
    case 'OutboundMessageQueued': {
      const inbound = e.type === 'InboundMessageReceived';
      if (!isFresh(tx, e)) return;
      holdInsert(tx, {
        id: e.data.messageId,
        companyId: e.data.companyId,
        ticketId: e.data.ticketId,
        contactId: e.data.contactId,
        whatsappId: e.data.whatsappId,
        userId: inbound ? null : e.data.userId,
        body: e.data.body,
        fromMe: !inbound,
        read: !inbound,
        mediaType: e.data.mediaType,
        mediaUrl: e.data.mediaUrl,
        quotedMsgId: e.data.quotedMsgId,
        waMessageId: e.data.waMessageId,
        senderName: inbound ? e.data.senderName : '',
        ack: 0,
        createdAt: at,
        updatedAt: at,
      });
      bumpTicket(tx, e.data.ticketId, e.data.body, at, inbound ? 1 : 0);
      return [...messageChange(e, 'create'), ticketChange(e)];
    }
    case 'OutboundMessageSent':
      ackMessage(tx, e.data.messageId, 1, at);
      return messageChange(e, 'update');
    case 'MessageAcknowledged':
      ackMessage(tx, e.data.messageId, e.data.ack, at);
      return messageChange(e, 'update');
    case 'OutboundMessageFailed':
      await write(tx, 'UPDATE messages SET error=$2, updated_at=$3 WHERE id=$1', [
        e.data.messageId,
        e.data.reason,
        at,
      ]);
      return messageChange(e, 'update');
    case 'MessageDeleted':
      await write(tx, 'UPDATE messages SET is_deleted=true, updated_at=$2 WHERE id=$1', [
        e.data.messageId,
        at,
      ]);
      return messageChange(e, 'update');
    case 'PhoneMessageSent': {
      // Typed on the business's phone: the business's message, already on WhatsApp (ack 1), read.
      if (!isFresh(tx, e)) return;
      holdInsert(tx, {
        id: e.data.messageId,
        companyId: e.data.companyId,
        ticketId: e.data.ticketId,
        contactId: e.data.contactId,
        whatsappId: e.data.whatsappId,
        userId: null,
        body: e.data.body,
        fromMe: true,
        read: true,
        mediaType: e.data.mediaType,
        mediaUrl: e.data.mediaUrl,
        quotedMsgId: e.data.quotedMsgId,
        waMessageId: e.data.waMessageId,
        senderName: '',
        ack: 1,
        createdAt: at,
        updatedAt: at,
      });
      bumpTicket(tx, e.data.ticketId, e.data.body, at, 0);
      return [...messageChange(e, 'create'), ticketChange(e)];
    }
    case 'ContactErased': {
      // The contact's tickets are pushed again, so open screens show the erased conversation.
      const tickets = await eraseContactConversations(tx, e.data.companyId, e.data.contactId);
      return tickets.map((ticketId) =>
        ticketChange({ ...e, data: { companyId: e.data.companyId, ticketId } }),
      );
    }
    case 'CompanyMessagesShredded':
      await shredCompanyMessages(tx, e.data.companyId, e.data.before);
      return;
    case 'MessageEdited': {
      await write(tx, 'UPDATE messages SET body=$2, is_edited=true, updated_at=$3 WHERE id=$1', [
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
}
