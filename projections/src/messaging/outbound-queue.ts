import { ERASED_TEXT, SHREDDED_TEXT } from '@zelo/contracts/contacts/privacy';
import type { Projection } from '../runner.ts';
import { erasedContact, shredCutoff } from '../tickets/erasure.ts';
import { write } from '../write-buffer.ts';

// Work list of the delivery worker: a queued outbound message stays here until it is sent, failed or
// deleted. Built from the events like any read model, so a crash loses no pending send.
export const outboundQueueMigrations = [
  {
    id: 'projections/outbound-queue-001',
    sql: `
      CREATE TABLE outbound_queue (
        message_id uuid PRIMARY KEY, company_id uuid NOT NULL, whatsapp_id uuid NOT NULL, contact_id uuid NOT NULL,
        ticket_id uuid NOT NULL, wa_message_id text NOT NULL, body text NOT NULL, media_type text NOT NULL,
        media_url text, attempts int NOT NULL DEFAULT 0, last_error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(), queued_at timestamptz NOT NULL
      );
      CREATE INDEX outbound_queue_due ON outbound_queue (next_attempt_at);`,
  },
  {
    // The message an agent replied to, so the customer sees the answer quoting it.
    id: 'projections/outbound-queue-002-quoted',
    sql: `ALTER TABLE outbound_queue ADD COLUMN quoted_msg_id uuid;`,
  },
];

export const outboundQueueProjection: Projection = {
  name: 'outbound-queue',
  tables: ['outbound_queue'],
  // The delivery worker's claim, attempts and backoff: a rebuild must not make a message in flight due.
  preserve: [
    { table: 'outbound_queue', key: ['message_id'], columns: ['attempts', 'last_error', 'next_attempt_at'] },
  ],
  async handle(tx, e) {
    switch (e.type) {
      case 'OutboundMessageQueued':
        await write(
          tx,
          `INSERT INTO outbound_queue (message_id, company_id, whatsapp_id, contact_id, ticket_id, wa_message_id, body, media_type, media_url, queued_at, quoted_msg_id)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) ON CONFLICT DO NOTHING`,
          [
            e.data.messageId,
            e.data.companyId,
            e.data.whatsappId,
            e.data.contactId,
            e.data.ticketId,
            e.data.waMessageId,
            e.data.body,
            e.data.mediaType,
            e.data.mediaUrl,
            e.metadata.at,
            e.data.quotedMsgId ?? null,
          ],
        );
        await write(tx, `SELECT pg_notify('zelo_outbound', $1)`, [e.data.whatsappId]);
        return;
      case 'OutboundMessageSent':
      case 'OutboundMessageFailed':
      case 'MessageDeleted':
        await write(tx, 'DELETE FROM outbound_queue WHERE message_id=$1', [e.data.messageId]);
        return;
      // LGPD: a message still waiting reads as a rebuild reads it once its keys are gone.
      case 'ContactErased':
        await write(
          tx,
          'UPDATE outbound_queue SET body=$3, media_url=NULL WHERE company_id=$1 AND contact_id=$2',
          [e.data.companyId, e.data.contactId, ERASED_TEXT],
        );
        return;
      case 'CompanyMessagesShredded':
        await write(
          tx,
          `UPDATE outbound_queue q SET body=$3, media_url=NULL
            WHERE q.company_id=$1 AND q.queued_at < ${shredCutoff('$2')} AND NOT ${erasedContact('q.contact_id')}`,
          [e.data.companyId, e.data.before, SHREDDED_TEXT],
        );
        return;
    }
  },
};
