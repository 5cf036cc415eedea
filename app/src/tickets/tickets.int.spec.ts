import { receiveInboundMessage } from '@zelo/services/messaging/handlers';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// A ticket's life over HTTP as an agent lives it (doc 1 §4 States and transitions, §7 Calls,
// BEHAVIOUR.md "Inbound message to ticket"), with the simulator playing the customer's phone.

/** Polls `fn` until it returns a truthy value (or stops throwing), at most `timeoutMs`. */

/**
 * The demo connection has exactly one queue, so on every new ticket the queue chatbot (BEHAVIOUR.md
 * "Queue chatbot") assigns that queue and sends its greeting: an outbound message with no user.
 */
const GREETING = 'Olá! Como podemos ajudar?';
const isBotGreeting = (m: { fromMe?: boolean; userId?: string | null; body: string }) =>
  m.fromMe === true && m.userId === null && m.body === GREETING;

let seq = 0;
/** A fresh customer number per test, so tests do not see each other's tickets. */
const newNumber = () =>
  `55119${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;

/** Waits for a connection to pair; pairs it by hand (the simulator page's "scan") if it has not. */
async function ensurePaired(system: TestSystem, whatsappId: string) {
  const deadline = Date.now() + 5_000;
  while (!system.simulator!.isConnected(whatsappId) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  if (!system.simulator!.isConnected(whatsappId)) await system.simulator!.pair(whatsappId);
}

describe('tickets over HTTP', () => {
  let system: TestSystem;
  let admin: { token: string; user: any };
  let agent: { token: string; user: any };

  const api = (method: string, path: string, body?: unknown, token = admin.token) =>
    system.api(method, path, { token, body });
  const eventCount = async () =>
    Number((await system.ctx.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);
  /** Waits until background work (acks, deliveries) stopped writing events. */
  async function quiet() {
    let before = await eventCount();
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const now = await eventCount();
      if (now === before) return now;
      before = now;
    }
    throw new Error('the event store never went quiet');
  }

  /** Bodies of a ticket's messages, read from the database (GET /messages would clear the badge). */
  const storedBodies = async (ticketId: string) =>
    (
      await system.ctx.pool.query('SELECT body FROM messages WHERE ticket_id = $1 ORDER BY created_at', [
        ticketId,
      ])
    ).rows.map((r: any) => r.body as string);

  /**
   * The customer writes on a NEW conversation; resolves with the (projected) active ticket of that
   * number once it holds the message and the chatbot has answered it (queue assigned, greeting last),
   * so the ticket no longer changes under the test.
   */
  async function customerWrites(number: string, body: string, name = `Cliente ${number.slice(-4)}`) {
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name }, body);
    return eventually(
      async () => {
        const r = await api('GET', `/tickets?showAll=true&searchParam=${number}`);
        const t = r.body.tickets.find(
          (x: any) =>
            x.contact.number === number &&
            x.status !== 'closed' &&
            x.queueId === DEMO.queueId &&
            x.lastMessage === GREETING,
        );
        return t && (await storedBodies(t.id)).includes(body) ? t : null;
      },
      5_000,
      `a ticket of ${number} with "${body}", greeted by the bot`,
    );
  }

  beforeAll(async () => {
    system = await startTestSystem();
    await ensurePaired(system, DEMO.whatsappId);
    admin = await system.login(DEMO.email, DEMO.password);
    const created = await api('POST', '/users', {
      name: 'Agente Beatriz',
      email: 'beatriz@zelo.dev',
      password: 'beatriz123',
      profile: 'user',
      queueIds: [DEMO.queueId],
    });
    expect(created.status).toBe(201);
    agent = await system.login('beatriz@zelo.dev', 'beatriz123');
  });
  afterAll(async () => {
    await system?.close();
  });

  describe('bad input', () => {
    const someId = '6f1c1f7e-3c1a-4c55-9b1e-2f6a1b0c9d11';
    const cases: [string, string, string, unknown][] = [
      ['GET a ticket by a non-uuid id', 'GET', '/tickets/123', undefined],
      ['GET /tickets/u/ with a non-uuid id', 'GET', '/tickets/u/abc', undefined],
      ['PUT a ticket by a non-uuid id', 'PUT', '/tickets/not-a-uuid', { status: 'open' }],
      ['PUT an unknown status', 'PUT', `/tickets/${someId}`, { status: 'resolved' }],
      ['PUT a non-uuid userId', 'PUT', `/tickets/${someId}`, { status: 'open', userId: 'me' }],
      ['PUT a non-uuid queueId', 'PUT', `/tickets/${someId}`, { queueId: 7 }],
      ['DELETE a non-uuid id', 'DELETE', '/tickets/42', undefined],
      ['POST a ticket without contact', 'POST', '/tickets', { queueId: DEMO.queueId }],
      [
        'POST a ticket with a non-uuid contact',
        'POST',
        '/tickets',
        { contactId: 'x', queueId: DEMO.queueId },
      ],
      ['POST a ticket with status closed', 'POST', '/tickets', { contactId: someId, status: 'closed' }],
      ['POST a ticket with an array body', 'POST', '/tickets', [someId]],
      ['list with an unknown status', 'GET', '/tickets?status=archived', undefined],
      ['list with queueIds that are not JSON', 'GET', '/tickets?queueIds=abc', undefined],
      ['list with queueIds that are not uuids', 'GET', '/tickets?queueIds=%5B%22x%22%5D', undefined],
      ['list with a page number of zero', 'GET', '/tickets?pageNumber=0', undefined],
      ['list with a non-numeric page', 'GET', '/tickets?pageNumber=two', undefined],
      ['list with showAll=yes', 'GET', '/tickets?showAll=yes', undefined],
      ['messages of a non-uuid ticket', 'GET', '/messages/1', undefined],
      ['messages with a bad page', 'GET', `/messages/${someId}?pageNumber=-1`, undefined],
      ['send to a non-uuid ticket', 'POST', '/messages/1', { body: 'oi' }],
      ['send a blank message', 'POST', `/messages/${someId}`, { body: '   ' }],
      ['send a message without body', 'POST', `/messages/${someId}`, {}],
      ['send a too long message', 'POST', `/messages/${someId}`, { body: 'x'.repeat(5000) }],
      ['send with a bad quotedMsg', 'POST', `/messages/${someId}`, { body: 'oi', quotedMsg: { id: 'nope' } }],
      ['delete a non-uuid message', 'DELETE', '/messages/zzz', undefined],
    ];

    it.each(cases)('%s is 400 ERR_VALIDATION and writes nothing', async (_name, method, path, body) => {
      const before = await quiet();
      const r = await api(method, path, body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
      expect(typeof r.body.message).toBe('string');
      expect(await eventCount()).toBe(before);
    });

    it('unknown but well-formed ids are 404, not 500', async () => {
      for (const [method, path, body, code] of [
        ['GET', `/tickets/${someId}`, undefined, 'ERR_NO_TICKET_FOUND'],
        ['PUT', `/tickets/${someId}`, { status: 'open' }, 'ERR_NO_TICKET_FOUND'],
        ['DELETE', `/tickets/${someId}`, undefined, 'ERR_NO_TICKET_FOUND'],
        ['GET', `/messages/${someId}`, undefined, 'ERR_NO_TICKET_FOUND'],
        ['POST', `/messages/${someId}`, { body: 'oi' }, 'ERR_NO_TICKET_FOUND'],
        ['POST', '/tickets', { contactId: someId, queueId: DEMO.queueId }, 'ERR_NO_CONTACT_FOUND'],
      ] as const) {
        const r = await api(method, path, body);
        expect({ method, path, status: r.status, error: r.body.error }).toEqual({
          method,
          path,
          status: 404,
          error: code,
        });
      }
    });

    it('every ticket route needs a session', async () => {
      for (const [method, path] of [
        ['GET', '/tickets'],
        ['GET', `/tickets/${someId}`],
        ['PUT', `/tickets/${someId}`],
        ['POST', '/tickets'],
        ['DELETE', `/tickets/${someId}`],
        ['GET', `/messages/${someId}`],
        ['POST', `/messages/${someId}`],
      ]) {
        const r = await system.api(method, path, {
          body: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect({ method, path, status: r.status }).toEqual({ method, path, status: 401 });
      }
    });
  });

  describe('the journey of one conversation', () => {
    const number = newNumber();
    let ticketId: string;
    let replyId: string;

    it('a customer message makes a pending ticket in the waiting list', async () => {
      await system.simulator!.customerSends(
        DEMO.whatsappId,
        { number, name: 'Joana Cliente' },
        'Bom dia, meu pedido atrasou',
      );
      const ticket = await eventually(
        async () => {
          const r = await api('GET', '/tickets?status=pending&showAll=true');
          expect(r.status).toBe(200);
          // The ticket row, its first message and the bot's answer may be projected in separate
          // batches: wait for all of them (the greeting is the last message once the bot ran).
          return r.body.tickets.find((t: any) => t.contact.number === number && t.lastMessage === GREETING);
        },
        5_000,
        'the pending ticket, greeted by the bot',
      );
      ticketId = ticket.id;
      // The bot put it in the connection's only queue; it waits there for an agent.
      expect(ticket).toMatchObject({
        status: 'pending',
        userId: null,
        queueId: DEMO.queueId,
        whatsappId: DEMO.whatsappId,
        lastMessage: GREETING,
        // The bot's greeting is not something the agent has to read.
        unreadMessages: 1,
        contact: { name: 'Joana Cliente', number },
        whatsapp: { id: DEMO.whatsappId },
      });
      // Not in the other tabs.
      const open = await api('GET', '/tickets?status=open&showAll=true');
      expect(open.body.tickets.map((t: any) => t.id)).not.toContain(ticketId);
      // The message is there, from the customer, followed by the bot's greeting (no agent).
      const messages = await api('GET', `/messages/${ticketId}`);
      expect(messages.status).toBe(200);
      expect(messages.body.messages).toHaveLength(2);
      expect(messages.body.messages[0]).toMatchObject({
        body: 'Bom dia, meu pedido atrasou',
        fromMe: false,
        ticketId,
      });
      expect(messages.body.messages[1]).toMatchObject({
        body: GREETING,
        fromMe: true,
        userId: null,
        ticketId,
      });
      expect(messages.body.hasMore).toBe(false);
      // The greeting reaches the customer's phone, once.
      const greeted = await eventually(
        async () => {
          const out = (await system.simulator!.phoneMessages(DEMO.whatsappId, number)).filter(
            (m) => m.direction === 'outbound',
          );
          return out.length ? out : null;
        },
        5_000,
        'the greeting on the phone',
      );
      expect(greeted.map((m) => m.body)).toEqual([GREETING]);
    });

    it('opening the conversation clears the unread badge (eventually)', async () => {
      await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Joana Cliente' }, 'Alô?');
      await eventually(
        async () => (await api('GET', `/tickets/${ticketId}`)).body.unreadMessages >= 1,
        5_000,
        'an unread message',
      );
      expect((await api('GET', `/messages/${ticketId}`)).status).toBe(200);
      await eventually(
        async () => (await api('GET', `/tickets/${ticketId}`)).body.unreadMessages === 0,
        5_000,
        'the badge to clear',
      );
    });

    // Regression test for a bug found while writing this suite (now fixed).
    it('opening the conversation clears the unread badge, as the answer and the next GET show', async () => {
      await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Joana Cliente' }, 'Alguém?');
      await eventually(
        async () => (await api('GET', `/tickets/${ticketId}`)).body.unreadMessages >= 1,
        5_000,
        'an unread message',
      );
      const opened = await api('GET', `/messages/${ticketId}`);
      expect(opened.status).toBe(200);
      const t = await api('GET', `/tickets/${ticketId}`);
      expect({ answered: opened.body.ticket.unreadMessages, next: t.body.unreadMessages }).toEqual({
        answered: 0,
        next: 0,
      });
    });

    it('sending on a pending ticket is refused with 400 ERR_TICKET_NOT_OPEN and nothing reaches the phone', async () => {
      const r = await api('POST', `/messages/${ticketId}`, { body: 'Antes de aceitar' });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_TICKET_NOT_OPEN');
      // Only the bot's greeting (sent before) is on the phone.
      const phone = await system.simulator!.phoneMessages(DEMO.whatsappId, number);
      expect(phone.filter((m) => m.direction === 'outbound').map((m) => m.body)).toEqual([GREETING]);
    });

    it('accept makes it open with the agent as owner, at once (read-your-writes)', async () => {
      const r = await api('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.user.id });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        id: ticketId,
        status: 'open',
        userId: admin.user.id,
        user: { id: admin.user.id, name: admin.user.name },
      });
      const got = await api('GET', `/tickets/${ticketId}`);
      expect(got.body).toMatchObject({ status: 'open', userId: admin.user.id });
      const open = await api('GET', '/tickets?status=open');
      expect(open.body.tickets.map((t: any) => t.id)).toContain(ticketId);
      const pending = await api('GET', '/tickets?status=pending&showAll=true');
      expect(pending.body.tickets.map((t: any) => t.id)).not.toContain(ticketId);
    });

    it('a reply is 201 with ack 0, reaches the phone exactly once and then shows delivered (ack >= 2)', async () => {
      const r = await api('POST', `/messages/${ticketId}`, { body: 'Olá Joana! Vou verificar seu pedido.' });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        body: 'Olá Joana! Vou verificar seu pedido.',
        fromMe: true,
        ticketId,
        ack: 0,
      });
      replyId = r.body.id;
      // It is in the conversation right away.
      const list = await api('GET', `/messages/${ticketId}`);
      expect(list.body.messages.map((m: any) => m.id)).toContain(replyId);

      const outbound = await eventually(
        async () => {
          const phone = await system.simulator!.phoneMessages(DEMO.whatsappId, number);
          const out = phone.filter((m) => m.direction === 'outbound' && m.body !== GREETING);
          return out.length ? out : null;
        },
        5_000,
        'the reply on the phone',
      );
      expect(outbound.map((m) => m.body)).toEqual(['Olá Joana! Vou verificar seu pedido.']);

      const delivered = await eventually(
        async () => {
          const m = (await api('GET', `/messages/${ticketId}`)).body.messages.find(
            (x: any) => x.id === replyId,
          );
          return m && m.ack >= 2 ? m : null;
        },
        5_000,
        'ack >= 2',
      );
      expect(delivered.ack).toBeGreaterThanOrEqual(2);
      expect(delivered.ack).toBeLessThanOrEqual(5);

      // Still exactly once on the phone after the delivery worker had every chance to retry.
      await quiet();
      const phone = await system.simulator!.phoneMessages(DEMO.whatsappId, number);
      expect(phone.filter((m) => m.direction === 'outbound').map((m) => m.body)).toEqual([
        GREETING,
        'Olá Joana! Vou verificar seu pedido.',
      ]);
      // The customer looked at the phone: the agent sees it read (ack 3).
      await eventually(
        async () => {
          const m = (await api('GET', `/messages/${ticketId}`)).body.messages.find(
            (x: any) => x.id === replyId,
          );
          return m?.ack === 3;
        },
        5_000,
        'ack 3',
      );
      const ticket = await api('GET', `/tickets/${ticketId}`);
      expect(ticket.body.lastMessage).toBe('Olá Joana! Vou verificar seu pedido.');
    });

    it('the customer answers into the same open ticket', async () => {
      await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Joana Cliente' }, 'Obrigada!');
      await eventually(
        async () => {
          const t = (await api('GET', `/tickets/${ticketId}`)).body;
          return t.lastMessage === 'Obrigada!' && t.status === 'open';
        },
        5_000,
        'the answer on the open ticket',
      );
      const all = await api('GET', `/tickets?showAll=true&searchParam=${number}`);
      expect(all.body.tickets.map((t: any) => t.id)).toEqual([ticketId]);
    });

    it('return puts it back to pending with no user', async () => {
      const r = await api('PUT', `/tickets/${ticketId}`, { status: 'pending', userId: null });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'pending', userId: null, user: null });
      expect((await api('GET', `/tickets/${ticketId}`)).body).toMatchObject({
        status: 'pending',
        userId: null,
      });
    });

    it('close resolves it', async () => {
      const r = await api('PUT', `/tickets/${ticketId}`, { status: 'closed' });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('closed');
      const closed = await api('GET', '/tickets?status=closed&showAll=true');
      expect(closed.body.tickets.map((t: any) => t.id)).toContain(ticketId);
      const pending = await api('GET', '/tickets?status=pending&showAll=true');
      expect(pending.body.tickets.map((t: any) => t.id)).not.toContain(ticketId);
      // Nothing more can be sent on it.
      const send = await api('POST', `/messages/${ticketId}`, { body: 'Depois de fechar' });
      expect(send.status).toBe(400);
      expect(send.body.error).toBe('ERR_TICKET_NOT_OPEN');
    });

    let newTicketId: string;
    it('a new message after close opens a NEW pending ticket; the old one stays closed', async () => {
      const fresh = await customerWrites(number, 'Oi de novo, outra dúvida');
      newTicketId = fresh.id;
      expect(newTicketId).not.toBe(ticketId);
      expect(fresh.status).toBe('pending');
      expect(fresh.userId).toBeNull();
      // The bot answered the new conversation too: it is in the queue, greeted.
      expect(fresh.queueId).toBe(DEMO.queueId);
      const old = await api('GET', `/tickets/${ticketId}`);
      expect(old.body.status).toBe('closed');
      expect(old.body.lastMessage).not.toBe('Oi de novo, outra dúvida');
      // The message list is the whole conversation with the contact; each message names its ticket,
      // which is where the browser draws the "Conversa encerrada / iniciada" banners.
      const newMessages = await api('GET', `/messages/${newTicketId}`);
      const byTicket = (list: any[]) => list.map((m) => [m.body, m.ticketId === newTicketId ? 'new' : 'old']);
      expect(byTicket(newMessages.body.messages)).toEqual([
        ['Bom dia, meu pedido atrasou', 'old'],
        [GREETING, 'old'],
        ['Alô?', 'old'],
        ['Alguém?', 'old'],
        ['Olá Joana! Vou verificar seu pedido.', 'old'],
        ['Obrigada!', 'old'],
        ['Oi de novo, outra dúvida', 'new'],
        [GREETING, 'new'],
      ]);
      const oldMessages = await api('GET', `/messages/${ticketId}`);
      expect(oldMessages.body.messages.map((m: any) => m.body)).toEqual(
        newMessages.body.messages.map((m: any) => m.body),
      );
    });

    it('reopening the old one while the new one is active is 409 ERR_OTHER_OPEN_TICKET and changes nothing', async () => {
      const r = await api('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.user.id });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('ERR_OTHER_OPEN_TICKET');
      expect((await api('GET', `/tickets/${ticketId}`)).body.status).toBe('closed');
      expect((await api('GET', `/tickets/${newTicketId}`)).body).toMatchObject({
        status: 'pending',
        userId: null,
      });
    });

    it('once the new one is closed, the old one can be reopened by the agent', async () => {
      expect((await api('PUT', `/tickets/${newTicketId}`, { status: 'closed' })).status).toBe(200);
      const r = await api('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.user.id });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: ticketId, status: 'open', userId: admin.user.id });
      // The customer's next message lands in the reopened ticket.
      await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Joana Cliente' }, 'Voltei');
      await eventually(
        async () => (await api('GET', `/tickets/${ticketId}`)).body.lastMessage === 'Voltei',
        5_000,
        'the message in the reopened ticket',
      );
      expect((await api('GET', `/tickets/${newTicketId}`)).body.status).toBe('closed');
    });

    it('closing a closed ticket or accepting a closed one without the reopen path does not corrupt it', async () => {
      expect((await api('PUT', `/tickets/${newTicketId}`, { status: 'closed' })).status).toBeLessThan(500);
      expect((await api('GET', `/tickets/${newTicketId}`)).body.status).toBe('closed');
    });
  });

  describe('POST /tickets (the new-ticket dialog)', () => {
    it('refuses with 409 when the contact has an active ticket of another agent, naming that agent', async () => {
      const number = newNumber();
      const ticket = await customerWrites(number, 'Quero falar com a Beatriz');
      // Beatriz accepts it.
      const accepted = await api(
        'PUT',
        `/tickets/${ticket.id}`,
        { status: 'open', userId: agent.user.id },
        agent.token,
      );
      expect(accepted.status).toBe(200);
      expect(accepted.body.userId).toBe(agent.user.id);

      const r = await api('POST', '/tickets', {
        contactId: ticket.contactId,
        queueId: DEMO.queueId,
        userId: admin.user.id,
        status: 'open',
      });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('ERR_OTHER_OPEN_TICKET');
      expect(r.body.details.ticket).toMatchObject({
        id: ticket.id,
        userId: agent.user.id,
        user: { name: 'Agente Beatriz' },
      });
      // Still Beatriz's.
      expect((await api('GET', `/tickets/${ticket.id}`)).body.userId).toBe(agent.user.id);
    });

    it('reuses an unassigned active ticket (200) and accepts it for the caller', async () => {
      const number = newNumber();
      const ticket = await customerWrites(number, 'Alguém aí?');
      const r = await api('POST', '/tickets', {
        contactId: ticket.contactId,
        queueId: DEMO.queueId,
        userId: admin.user.id,
        status: 'open',
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        id: ticket.id,
        status: 'open',
        userId: admin.user.id,
        queueId: DEMO.queueId,
      });
      const all = await api('GET', `/tickets?showAll=true&searchParam=${number}`);
      expect(all.body.tickets).toHaveLength(1);
    });

    it("reuses the caller's own open ticket (200) rather than making a second one", async () => {
      const number = newNumber();
      const ticket = await customerWrites(number, 'Sou eu de novo');
      expect(
        (await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.user.id })).status,
      ).toBe(200);
      const r = await api('POST', '/tickets', {
        contactId: ticket.contactId,
        queueId: DEMO.queueId,
        status: 'open',
      });
      expect(r.status).toBe(200);
      expect(r.body.id).toBe(ticket.id);
      expect((await api('GET', `/tickets?showAll=true&searchParam=${number}`)).body.tickets).toHaveLength(1);
    });

    it('creates an open ticket for a contact without one (201) and the agent can write first', async () => {
      const number = newNumber();
      const contact = await api('POST', '/contacts', { name: 'Cliente Novo', number });
      expect(contact.status).toBe(201);
      const r = await api('POST', '/tickets', {
        contactId: contact.body.id,
        queueId: DEMO.queueId,
        userId: admin.user.id,
        status: 'open',
      });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        status: 'open',
        userId: admin.user.id,
        queueId: DEMO.queueId,
        contactId: contact.body.id,
        whatsappId: DEMO.whatsappId,
      });
      const sent = await api('POST', `/messages/${r.body.id}`, { body: 'Olá, aqui é da Zelo' });
      expect(sent.status).toBe(201);
      await eventually(
        async () => {
          const phone = await system.simulator!.phoneMessages(DEMO.whatsappId, number);
          return phone.some((m) => m.direction === 'outbound' && m.body === 'Olá, aqui é da Zelo');
        },
        5_000,
        'the first message on the phone',
      );
      // The customer's answer joins that ticket.
      await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Cliente Novo' }, 'Oi!');
      await eventually(
        async () => (await api('GET', `/tickets/${r.body.id}`)).body.lastMessage === 'Oi!',
        5_000,
        'the answer',
      );
      expect((await api('GET', `/tickets?showAll=true&searchParam=${number}`)).body.tickets).toHaveLength(1);
    });

    it('a non-admin must pick one of their own queues', async () => {
      const number = newNumber();
      const contact = await api('POST', '/contacts', { name: 'Cliente da Bia', number });
      const noQueue = await api('POST', '/tickets', { contactId: contact.body.id }, agent.token);
      expect(noQueue.status).toBe(400);
      expect(noQueue.body.error).toBe('ERR_VALIDATION');
      const other = await api('POST', '/queue', { name: 'Financeiro', color: '#AA3311' });
      expect(other.status).toBe(201);
      const foreignQueue = await api(
        'POST',
        '/tickets',
        { contactId: contact.body.id, queueId: other.body.id },
        agent.token,
      );
      expect(foreignQueue.status).toBe(403);
      expect(foreignQueue.body.error).toBe('ERR_NO_PERMISSION');
      const own = await api(
        'POST',
        '/tickets',
        { contactId: contact.body.id, queueId: DEMO.queueId },
        agent.token,
      );
      expect(own.status).toBe(201);
      expect(own.body).toMatchObject({ status: 'open', userId: agent.user.id, queueId: DEMO.queueId });
    });
  });

  describe('concurrency and redelivery', () => {
    it('a burst of 100 simultaneous messages from one new number yields one ticket with 100 messages and one greeting', async () => {
      const number = newNumber();
      const bodies = Array.from({ length: 100 }, (_, i) => `rajada ${i + 1}`);
      await Promise.all(
        bodies.map((b) => system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Rajada' }, b)),
      );
      // Every message counts as unread (the badge comes from the events, not a racy side counter),
      // and the bot answered the conversation (its greeting is not unread).
      const ticket = await eventually(
        async () => {
          const r = await api('GET', `/tickets?showAll=true&searchParam=${number}`);
          const t = r.body.tickets[0];
          return t && t.unreadMessages === 100 && (await storedBodies(t.id)).includes(GREETING)
            ? { list: r.body, ticket: t }
            : null;
        },
        15_000,
        'a ticket with 100 unread messages and the greeting',
      );
      // Let the bot and the delivery worker have every chance to answer (or retry) more than once.
      await quiet();
      expect(ticket.list.tickets).toHaveLength(1);
      expect(ticket.list.count).toBe(1);
      expect(ticket.ticket.status).toBe('pending');
      expect(ticket.ticket.queueId).toBe(DEMO.queueId);
      expect([...bodies, GREETING]).toContain(ticket.ticket.lastMessage);
      expect((await api('GET', `/messages/${ticket.ticket.id}`)).body.count).toBe(101);
      // One contact too.
      const contacts = await api('GET', `/contacts?searchParam=${number}`);
      expect(contacts.body.contacts).toHaveLength(1);
      // All 100 bodies, each once, and the bot's greeting exactly once, across the pages.
      const seen: any[] = [];
      for (let page = 1; page <= 11; page++) {
        const r = await api('GET', `/messages/${ticket.ticket.id}?pageNumber=${page}`);
        seen.push(...r.body.messages);
        if (!r.body.hasMore) break;
      }
      expect(
        seen
          .filter((m) => !isBotGreeting(m))
          .map((m) => m.body)
          .sort(),
      ).toEqual([...bodies].sort());
      expect(seen.filter(isBotGreeting)).toHaveLength(1);
      // The customer's phone got the greeting exactly once.
      const phone = await system.simulator!.phoneMessages(DEMO.whatsappId, number);
      expect(phone.filter((m) => m.direction === 'outbound').map((m) => m.body)).toEqual([GREETING]);
      const rows = await system.ctx.pool.query(
        'SELECT count(*)::int AS n FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = $1',
        [number],
      );
      expect(rows.rows[0].n).toBe(1);
    });

    it('the same WhatsApp message delivered twice is stored once', async () => {
      const number = newNumber();
      const inbound = {
        companyId: DEMO.companyId,
        whatsappId: DEMO.whatsappId,
        waMessageId: `WAID${number}`,
        from: { number, name: 'Repetida', isGroup: false },
        body: 'Mensagem entregue duas vezes',
        mediaType: 'chat' as const,
        mediaUrl: null,
        receivedAt: new Date().toISOString(),
      };
      const who = { companyId: DEMO.companyId, actor: 'system:channel' };
      const first = await receiveInboundMessage(system.deps, inbound, who);
      const second = await receiveInboundMessage(system.deps, inbound, who);
      expect(first.duplicate).toBe(false);
      expect(second.duplicate).toBe(true);
      expect(second.messageId).toBe(first.messageId);
      expect(second.ticketId).toBe(first.ticketId);
      const ticket = await eventually(
        async () => (await api('GET', `/tickets?showAll=true&searchParam=${number}`)).body.tickets[0],
        5_000,
        'the ticket',
      );
      expect(ticket.id).toBe(first.ticketId);
      await eventually(async () => (await storedBodies(ticket.id)).includes(GREETING), 5_000, 'the greeting');
      await quiet();
      // The customer's message once, then the bot's one greeting (it answered one message, not two).
      const messages = await api('GET', `/messages/${ticket.id}`);
      expect(messages.body.count).toBe(2);
      expect(messages.body.messages.map((m: any) => [m.body, m.fromMe])).toEqual([
        ['Mensagem entregue duas vezes', false],
        [GREETING, true],
      ]);
      expect(isBotGreeting(messages.body.messages[1])).toBe(true);
      expect((await api('GET', `/tickets?showAll=true&searchParam=${number}`)).body.tickets).toHaveLength(1);
    });

    it('the same WhatsApp message delivered twice at the same moment is stored once, on one ticket', async () => {
      const number = newNumber();
      const inbound = {
        companyId: DEMO.companyId,
        whatsappId: DEMO.whatsappId,
        waMessageId: `WAIDRACE${number}`,
        from: { number, name: 'Corrida', isGroup: false },
        body: 'Duas entregas simultâneas',
        mediaType: 'chat' as const,
        mediaUrl: null,
        receivedAt: new Date().toISOString(),
      };
      const who = { companyId: DEMO.companyId, actor: 'system:channel' };
      const results = await Promise.all([
        receiveInboundMessage(system.deps, inbound, who),
        receiveInboundMessage(system.deps, inbound, who),
      ]);
      expect(results[0].messageId).toBe(results[1].messageId);
      expect(results[0].ticketId).toBe(results[1].ticketId);
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      const ticketId = results[0].ticketId;
      expect(ticketId).toEqual(expect.any(String));
      await eventually(
        async () => (await storedBodies(ticketId as string)).includes(GREETING),
        5_000,
        'the greeting',
      );
      await quiet();
      const tickets = (await api('GET', `/tickets?showAll=true&searchParam=${number}`)).body.tickets;
      expect(tickets).toHaveLength(1);
      // The customer's message once, then the bot's one greeting.
      const messages = (await api('GET', `/messages/${tickets[0].id}`)).body;
      expect(messages.count).toBe(2);
      expect(messages.messages.filter((m: any) => !isBotGreeting(m)).map((m: any) => m.body)).toEqual([
        'Duas entregas simultâneas',
      ]);
      expect(messages.messages.filter(isBotGreeting)).toHaveLength(1);
    });
  });

  describe('delete', () => {
    it('a non-admin cannot delete a ticket (403); an admin can, and then it is gone (404)', async () => {
      const number = newNumber();
      const ticket = await customerWrites(number, 'Pode apagar isto');
      const denied = await api('DELETE', `/tickets/${ticket.id}`, undefined, agent.token);
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe('ERR_NO_PERMISSION');
      expect((await api('GET', `/tickets/${ticket.id}`)).status).toBe(200);

      const done = await api('DELETE', `/tickets/${ticket.id}`);
      expect(done.status).toBe(200);
      const gone = await api('GET', `/tickets/${ticket.id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('ERR_NO_TICKET_FOUND');
      expect((await api('GET', `/messages/${ticket.id}`)).status).toBe(404);
      const list = await api('GET', '/tickets?showAll=true&status=pending');
      expect(list.body.tickets.map((t: any) => t.id)).not.toContain(ticket.id);
      // Deleting again is a 404, not a 500.
      expect((await api('DELETE', `/tickets/${ticket.id}`)).status).toBe(404);
    });

    it("after a delete, the customer's next message starts a new pending ticket", async () => {
      const number = newNumber();
      const ticket = await customerWrites(number, 'Primeira conversa');
      expect((await api('DELETE', `/tickets/${ticket.id}`)).status).toBe(200);
      const fresh = await customerWrites(number, 'Depois de apagado');
      expect(fresh.id).not.toBe(ticket.id);
      expect(fresh.status).toBe('pending');
    });
  });
});
