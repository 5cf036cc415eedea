import { randomUUID } from 'node:crypto';
import type { EventOfType, EventType } from '@zelo/contracts/events';
import type { EventStore, NewEvent } from '@zelo/services/event-store/port';

/** An event's data without the ids every event of a ticket's life shares. */
type OwnData<T extends EventType> = Omit<EventOfType<T>['data'], 'companyId' | 'ticketId'>;

/** A ticket's life as the deciders would record it, with an inbound message and a reply. */
export async function appendTicketLife(
  store: EventStore,
  ids: {
    companyId: string;
    ticketId: string;
    agentId: string;
    salesQueue: string;
    supportQueue: string;
    whatsappId: string;
    contactId: string;
  },
  startAt = Date.parse('2025-03-01T10:00:00.000Z'),
): Promise<void> {
  const { companyId, ticketId, agentId, salesQueue, supportQueue, whatsappId, contactId } = ids;
  let minute = 0;
  const ev = <T extends EventType>(type: T, data: OwnData<T>, actor = agentId): NewEvent => ({
    id: randomUUID(),
    type,
    data: { companyId, ticketId, ...data },
    metadata: {
      companyId,
      actor,
      correlationId: randomUUID(),
      at: new Date(startAt + minute++ * 60_000).toISOString(),
    },
  });
  const messageId = randomUUID();
  const replyId = randomUUID();
  const msg = { contactId, whatsappId };
  const conversation = `conversation-${contactId}-${whatsappId}`;
  await store.appendToStream(
    conversation,
    [
      ev(
        'ConversationTicketClaimed',
        {
          contactId,
          reason: 'created',
          isGroup: false,
          status: 'pending',
          userId: null,
          queueId: salesQueue,
          whatsappId,
        },
        'system:channel',
      ),
    ],
    'any',
  );
  const ticket = `ticket-${ticketId}`;
  await store.appendToStream(
    ticket,
    [
      ev(
        'TicketCreated',
        {
          contactId,
          isGroup: false,
          status: 'pending',
          userId: null,
          queueId: salesQueue,
          whatsappId,
          claim: { conversationId: conversation, revision: 0 },
        },
        'system:channel',
      ),
    ],
    'no_stream',
  );
  await store.appendToStream(
    `message-${messageId}`,
    [
      ev(
        'InboundMessageReceived',
        {
          messageId,
          ...msg,
          body: 'hello, where is my order?',
          mediaType: 'chat',
          mediaUrl: null,
          quotedMsgId: null,
          waMessageId: 'WA1',
          senderName: 'Carla',
          receivedAt: new Date(startAt).toISOString(),
        },
        'system:channel',
      ),
    ],
    'no_stream',
  );
  await store.appendToStream(ticket, [ev('TicketAccepted', { userId: agentId, queueId: salesQueue })], 0);
  await store.appendToStream(
    `message-${replyId}`,
    [
      ev('OutboundMessageQueued', {
        messageId: replyId,
        ...msg,
        body: 'On it!',
        mediaType: 'chat',
        mediaUrl: null,
        quotedMsgId: null,
        userId: agentId,
        waMessageId: 'WA2',
      }),
      ev(
        'OutboundMessageSent',
        { messageId: replyId, ...msg, sentAt: new Date(startAt).toISOString(), attempts: 1 },
        'system:channel',
      ),
    ],
    'no_stream',
  );
  await store.appendToStream(
    ticket,
    [
      ev('TicketTransferred', {
        from: { userId: agentId, queueId: salesQueue, whatsappId },
        status: 'open',
        userId: agentId,
        queueId: supportQueue,
        whatsappId,
        claim: null,
      }),
      ev('TicketClosed', { userId: agentId, queueId: supportQueue }),
    ],
    1,
  );
}

/** Events that name no ticket, as other contexts append them. */
export async function appendNoise(store: EventStore, companyId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const contactId = randomUUID();
    const data: EventOfType<'ContactCreated'>['data'] = {
      contactId,
      companyId,
      name: `Contact ${i}`,
      number: `5511900000${i}`,
      email: '',
      isGroup: false,
      profilePicUrl: '',
      extraInfo: [],
    };
    await store.appendToStream(
      `contact-${contactId}`,
      [
        {
          id: randomUUID(),
          type: 'ContactCreated',
          data,
          metadata: {
            companyId,
            actor: 'system:test',
            correlationId: randomUUID(),
            at: new Date().toISOString(),
          },
        },
      ],
      'no_stream',
    );
  }
}
