import type { AnyEvent } from '@zelo/contracts/events';
import {
  inboundMessageReceived,
  messageAcknowledged,
  messageDeleted,
  messageEdited,
  outboundMessageFailed,
  outboundMessageQueued,
  outboundMessageSent,
  phoneMessageSent,
  TEST_NOW,
  testId,
  ticketAccepted,
  ticketAutomationEnded,
  ticketAutomationStarted,
  ticketBotEnded,
  ticketBotStepped,
  ticketClosed,
  ticketCreated,
  ticketDeleted,
  ticketMessagesRead,
  ticketQueueAssigned,
  ticketReopened,
  ticketReturned,
  ticketTagsSynced,
  ticketTransferred,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { connectionsProjection } from '../connections/whatsapps.ts';
import { contactsProjection } from '../contacts/contacts.ts';
import { queuesProjection } from '../queues/queues.ts';
import { tagsProjection } from '../tags/tags.ts';
import { aCompany } from '../testing/company.ts';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { usersProjection } from '../users/users.ts';
import { conversationsProjection } from './conversations.ts';
import { getTicket, listMessages, listTickets } from './queries.ts';

// The ticket row joins the agent, queue, connection, contact and tags their own projections keep.
const readers = [
  usersProjection,
  queuesProjection,
  connectionsProjection,
  contactsProjection,
  tagsProjection,
  conversationsProjection,
];

// The batch path (a run of new messages in one insert) must leave the rows the one-event path leaves.
describe.each([
  { path: 'in one batch', oneByOne: false },
  { path: 'one event at a time', oneByOne: true },
])('conversations read model, events applied $path', ({ oneByOne }) => {
  const db = useReadModelDatabase();

  const given = (...events: AnyEvent[]) => db.given(readers, events, { oneByOne });

  /** A company and a pending ticket of its contact on its main line. */
  function aTicket() {
    const company = aCompany();
    const created = ticketCreated({
      companyId: company.companyId,
      contactId: company.contactId,
      whatsappId: company.mainLineId,
      status: 'pending',
    });
    const ticketId = created.data.ticketId;
    const ref = { companyId: company.companyId, ticketId };
    const messageRef = { ...ref, contactId: company.contactId, whatsappId: company.mainLineId };
    return { ...company, ticketId, ref, messageRef, created, setup: [...company.setup, created] };
  }

  const ticketOf = async (t: ReturnType<typeof aTicket>) => getTicket(db.pool, t.companyId, t.ticketId);
  const messagesOf = async (t: ReturnType<typeof aTicket>) =>
    (await listMessages(db.pool, t.companyId, t.ticketId, 1)).messages;

  it('shows a created ticket pending, on its connection, with its contact, nobody on it', async () => {
    const t = aTicket();
    const { history } = await given(...t.setup);
    const createdAt = history.at(-1)?.metadata.at;
    expect(await ticketOf(t)).toEqual({
      id: t.ticketId,
      uuid: t.ticketId,
      companyId: t.companyId,
      status: 'pending',
      userId: null,
      user: null,
      queueId: null,
      queue: null,
      whatsappId: t.mainLineId,
      whatsapp: { id: t.mainLineId, name: 'Main line' },
      contactId: t.contactId,
      contact: { id: t.contactId, name: 'Ana Souza', number: '5511987654321', profilePicUrl: '' },
      isGroup: false,
      chatbot: false,
      lastMessage: '',
      unreadMessages: 0,
      tags: [],
      useIntegration: false,
      promptId: null,
      integrationId: null,
      // No SLA clock runs (issue 24: the sla-clocks projection keeps them).
      sla: null,
      createdAt,
      updatedAt: createdAt,
    });
    const pending = await listTickets(db.pool, {
      companyId: t.companyId,
      status: 'pending',
      queueIds: null,
      pageNumber: 1,
    });
    expect(pending.tickets.map((row) => row.id)).toEqual([t.ticketId]);
    expect(pending.count).toBe(1);
  });

  it('shows the automation holding the ticket (doc 1 §3 useIntegration, promptId, integrationId)', async () => {
    const t = aTicket();
    const [promptId, typebotId] = [testId(), testId()];
    const automation = async () => {
      const row = await ticketOf(t);
      return [row?.useIntegration, row?.promptId, row?.integrationId];
    };
    await given(...t.setup, ticketAutomationStarted({ ...t.ref, kind: 'prompt', refId: promptId }));
    expect(await automation()).toEqual([false, promptId, null]);
    await given(
      ticketAutomationEnded(t.ref),
      ticketAutomationStarted({ ...t.ref, kind: 'typebot', refId: typebotId }),
    );
    expect(await automation()).toEqual([true, null, typebotId]);
    await given(ticketAutomationEnded(t.ref), ticketAutomationStarted({ ...t.ref, kind: 'flow' }));
    expect(await automation()).toEqual([true, null, null]);
    await given(ticketAutomationEnded({ ...t.ref, reason: 'accepted' }));
    expect(await automation()).toEqual([false, null, null]);
  });

  it("counts a customer's messages as unread and previews the last one", async () => {
    const t = aTicket();
    const hello = inboundMessageReceived({ ...t.messageRef, body: 'Oi', senderName: 'Ana' });
    const { history } = await given(
      ...t.setup,
      hello,
      inboundMessageReceived({ ...t.messageRef, body: 'Tudo bem?' }),
    );
    // The store hands an event again after a lost checkpoint: it is not a new message.
    await given(hello);
    expect(await ticketOf(t)).toMatchObject({
      status: 'pending',
      lastMessage: 'Tudo bem?',
      unreadMessages: 2,
      updatedAt: history.at(-1)?.metadata.at,
    });
    const messages = await messagesOf(t);
    expect(messages.map((m) => [m.body, m.fromMe, m.read, m.ack])).toEqual([
      ['Oi', false, false, 0],
      ['Tudo bem?', false, false, 0],
    ]);
    expect(messages[0]).toMatchObject({
      senderName: 'Ana',
      contact: { id: t.contactId, name: 'Ana Souza' },
      userId: null,
      createdAt: history.at(-2)?.metadata.at,
    });
  });

  it('counts a message the store holds twice once, even within one batch', async () => {
    const t = aTicket();
    const hello = inboundMessageReceived({ ...t.messageRef, body: 'Oi' });
    await given(...t.setup, hello, hello);
    expect(await ticketOf(t)).toMatchObject({ lastMessage: 'Oi', unreadMessages: 1 });
    expect((await messagesOf(t)).map((m) => m.body)).toEqual(['Oi']);
  });

  it('opens an accepted ticket for its agent in the queue, and clears the unread count', async () => {
    const t = aTicket();
    const { history } = await given(
      ...t.setup,
      inboundMessageReceived({ ...t.messageRef, body: 'Oi' }),
      ticketAccepted({ ...t.ref, userId: t.agentId, queueId: t.queueId }),
    );
    expect(await ticketOf(t)).toMatchObject({
      status: 'open',
      userId: t.agentId,
      user: { id: t.agentId, name: 'Bruno Lima' },
      queueId: t.queueId,
      queue: { id: t.queueId, name: 'Sales', color: '#00aa55' },
      lastMessage: 'Oi',
      unreadMessages: 0,
      updatedAt: history.at(-1)?.metadata.at,
    });
  });

  it("shows an agent's message as theirs, read, sent then acknowledged; a failed send keeps its reason", async () => {
    const t = aTicket();
    const reply = outboundMessageQueued({ ...t.messageRef, body: 'Olá', userId: t.agentId });
    const failed = outboundMessageQueued({ ...t.messageRef, body: 'Ainda aí?', userId: t.agentId });
    const at = { ...t.messageRef };
    await given(
      ...t.setup,
      ticketAccepted({ ...t.ref, userId: t.agentId, queueId: null }),
      reply,
      outboundMessageSent({ ...at, messageId: reply.data.messageId }),
      messageAcknowledged({ ...at, messageId: reply.data.messageId, ack: 3 }),
      // A late, lower ack never lowers what the customer already saw.
      messageAcknowledged({ ...at, messageId: reply.data.messageId, ack: 2 }),
      failed,
      outboundMessageFailed({ ...at, messageId: failed.data.messageId, reason: 'channel offline' }),
    );
    expect(await ticketOf(t)).toMatchObject({ lastMessage: 'Ainda aí?', unreadMessages: 0 });
    expect(
      (await messagesOf(t)).map((m) => [m.body, m.fromMe, m.read, m.userId, m.ack, m.error, m.contact]),
    ).toEqual([
      ['Olá', true, true, t.agentId, 3, null, null],
      ['Ainda aí?', true, true, t.agentId, 0, 'channel offline', null],
    ]);
  });

  it('clears the unread count and marks every message read once the agent reads them', async () => {
    const t = aTicket();
    await given(
      ...t.setup,
      inboundMessageReceived({ ...t.messageRef, body: 'Oi' }),
      inboundMessageReceived({ ...t.messageRef, body: 'Alguém?' }),
    );
    expect(await ticketOf(t)).toMatchObject({ unreadMessages: 2 });
    await given(ticketMessagesRead({ ...t.ref, userId: t.agentId }));
    expect(await ticketOf(t)).toMatchObject({ unreadMessages: 0 });
    expect((await messagesOf(t)).map((m) => m.read)).toEqual([true, true]);
  });

  it('moves a transferred ticket to the other connection and queue, and a returned one back to pending', async () => {
    const t = aTicket();
    await given(
      ...t.setup,
      ticketAccepted({ ...t.ref, userId: t.agentId, queueId: null }),
      ticketTransferred({
        ...t.ref,
        from: { userId: t.agentId, queueId: null, whatsappId: t.mainLineId },
        status: 'open',
        userId: t.agentId,
        queueId: t.queueId,
        whatsappId: t.secondLineId,
      }),
    );
    expect(await ticketOf(t)).toMatchObject({
      status: 'open',
      user: { id: t.agentId, name: 'Bruno Lima' },
      queue: { id: t.queueId, name: 'Sales', color: '#00aa55' },
      whatsappId: t.secondLineId,
      whatsapp: { id: t.secondLineId, name: 'Second line' },
    });
    await given(ticketReturned({ ...t.ref, previousUserId: t.agentId }));
    expect(await ticketOf(t)).toMatchObject({
      status: 'pending',
      userId: null,
      user: null,
      queueId: t.queueId,
    });
  });

  it('closes a ticket (no unread, no bot) and reopens it for the agent', async () => {
    const t = aTicket();
    const { history } = await given(
      ...t.setup,
      ticketBotStepped({ ...t.ref, bot: { stage: 'queues', path: [], menuSends: 1, startedAt: TEST_NOW } }),
      inboundMessageReceived({ ...t.messageRef, body: 'Obrigada' }),
      ticketClosed({ ...t.ref, userId: t.agentId, queueId: t.queueId }),
    );
    expect(await ticketOf(t)).toMatchObject({
      status: 'closed',
      userId: t.agentId,
      queueId: t.queueId,
      unreadMessages: 0,
      chatbot: false,
      lastMessage: 'Obrigada',
      updatedAt: history.at(-1)?.metadata.at,
    });
    const closed = await listTickets(db.pool, {
      companyId: t.companyId,
      status: 'closed',
      queueIds: null,
      pageNumber: 1,
    });
    expect(closed.tickets.map((row) => row.id)).toEqual([t.ticketId]);
    await given(ticketReopened({ ...t.ref, userId: t.agentId, queueId: null }));
    expect(await ticketOf(t)).toMatchObject({
      status: 'open',
      userId: t.agentId,
      queueId: null,
      queue: null,
    });
  });

  it('flags a ticket while the customer talks to the bot, and shows the queue the bot chose', async () => {
    const t = aTicket();
    const startedAt = TEST_NOW;
    await given(
      ...t.setup,
      ticketBotStepped({ ...t.ref, bot: { stage: 'options', path: [], menuSends: 1, startedAt } }),
    );
    expect(await ticketOf(t)).toMatchObject({ chatbot: true, queueId: null });
    await given(ticketQueueAssigned({ ...t.ref, queueId: t.queueId, reason: 'bot' }));
    expect(await ticketOf(t)).toMatchObject({
      chatbot: true,
      queue: { id: t.queueId, name: 'Sales', color: '#00aa55' },
    });
    await given(ticketBotEnded({ ...t.ref, reason: 'transferred' }));
    expect(await ticketOf(t)).toMatchObject({ chatbot: false, queueId: t.queueId });
    await given(ticketBotStepped({ ...t.ref, bot: { stage: 'ended', path: [], menuSends: 1, startedAt } }));
    expect(await ticketOf(t)).toMatchObject({ chatbot: false });
  });

  it('shows the tags synced on the ticket', async () => {
    const t = aTicket();
    await given(...t.setup, ticketTagsSynced({ ...t.ref, tagIds: [t.tagId] }));
    expect((await ticketOf(t))?.tags).toEqual([{ id: t.tagId, name: 'VIP', color: '#aa0055' }]);
    await given(ticketTagsSynced({ ...t.ref, tagIds: [] }));
    expect((await ticketOf(t))?.tags).toEqual([]);
  });

  it('previews an edit of the last message only, and marks a deleted message', async () => {
    const t = aTicket();
    const first = inboundMessageReceived({ ...t.messageRef, body: 'Oi' });
    const last = inboundMessageReceived({ ...t.messageRef, body: 'Tudo bem?' });
    await given(...t.setup, first, last);
    await given(
      messageEdited({
        ...t.messageRef,
        messageId: last.data.messageId,
        body: 'Tudo bem??',
        previousBody: 'Tudo bem?',
      }),
      messageEdited({ ...t.messageRef, messageId: first.data.messageId, body: 'Olá', previousBody: 'Oi' }),
      messageDeleted({ ...t.messageRef, messageId: first.data.messageId }),
    );
    expect(await ticketOf(t)).toMatchObject({ lastMessage: 'Tudo bem??', unreadMessages: 2 });
    expect((await messagesOf(t)).map((m) => [m.body, m.isEdited, m.isDeleted])).toEqual([
      ['Olá', true, true],
      ['Tudo bem??', true, false],
    ]);
  });

  it("shows a message typed on the business's phone as the business's, sent and read", async () => {
    const t = aTicket();
    await given(
      ...t.setup,
      inboundMessageReceived({ ...t.messageRef, body: 'Oi' }),
      phoneMessageSent({ ...t.messageRef, body: 'Respondi pelo celular' }),
    );
    expect(await ticketOf(t)).toMatchObject({ lastMessage: 'Respondi pelo celular', unreadMessages: 1 });
    expect((await messagesOf(t)).map((m) => [m.body, m.fromMe, m.read, m.ack, m.userId])).toEqual([
      ['Oi', false, false, 0, null],
      ['Respondi pelo celular', true, true, 1, null],
    ]);
  });

  it('lists the whole conversation with the contact on that connection, across its tickets', async () => {
    const t = aTicket();
    const nextId = testId();
    await given(
      ...t.setup,
      inboundMessageReceived({ ...t.messageRef, body: 'Primeiro' }),
      ticketClosed({ ...t.ref }),
      ticketCreated({ ...t.created.data, ticketId: nextId }),
      inboundMessageReceived({ ...t.messageRef, ticketId: nextId, body: 'De novo' }),
    );
    const page = await listMessages(db.pool, t.companyId, nextId, 1);
    expect(page.messages.map((m) => [m.ticketId, m.body])).toEqual([
      [t.ticketId, 'Primeiro'],
      [nextId, 'De novo'],
    ]);
    expect(await getTicket(db.pool, t.companyId, nextId)).toMatchObject({
      lastMessage: 'De novo',
      unreadMessages: 1,
    });
  });

  it('lists tickets newest first, found by tag, contact, last message, queue and owner', async () => {
    const t = aTicket();
    const other = ticketCreated({
      companyId: t.companyId,
      contactId: t.contactId,
      whatsappId: t.secondLineId,
    });
    const otherRef = { companyId: t.companyId, ticketId: other.data.ticketId };
    await given(
      ...t.setup,
      other,
      ticketAccepted({ ...otherRef, userId: t.agentId, queueId: t.queueId }),
      inboundMessageReceived({ ...t.messageRef, body: 'Quero um orçamento' }),
      ticketTagsSynced({ ...t.ref, tagIds: [t.tagId] }),
    );
    const ids = async (filter: Partial<Parameters<typeof listTickets>[1]>) =>
      (
        await listTickets(db.pool, { companyId: t.companyId, queueIds: null, pageNumber: 1, ...filter })
      ).tickets.map((row) => row.id);
    // The message came last, so its ticket is the newest.
    expect(await ids({})).toEqual([t.ticketId, other.data.ticketId]);
    expect(await ids({ tagIds: [t.tagId] })).toEqual([t.ticketId]);
    expect(await ids({ searchParam: 'ORÇAMENTO' })).toEqual([t.ticketId]);
    expect(await ids({ searchParam: 'ana souza' })).toEqual([t.ticketId, other.data.ticketId]);
    expect(await ids({ withUnreadMessages: true })).toEqual([t.ticketId]);
    expect(await ids({ status: 'open', userIds: [t.agentId] })).toEqual([other.data.ticketId]);
    // Queue-less tickets come along with the agent's queues.
    expect(await ids({ queueIds: [t.queueId] })).toEqual([t.ticketId, other.data.ticketId]);
    expect(await ids({ queueIds: [t.queueId], queuelessOwnedBy: t.agentId })).toEqual([other.data.ticketId]);
  });

  it('removes a deleted ticket and its messages, telling who held it', async () => {
    const t = aTicket();
    await given(
      ...t.setup,
      inboundMessageReceived({ ...t.messageRef, body: 'Oi' }),
      ticketAccepted({ ...t.ref, userId: t.agentId, queueId: t.queueId }),
    );
    const { changes } = await given(ticketDeleted({ ...t.ref }));
    expect(await ticketOf(t)).toBeNull();
    const left = await db.pool.query('SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1', [
      t.ticketId,
    ]);
    expect(left.rows[0].n).toBe(0);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'ticket',
        action: 'delete',
        id: t.ticketId,
        placement: { queueId: t.queueId, userId: t.agentId },
      }),
    ]);
  });
});
