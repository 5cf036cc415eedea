import { applyBatch, type ProjectionEvent } from '@zelo/projections/runner';
import { automaticMessagesReactor } from '@zelo/services/tickets/automatic-messages-reactor';
import { ticketStreamId } from '@zelo/services/tickets/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The greeting on accept and the notice on transfer (BEHAVIOUR.md), the search filters of GET /tickets
// (doc 1 §2 search tab, §7) and the reply path of POST /messages, over HTTP with the simulator's phone.

async function eventually<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 8_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The demo connection has exactly one queue, so on every new ticket the queue chatbot (BEHAVIOUR.md
 * "Queue chatbot") assigns that queue and sends its greeting: an outbound message with no user.
 */
const GREETING = 'Olá! Como podemos ajudar?';

let seq = 0;
const newNumber = () =>
  `55219${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;

describe('conversation extras', () => {
  let system: TestSystem;
  let admin: { token: string; user: any };
  let agent: { token: string; user: any };
  let other: { token: string; user: any };
  let salesQueueId: string;

  const api = (method: string, path: string, body?: unknown, token = admin.token) =>
    system.api(method, path, { token, body });

  /**
   * The customer writes on a new conversation; resolves with the projected active ticket of that
   * number once it holds the message and the chatbot has answered it (queue assigned, greeting on the
   * phone), so the bot's greeting is the only outbound message before the test acts.
   */
  async function customerWrites(number: string, body: string, name: string) {
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name }, body);
    const ticket = await eventually(async () => {
      const r = await api('GET', `/tickets?showAll=true&searchParam=${number}`);
      const t = r.body.tickets.find(
        (x: any) => x.contact.number === number && x.queueId === DEMO.queueId && x.lastMessage === GREETING,
      );
      return t && (await allBodies(t.id)).includes(body) ? t : null;
    }, `a ticket of ${number}, greeted by the bot`);
    await eventually(async () => (await outbound(number)).includes(GREETING), 'the greeting on the phone');
    return ticket;
  }
  const outbound = async (number: string) =>
    (await system.simulator!.phoneMessages(DEMO.whatsappId, number))
      .filter((m) => m.direction === 'outbound')
      .map((m) => m.body);
  const storedMessages = async (ticketId: string) =>
    (
      await system.ctx.pool.query(
        'SELECT body FROM messages WHERE ticket_id = $1 AND from_me ORDER BY created_at',
        [ticketId],
      )
    ).rows;
  const allBodies = async (ticketId: string) =>
    (await system.ctx.pool.query('SELECT body FROM messages WHERE ticket_id = $1', [ticketId])).rows.map(
      (r: any) => r.body as string,
    );
  /** Gives the reactor time to run: it polls every 500 ms at worst. */
  const settle = () => new Promise((r) => setTimeout(r, 1_500));
  const setSetting = async (key: string, value: string) =>
    expect((await api('PUT', `/settings/${key}`, { value })).status).toBe(200);

  beforeAll(async () => {
    system = await startTestSystem();
    admin = await system.login(DEMO.email, DEMO.password);
    const queue = await api('POST', '/queue', { name: 'Vendas', color: '#123456' });
    expect(queue.status).toBe(201);
    salesQueueId = queue.body.id;
    const mk = async (name: string, email: string, queueIds: string[]) => {
      expect(
        (await api('POST', '/users', { name, email, password: 'senha123', profile: 'user', queueIds }))
          .status,
      ).toBe(201);
      return system.login(email, 'senha123');
    };
    agent = await mk('Carla Souza', 'carla@zelo.dev', [DEMO.queueId]);
    other = await mk('Bruno Lima', 'bruno@zelo.dev', [DEMO.queueId, salesQueueId]);
  }, 60_000);
  afterAll(async () => {
    await system?.close();
  });

  describe('the greeting on accept (sendGreetingAccepted)', () => {
    it('posts nothing while the setting is disabled', async () => {
      const number = newNumber();
      const ticket = await customerWrites(number, 'Oi', 'Joana Lima');
      const r = await api(
        'PUT',
        `/tickets/${ticket.id}`,
        { status: 'open', userId: agent.user.id },
        agent.token,
      );
      expect(r.status).toBe(200);
      await settle();
      // Only the bot's greeting, from before the accept.
      expect(await storedMessages(ticket.id)).toEqual([{ body: GREETING }]);
      expect(await outbound(number)).toEqual([GREETING]);
    });

    it('posts the greeting once when enabled, and a replay of the reaction sends nothing more', async () => {
      await setSetting('sendGreetingAccepted', 'enabled');
      const number = newNumber();
      const ticket = await customerWrites(number, 'Bom dia', 'Joana Lima');
      expect(
        (await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: agent.user.id }, agent.token))
          .status,
      ).toBe(200);
      const greeting = 'Olá Joana, meu nome é Carla Souza e agora vou prosseguir com seu atendimento!';
      await eventually(async () => (await outbound(number)).includes(greeting), 'the greeting on the phone');

      // Re-apply the same TicketAccepted twice, as a crash before the checkpoint would.
      const { events } = await system.deps.store.readStream(ticketStreamId(ticket.id));
      const accepted = events.filter((e) => e.type === 'TicketAccepted') as unknown as ProjectionEvent[];
      const reactor = automaticMessagesReactor(system.deps);
      await applyBatch(system.ctx.pool, reactor, accepted);
      await applyBatch(system.ctx.pool, reactor, accepted);
      await settle();
      expect(await outbound(number)).toEqual([GREETING, greeting]);
      expect(await storedMessages(ticket.id)).toEqual([{ body: GREETING }, { body: greeting }]);
      // The agent sees it as their own message in the conversation.
      const page = await api('GET', `/messages/${ticket.id}`, undefined, agent.token);
      expect(page.body.messages.at(-1)).toMatchObject({
        body: greeting,
        fromMe: true,
        userId: agent.user.id,
      });
      await setSetting('sendGreetingAccepted', 'disabled');
    });
  });

  describe('the notice on transfer (sendMsgTransfTicket)', () => {
    it('posts nothing while disabled, then names the new queue and agent once when enabled', async () => {
      const number = newNumber();
      const ticket = await customerWrites(number, 'Preciso de ajuda', 'Marcos');
      await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: agent.user.id }, agent.token);
      // Disabled: a transfer to Sales says nothing.
      const moved = await api('PUT', `/tickets/${ticket.id}`, { userId: null, queueId: salesQueueId });
      expect(moved.body).toMatchObject({ status: 'pending', queueId: salesQueueId, userId: null });
      await settle();
      expect(await outbound(number)).toEqual([GREETING]);

      await setSetting('sendMsgTransfTicket', 'enabled');
      const back = await api('PUT', `/tickets/${ticket.id}`, {
        userId: other.user.id,
        queueId: DEMO.queueId,
        whatsappId: DEMO.whatsappId,
      });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ queueId: DEMO.queueId, userId: other.user.id });
      const queueName = back.body.queue.name;
      const notice = `Você foi transferido para o departamento ${queueName} / atendente Bruno Lima`;
      await eventually(async () => (await outbound(number)).includes(notice), 'the transfer notice');
      await settle();
      expect(await outbound(number)).toEqual([GREETING, notice]);
      await setSetting('sendMsgTransfTicket', 'disabled');
    });
  });

  describe('GET /tickets search filters', () => {
    it('users (admins only) and withUnreadMessages narrow the list', async () => {
      const a = await customerWrites(newNumber(), 'Filtro A', 'Filtro Um');
      const b = await customerWrites(newNumber(), 'Filtro B', 'Filtro Dois');
      await api('PUT', `/tickets/${a.id}`, { status: 'open', userId: agent.user.id }, agent.token);
      const mine = await api('GET', `/tickets?searchParam=filtro&users=${JSON.stringify([agent.user.id])}`);
      expect(mine.status).toBe(200);
      expect(mine.body.tickets.map((t: any) => t.id)).toEqual([a.id]);

      const unread = await api('GET', '/tickets?showAll=true&searchParam=filtro&withUnreadMessages=true');
      expect(unread.body.tickets.map((t: any) => t.id)).toContain(b.id);
      expect(unread.body.tickets.every((t: any) => t.unreadMessages > 0)).toBe(true);
      await api('GET', `/messages/${b.id}`); // reading it clears its badge
      const after = await api('GET', '/tickets?showAll=true&searchParam=filtro&withUnreadMessages=true');
      expect(after.body.tickets.map((t: any) => t.id)).not.toContain(b.id);

      // A plain user's users filter is ignored: they still see only their own open tickets.
      const asOther = await api(
        'GET',
        `/tickets?status=open&searchParam=filtro&users=${JSON.stringify([agent.user.id])}`,
        undefined,
        other.token,
      );
      expect(asOther.body.tickets).toEqual([]);
    });

    it('rejects malformed filters with 400 ERR_VALIDATION', async () => {
      for (const q of ['users=notjson', 'users=["x"]', 'withUnreadMessages=maybe']) {
        const r = await api('GET', `/tickets?${q}`);
        expect(r.status, q).toBe(400);
        expect(r.body.error).toBe('ERR_VALIDATION');
      }
    });

    it("another company filtering by this company's user ids sees nothing of it", async () => {
      const plans = await system.api('GET', '/plans/list');
      const signUp = await system.api('POST', '/companies/cadastro', {
        body: {
          name: 'Empresa C',
          email: 'admin@empresa-c.dev',
          phone: '11977770000',
          password: 'senhaC1',
          planId: plans.body[1].id,
        },
      });
      expect(signUp.status).toBe(201);
      const c = await system.login('admin@empresa-c.dev', 'senhaC1');
      const r = await api(
        'GET',
        `/tickets?showAll=true&users=${JSON.stringify([agent.user.id, admin.user.id])}`,
        undefined,
        c.token,
      );
      expect(r.status).toBe(200);
      expect(r.body.tickets).toEqual([]);
      const unread = await api('GET', '/tickets?showAll=true&withUnreadMessages=true', undefined, c.token);
      expect(unread.body.tickets).toEqual([]);
    });
  });

  describe('replying to a message (quotedMsg)', () => {
    it('stores the quote and shows it on the reply; a quote from another company is 404', async () => {
      const number = newNumber();
      const ticket = await customerWrites(number, 'Qual o prazo?', 'Rita');
      await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.user.id });
      const page = await api('GET', `/messages/${ticket.id}`);
      const question = page.body.messages.find((m: any) => m.body === 'Qual o prazo?');
      const reply = await api('POST', `/messages/${ticket.id}`, {
        body: 'Cinco dias úteis',
        quotedMsg: { id: question.id },
      });
      expect(reply.status).toBe(201);
      expect(reply.body.quotedMsg).toEqual({ id: question.id, body: 'Qual o prazo?', fromMe: false });
      const again = await api('GET', `/messages/${ticket.id}`);
      expect(again.body.messages.at(-1).quotedMsg.id).toBe(question.id);

      const unknown = await api('POST', `/messages/${ticket.id}`, {
        body: 'x',
        quotedMsg: { id: '6f1c1f7e-3c1a-4c55-9b1e-2f6a1b0c9d11' },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('ERR_NO_MESSAGE_FOUND');
    });

    it('only the sender deletes a message; it is marked deleted, not removed', async () => {
      const number = newNumber();
      const ticket = await customerWrites(number, 'Oi de novo', 'Rita Dois');
      await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.user.id });
      const sent = await api('POST', `/messages/${ticket.id}`, { body: 'Mensagem errada' });
      const byOther = await api('DELETE', `/messages/${sent.body.id}`, undefined, other.token);
      expect(byOther.status).toBe(403);
      const del = await api('DELETE', `/messages/${sent.body.id}`);
      expect(del.status).toBe(200);
      expect(del.body).toMatchObject({ id: sent.body.id, isDeleted: true });
    });
  });
});
