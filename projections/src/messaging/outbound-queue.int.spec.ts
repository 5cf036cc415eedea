import type { AnyEvent } from '@zelo/contracts/events';
import {
  messageDeleted,
  outboundMessageFailed,
  outboundMessageQueued,
  outboundMessageSent,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { outboundQueueProjection } from './outbound-queue.ts';

describe('outbound-queue read model (the delivery worker work list)', () => {
  const db = useReadModelDatabase();

  const given = async (...events: AnyEvent[]) => (await db.given([outboundQueueProjection], events)).history;
  const workList = async (companyId: string) =>
    (
      await db.pool.query(
        `SELECT message_id, whatsapp_id, contact_id, ticket_id, wa_message_id, body, media_type, media_url,
                quoted_msg_id, attempts, last_error, queued_at
           FROM outbound_queue WHERE company_id = $1 ORDER BY queued_at`,
        [companyId],
      )
    ).rows;

  it('holds a queued message, with what the channel needs to send it, until it is sent, failed or deleted', async () => {
    const companyId = testId();
    const conversation = { companyId, ticketId: testId(), contactId: testId(), whatsappId: testId() };
    const [sent, failed, deleted] = [1, 2, 3].map(() => outboundMessageQueued({ ...conversation }));
    const quoted = testId();
    const waiting = outboundMessageQueued({
      ...conversation,
      body: 'Segue o boleto',
      mediaType: 'application',
      mediaUrl: `/public/${companyId}/boleto.pdf`,
      quotedMsgId: quoted,
      waMessageId: 'ZELO-waiting',
    });
    const history = await given(
      sent,
      failed,
      deleted,
      waiting,
      // Queued again (a replay after a lost checkpoint): still one row, its first queuing time kept.
      waiting,
      outboundMessageSent({ ...conversation, messageId: sent.data.messageId }),
      outboundMessageFailed({ ...conversation, messageId: failed.data.messageId }),
      messageDeleted({ ...conversation, messageId: deleted.data.messageId }),
    );
    expect(await workList(companyId)).toEqual([
      {
        message_id: waiting.data.messageId,
        whatsapp_id: conversation.whatsappId,
        contact_id: conversation.contactId,
        ticket_id: conversation.ticketId,
        wa_message_id: 'ZELO-waiting',
        body: 'Segue o boleto',
        media_type: 'application',
        media_url: `/public/${companyId}/boleto.pdf`,
        quoted_msg_id: quoted,
        attempts: 0,
        last_error: null,
        queued_at: new Date(history[3].metadata.at),
      },
    ]);
  });

  it('lists every message still waiting, of each connection', async () => {
    const companyId = testId();
    const first = outboundMessageQueued({ companyId, body: 'um' });
    const second = outboundMessageQueued({ companyId, body: 'dois' });
    await given(first, second);
    expect((await workList(companyId)).map((row) => [row.message_id, row.whatsapp_id, row.body])).toEqual([
      [first.data.messageId, first.data.whatsappId, 'um'],
      [second.data.messageId, second.data.whatsappId, 'dois'],
    ]);
  });
});
