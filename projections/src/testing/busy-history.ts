import { randomUUID } from 'node:crypto';
import type { EventOfType, EventType } from '@zelo/contracts/events';
import * as b from '@zelo/contracts/testing/events';

export interface HistoryEvent {
  stream: string;
  type: EventType;
  data: object;
}

/** A history in the order a busy company makes it: conversations interleaved, a year long. */
export function* busyHistory(target: number): Generator<HistoryEvent> {
  const companyId = randomUUID();
  const planId = randomUUID();
  const whatsappId = randomUUID();
  const ev = <T extends EventType>(
    stream: string,
    build: (o: Partial<EventOfType<T>['data']>) => EventOfType<T>,
    data: Partial<EventOfType<T>['data']>,
  ) => {
    const e = build(data);
    return { stream, type: e.type as EventType, data: e.data as object };
  };
  yield ev('plan', b.planCreated, { planId });
  yield ev(`company-${companyId}`, b.companyCreated, { companyId, planId });
  const users = Array.from({ length: 20 }, () => randomUUID());
  const queues = Array.from({ length: 5 }, () => randomUUID());
  const tags = Array.from({ length: 8 }, () => randomUUID());
  for (const [i, queueId] of queues.entries()) {
    yield ev(`queue-${queueId}`, b.queueCreated, { queueId, companyId, name: `Fila ${i}` });
    yield ev(`queue-${queueId}`, b.queueOptionCreated, { optionId: randomUUID(), queueId, companyId });
  }
  for (const [i, userId] of users.entries())
    yield ev(`user-${userId}`, b.userCreated, {
      userId,
      companyId,
      email: `agent${i}-${companyId}@bench.test`,
      queueIds: [queues[i % 5], queues[(i + 1) % 5]],
    });
  yield ev(`whatsapp-${whatsappId}`, b.connectionCreated, { whatsappId, companyId, token: randomUUID() });
  yield ev(`whatsapp-${whatsappId}`, b.connectionStatusChanged, { whatsappId, companyId });
  // SLA targets on two queues (issue 24): their tickets' clocks start, stop, pause and resume.
  const slaPolicies = `sla-policies-${companyId}`;
  yield ev(slaPolicies, b.slaPolicyCreated, { policyId: randomUUID(), companyId, queueId: queues[0] });
  yield ev(slaPolicies, b.slaPolicyCreated, {
    policyId: randomUUID(),
    companyId,
    queueId: queues[1],
    whatsappId,
    clock: 'companyHours',
  });
  for (const tagId of tags)
    yield ev(`tag-${tagId}`, b.tagCreated, { tagId, companyId, name: `Tag ${tagId}` });
  for (let i = 0; i < 20; i++) {
    const quickMessageId = randomUUID();
    yield ev(`quick-${quickMessageId}`, b.quickMessageCreated, {
      quickMessageId,
      companyId,
      shortcode: `q${i}`,
      userId: users[0],
    });
  }
  const chatId = randomUUID();
  yield ev(`chat-${chatId}`, b.chatCreated, { chatId, companyId, ownerId: users[0], userIds: users });

  // Conversations in flight at once: each step advances one of them, so the store interleaves them.
  type Conv = { steps: Generator<HistoryEvent> };
  const live: Conv[] = [];
  let made = 0;
  let n = 0;
  const conversation = function* (): Generator<HistoryEvent> {
    const k = n++;
    const contactId = randomUUID();
    const ticketId = randomUUID();
    const agent = users[k % users.length];
    const queueId = queues[k % queues.length];
    const t = `ticket-${ticketId}`;
    const ref = { companyId, ticketId, contactId, whatsappId };
    const number = String(5511900000000 + k);
    yield ev(`contact-${contactId}`, b.contactNumberClaimed, { companyId, number, contactId });
    yield ev(`contact-${contactId}`, b.contactCreated, {
      contactId,
      companyId,
      number,
      name: `Cliente ${k}`,
    });
    yield ev(`conversation-${contactId}`, b.conversationTicketClaimed, {
      companyId,
      contactId,
      ticketId,
      whatsappId,
    });
    yield ev(t, b.ticketCreated, { ticketId, companyId, contactId, whatsappId, status: 'pending' });
    const inbound = function* () {
      const messageId = randomUUID();
      yield ev(`message-${messageId}`, b.inboundMessageReceived, {
        ...ref,
        messageId,
        body: `Olá, preciso de ajuda com o pedido ${k}`,
        waMessageId: `wa-${messageId}`,
      });
    };
    const outbound = function* () {
      const messageId = randomUUID();
      const m = `message-${messageId}`;
      yield ev(m, b.outboundMessageQueued, {
        ...ref,
        messageId,
        userId: agent,
        body: `Claro! Vou verificar o pedido ${k} para você.`,
        waMessageId: `ZELO${messageId}`,
      });
      // Now and then a send fails, or the acks arrive out of order; an agent edits or deletes a message.
      if (sends++ % 23 === 0) {
        yield ev(m, b.outboundMessageFailed, { ...ref, messageId });
        return;
      }
      yield ev(m, b.outboundMessageSent, { ...ref, messageId });
      if (sends % 17 === 0) yield ev(m, b.messageAcknowledged, { ...ref, messageId, ack: 3 });
      yield ev(m, b.messageAcknowledged, { ...ref, messageId, ack: 2 });
      yield ev(m, b.messageAcknowledged, { ...ref, messageId, ack: 3 });
      if (sends % 13 === 0)
        yield ev(m, b.messageEdited, { ...ref, messageId, body: `Corrigindo: pedido ${k}` });
      if (sends % 19 === 0) yield ev(m, b.messageDeleted, { ...ref, messageId, userId: agent });
    };
    const fromPhone = function* () {
      const messageId = randomUUID();
      yield ev(`message-${messageId}`, b.phoneMessageSent, {
        ...ref,
        messageId,
        waMessageId: `wa-${messageId}`,
      });
    };
    yield* inbound();
    yield ev(t, b.ticketBotStepped, { ticketId, companyId });
    yield* inbound();
    yield ev(t, b.ticketQueueAssigned, { ticketId, companyId, queueId });
    if (k % 37 === 0) {
      yield ev(t, b.ticketAccepted, { ticketId, companyId, userId: agent, queueId });
      yield ev(t, b.ticketReturned, { ticketId, companyId, previousUserId: agent });
      yield* inbound();
    }
    yield ev(t, b.ticketAccepted, { ticketId, companyId, userId: agent, queueId });
    if (k % 19 === 0) yield* fromPhone();
    const rounds = 3 + (k % 6);
    for (let r = 0; r < rounds; r++) {
      yield* outbound();
      yield* inbound();
      if (r % 2 === 1) yield ev(t, b.ticketMessagesRead, { ticketId, companyId, userId: agent });
    }
    if (k % 7 === 0) {
      const to = users[(k + 3) % users.length];
      yield ev(t, b.ticketTransferred, {
        ticketId,
        companyId,
        from: { userId: agent, queueId, whatsappId },
        status: 'open',
        userId: to,
        queueId,
        whatsappId,
      });
      yield* outbound();
    }
    if (k % 5 === 0) yield ev(t, b.ticketTagsSynced, { ticketId, companyId, tagIds: [tags[k % 8]] });
    if (k % 11 === 0)
      yield ev(t, b.ticketNoteAdded, { noteId: randomUUID(), ticketId, contactId, companyId, userId: agent });
    yield ev(t, b.ticketClosed, { ticketId, companyId, userId: agent, queueId });
    if (k % 3 === 0) {
      yield ev(t, b.ticketRatingRequested, { ticketId, companyId, userId: agent });
      yield* inbound();
      yield ev(t, b.ticketRated, { ticketId, companyId, userId: agent, rate: 3 });
    }
    if (k % 31 === 0) {
      yield ev(t, b.ticketReopened, { ticketId, companyId, userId: agent, queueId });
      yield* inbound();
      yield* outbound();
      yield ev(t, b.ticketClosed, { ticketId, companyId, userId: agent, queueId });
    }
    if (k % 29 === 0) yield ev(t, b.ticketDeleted, { ticketId, companyId });
    if (k % 50 === 0) yield ev(`chat-${chatId}`, b.chatMessagePosted, { chatId, companyId, senderId: agent });
  };
  let sends = 0;
  while (made < target) {
    while (live.length < 40) live.push({ steps: conversation() });
    const i = Math.floor(Math.random() * live.length);
    const next = live[i].steps.next();
    if (next.done) {
      live.splice(i, 1);
      continue;
    }
    made++;
    yield next.value;
  }
}
