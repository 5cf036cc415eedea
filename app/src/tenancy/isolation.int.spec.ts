import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { runConnectionCommand } from '@zelo/services/connections/handlers';
import { newId } from '@zelo/services/platform/ids';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// DESIGN.md "Tenant isolation is enforced on the server, on every route, every socket room":
// company B's admin guesses company A's ids and gets nothing, changes nothing, hears nothing.
// Company A is the seeded demo company; B signs up like a customer would.

/**
 * The demo connection has exactly one queue, so on a new ticket the queue chatbot (BEHAVIOUR.md
 * "Queue chatbot") assigns that queue and sends its greeting: an outbound message with no user.
 */
const GREETING = 'Olá! Como podemos ajudar?';

/** A socket client that records every frame it receives. */
class SocketProbe {
  readonly frames: { event: string; data: any; raw: string }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const text = raw.toString();
      const parsed = JSON.parse(text);
      this.frames.push({ event: parsed.event, data: parsed.data, raw: text });
    });
  }
  static open(url: string, token: string): Promise<SocketProbe> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(token)}`);
    const probe = new SocketProbe(ws);
    return new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
      void eventually(async () => probe.frames.some((f) => f.event === 'ready'), 5_000, 'socket ready').then(
        () => resolve(probe),
        reject,
      );
    });
  }
  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }
  async next(predicate: (f: { event: string; data: any }) => boolean, from = 0, timeoutMs = 5_000) {
    return eventually(async () => this.frames.slice(from).find(predicate), timeoutMs, 'a socket frame');
  }
  close() {
    this.ws.close();
  }
}

/** Waits for a connection to pair; pairs it by hand (the simulator page's "scan") if it has not. */
async function ensurePaired(system: TestSystem, whatsappId: string) {
  const deadline = Date.now() + 5_000;
  while (!system.simulator!.isConnected(whatsappId) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  if (!system.simulator!.isConnected(whatsappId)) await system.simulator!.pair(whatsappId);
}

describe('tenant isolation', () => {
  let system: TestSystem;
  let a: { token: string; user: any };
  let b: { token: string; user: any };
  let bCompanyId: string;
  let bWhatsappId: string;
  let aTicket: any;
  let aContactId: string;
  const aNumber = '5511977770001';

  const as = (who: { token: string }) => (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: who.token, body });

  beforeAll(async () => {
    system = await startTestSystem();
    await ensurePaired(system, DEMO.whatsappId);
    a = await system.login(DEMO.email, DEMO.password);

    const plans = await system.api('GET', '/plans/list');
    const signUp = await system.api('POST', '/companies/cadastro', {
      body: {
        name: 'Empresa B',
        email: 'admin@empresa-b.dev',
        phone: '11988880000',
        password: 'senhaB1',
        planId: plans.body[1].id,
      },
    });
    expect(signUp.status).toBe(201);
    bCompanyId = signUp.body.id;
    b = await system.login('admin@empresa-b.dev', 'senhaB1');
    expect(b.user.companyId).toBe(bCompanyId);
    expect(b.user.profile).toBe('admin');

    // B's own WhatsApp (there is no POST /whatsapp yet): created by command, paired by the simulator.
    bWhatsappId = newId();
    await runConnectionCommand(
      system.deps,
      {
        type: 'CreateConnection',
        companyId: bCompanyId,
        whatsappId: bWhatsappId,
        token: newId(),
        fields: { ...defaultConnectionSettings, name: 'WhatsApp B', isDefault: true, provider: 'simulator' },
      },
      { companyId: bCompanyId, actor: b.user.id },
    );
    await eventually(
      async () => {
        const r = await as(b)('GET', '/whatsapp');
        return r.body.find((w: any) => w.id === bWhatsappId && w.status === 'CONNECTED');
      },
      10_000,
      "B's connection to be CONNECTED",
    );

    // A's conversation: a customer writes to A.
    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number: aNumber, name: 'Cliente de A' },
      'Olá empresa A',
    );
    // Wait for the chatbot's answer too (queue assigned, greeting last), so A's ticket no longer
    // changes under the tests.
    aTicket = await eventually(
      async () => {
        const r = await as(a)('GET', '/tickets?status=pending&showAll=true');
        return r.body.tickets.find(
          (t: any) =>
            t.contact.number === aNumber && t.queueId === DEMO.queueId && t.lastMessage === GREETING,
        );
      },
      5_000,
      "A's ticket, greeted by the bot",
    );
    aContactId = aTicket.contactId;
    // B also has a conversation, to be sure B's views are not simply empty.
    await system.simulator!.customerSends(
      bWhatsappId,
      { number: '5511966660001', name: 'Cliente de B' },
      'Olá empresa B',
    );
    await eventually(
      async () => (await as(b)('GET', '/tickets?status=pending&showAll=true')).body.tickets.length > 0,
      5_000,
      "B's ticket",
    );
  });
  afterAll(async () => {
    await system?.close();
  });

  describe("A's tickets and messages", () => {
    it("B cannot read A's ticket (404 ERR_NO_TICKET_FOUND), by either route", async () => {
      for (const path of [`/tickets/${aTicket.id}`, `/tickets/u/${aTicket.id}`]) {
        const r = await as(b)('GET', path);
        expect(r.status).toBe(404);
        expect(r.body.error).toBe('ERR_NO_TICKET_FOUND');
        expect(JSON.stringify(r.body)).not.toContain(aNumber);
      }
    });

    it("B cannot accept, transfer, close or delete A's ticket, and it is unchanged after", async () => {
      const before = (await as(a)('GET', `/tickets/${aTicket.id}`)).body;
      const attempts: [string, unknown][] = [
        ['PUT', { status: 'open', userId: b.user.id }],
        ['PUT', { status: 'open' }],
        ['PUT', { status: 'closed' }],
        ['PUT', { queueId: null, userId: null }],
        ['PUT', { whatsappId: bWhatsappId }],
        ['DELETE', undefined],
      ];
      for (const [method, body] of attempts) {
        const r = await as(b)(method, `/tickets/${aTicket.id}`, body);
        expect({ method, body, status: r.status, error: r.body.error }).toEqual({
          method,
          body,
          status: 404,
          error: 'ERR_NO_TICKET_FOUND',
        });
      }
      const after = (await as(a)('GET', `/tickets/${aTicket.id}`)).body;
      expect(after).toEqual(before);
    });

    it("A cannot pull its ticket onto B's connection or give it to B's user", async () => {
      const moveToB = await as(a)('PUT', `/tickets/${aTicket.id}`, { whatsappId: bWhatsappId });
      expect(moveToB.status).toBe(404);
      expect(moveToB.body.error).toBe('ERR_NO_WAPP_FOUND');
      const giveToB = await as(a)('PUT', `/tickets/${aTicket.id}`, { status: 'open', userId: b.user.id });
      expect(giveToB.status).toBe(404);
      expect(giveToB.body.error).toBe('ERR_NO_USER_FOUND');
      expect((await as(a)('GET', `/tickets/${aTicket.id}`)).body).toMatchObject({
        status: 'pending',
        userId: null,
        whatsappId: DEMO.whatsappId,
      });
    });

    it("B cannot read A's messages nor post into A's ticket", async () => {
      const read = await as(b)('GET', `/messages/${aTicket.id}`);
      expect(read.status).toBe(404);
      expect(read.body.error).toBe('ERR_NO_TICKET_FOUND');
      expect(JSON.stringify(read.body)).not.toContain('Olá empresa A');

      const post = await as(b)('POST', `/messages/${aTicket.id}`, { body: 'mensagem intrusa' });
      expect(post.status).toBe(404);
      expect(post.body.error).toBe('ERR_NO_TICKET_FOUND');

      // A's conversation is the customer's message and the bot's greeting, nothing of B's.
      const messages = await as(a)('GET', `/messages/${aTicket.id}`);
      expect(messages.body.messages.map((m: any) => [m.body, m.fromMe, m.userId])).toEqual([
        ['Olá empresa A', false, null],
        [GREETING, true, null],
      ]);
      const phone = await system.simulator!.phoneMessages(DEMO.whatsappId, aNumber);
      expect(phone.map((m) => m.body)).not.toContain('mensagem intrusa');
    });

    it("B cannot delete A's messages", async () => {
      const messageId = (await as(a)('GET', `/messages/${aTicket.id}`)).body.messages[0].id;
      const r = await as(b)('DELETE', `/messages/${messageId}`);
      expect(r.status).toBe(404);
      const after = (await as(a)('GET', `/messages/${aTicket.id}`)).body.messages[0];
      expect(after.isDeleted).toBe(false);
    });

    it("B's ticket lists never contain A's tickets, whatever filters B asks for", async () => {
      const queries = [
        '/tickets',
        '/tickets?showAll=true',
        '/tickets?status=pending&showAll=true',
        '/tickets?status=open&showAll=true',
        '/tickets?status=closed&showAll=true',
        '/ticket/kanban?showAll=true',
        `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([DEMO.queueId]))}&showAll=false`,
        `/tickets?showAll=true&searchParam=${aNumber}`,
        '/tickets?showAll=true&searchParam=Cliente',
        `/tickets?showAll=true&queueIds=${encodeURIComponent(JSON.stringify([DEMO.queueId]))}`,
      ];
      for (const q of queries) {
        const r = await as(b)('GET', q);
        expect(r.status).toBe(200);
        for (const t of r.body.tickets) expect(t.companyId).toBe(bCompanyId);
        expect(r.body.tickets.map((t: any) => t.id)).not.toContain(aTicket.id);
        expect(JSON.stringify(r.body)).not.toContain(DEMO.companyId);
      }
      // And B does see its own.
      const own = await as(b)('GET', '/tickets?showAll=true&searchParam=Cliente');
      expect(own.body.tickets.map((t: any) => t.contact.name)).toEqual(['Cliente de B']);
    });

    it("B cannot open a ticket for A's contact, nor on A's connection or queue", async () => {
      const forAContact = await as(b)('POST', '/tickets', { contactId: aContactId, status: 'open' });
      expect(forAContact.status).toBe(404);
      expect(forAContact.body.error).toBe('ERR_NO_CONTACT_FOUND');

      const bContact = await as(b)('POST', '/contacts', { name: 'Contato B', number: '5511955550001' });
      expect(bContact.status).toBe(201);
      const onAConnection = await as(b)('POST', '/tickets', {
        contactId: bContact.body.id,
        whatsappId: DEMO.whatsappId,
        status: 'open',
      });
      expect(onAConnection.status).toBe(404);
      expect(onAConnection.body.error).toBe('ERR_NO_WAPP_FOUND');
      const phone = await system.simulator!.phoneMessages(DEMO.whatsappId, '5511955550001');
      expect(phone).toHaveLength(0);
    });

    // Regression test for a bug found while writing this suite (now fixed).
    it("B cannot file its ticket under A's queue", async () => {
      const bContact = await as(b)('POST', '/contacts', { name: 'Contato B2', number: '5511955550002' });
      expect(bContact.status).toBe(201);
      const r = await as(b)('POST', '/tickets', {
        contactId: bContact.body.id,
        queueId: DEMO.queueId,
        status: 'open',
      });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('ERR_NO_QUEUE_FOUND');
      const list = await as(b)('GET', '/tickets?showAll=true');
      expect(JSON.stringify(list.body)).not.toContain('Atendimento');
    });

    // Regression test for a bug found while writing this suite (now fixed).
    it("B cannot assign its ticket to A's user", async () => {
      const bContact = await as(b)('POST', '/contacts', { name: 'Contato B3', number: '5511955550003' });
      expect(bContact.status).toBe(201);
      const r = await as(b)('POST', '/tickets', {
        contactId: bContact.body.id,
        userId: DEMO.adminId,
        status: 'open',
      });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('ERR_NO_USER_FOUND');
      const list = await as(b)('GET', '/tickets?showAll=true');
      expect(JSON.stringify(list.body)).not.toContain(DEMO.adminId);
    });
  });

  describe("A's contacts, queues, users and connections", () => {
    it("B cannot read, change or delete A's contact, and it is unchanged after", async () => {
      const before = (await as(a)('GET', `/contacts/${aContactId}`)).body;
      expect(before.number).toBe(aNumber);
      const get = await as(b)('GET', `/contacts/${aContactId}`);
      expect(get.status).toBe(404);
      expect(get.body.error).toBe('ERR_NO_CONTACT_FOUND');
      const put = await as(b)('PUT', `/contacts/${aContactId}`, {
        name: 'Sequestrado',
        number: '5511900000009',
        email: 'x@y.dev',
      });
      expect(put.status).toBe(404);
      expect(put.body.error).toBe('ERR_NO_CONTACT_FOUND');
      const del = await as(b)('DELETE', `/contacts/${aContactId}`);
      expect(del.status).toBe(404);
      expect(del.body.error).toBe('ERR_NO_CONTACT_FOUND');
      expect((await as(a)('GET', `/contacts/${aContactId}`)).body).toEqual(before);
      // B's failed update did not claim the number it tried either.
      const claim = await as(a)('POST', '/contacts', { name: 'Número livre', number: '5511900000009' });
      expect(claim.status).toBe(201);
    });

    it("B's contact list and search never show A's contacts", async () => {
      for (const q of [
        '/contacts',
        `/contacts?searchParam=${aNumber}`,
        '/contacts?searchParam=cliente%20de%20a',
      ]) {
        const r = await as(b)('GET', q);
        expect(r.status).toBe(200);
        expect(r.body.contacts.map((c: any) => c.id)).not.toContain(aContactId);
        expect(JSON.stringify(r.body)).not.toContain(aNumber);
      }
    });

    it('the same phone number is a separate contact in each company', async () => {
      const r = await as(b)('POST', '/contacts', { name: 'Mesmo número em B', number: aNumber });
      expect(r.status).toBe(201);
      expect(r.body.id).not.toBe(aContactId);
      expect((await as(a)('GET', `/contacts/${aContactId}`)).body.name).toBe('Cliente de A');
    });

    it("B cannot read, change or delete A's queue, and it is unchanged after", async () => {
      const before = (await as(a)('GET', `/queue/${DEMO.queueId}`)).body;
      const get = await as(b)('GET', `/queue/${DEMO.queueId}`);
      expect(get.status).toBe(404);
      expect(get.body.error).toBe('ERR_NO_QUEUE_FOUND');
      const put = await as(b)('PUT', `/queue/${DEMO.queueId}`, { name: 'Sequestrada', color: '#000000' });
      expect(put.status).toBe(404);
      expect(put.body.error).toBe('ERR_NO_QUEUE_FOUND');
      const del = await as(b)('DELETE', `/queue/${DEMO.queueId}`);
      expect(del.status).toBe(404);
      expect(del.body.error).toBe('ERR_NO_QUEUE_FOUND');
      expect((await as(a)('GET', `/queue/${DEMO.queueId}`)).body).toEqual(before);
      const list = await as(b)('GET', '/queue');
      expect(list.body.map((q: any) => q.id)).not.toContain(DEMO.queueId);
    });

    it('queue colours are unique per company, not across companies', async () => {
      const r = await as(b)('POST', '/queue', { name: 'Suporte B', color: '#2965CC' });
      expect(r.status).toBe(201);
    });

    it("B cannot read, change or delete A's users, nor give its user A's queues", async () => {
      const get = await as(b)('GET', `/users/${DEMO.adminId}`);
      expect(get.status).toBe(404);
      expect(get.body.error).toBe('ERR_NO_USER_FOUND');
      const put = await as(b)('PUT', `/users/${DEMO.adminId}`, {
        name: 'Sequestrado',
        email: DEMO.email,
        password: 'novaSenha1',
        profile: 'user',
      });
      expect(put.status).toBe(404);
      expect(put.body.error).toBe('ERR_NO_USER_FOUND');
      const del = await as(b)('DELETE', `/users/${DEMO.adminId}`);
      expect(del.status).toBe(404);
      expect(del.body.error).toBe('ERR_NO_USER_FOUND');
      // A's admin still logs in with the old password and keeps the admin profile.
      const again = await system.login(DEMO.email, DEMO.password);
      expect(again.user).toMatchObject({ name: a.user.name, profile: 'admin' });
      a = again; // one session per user: this login ended the earlier one's token

      for (const path of ['/users', '/users/list', '/users?searchParam=zelo']) {
        const list = await as(b)('GET', path);
        expect(list.status).toBe(200);
        expect(JSON.stringify(list.body)).not.toContain(DEMO.adminId);
        expect(JSON.stringify(list.body)).not.toContain(DEMO.email);
      }
      const withAQueue = await as(b)('POST', '/users', {
        name: 'Agente B',
        email: 'agente@empresa-b.dev',
        password: 'senha123',
        queueIds: [DEMO.queueId],
      });
      expect(withAQueue.status).toBe(404);
      expect(withAQueue.body.error).toBe('ERR_NO_QUEUE_FOUND');
      const withAConnection = await as(b)('POST', '/users', {
        name: 'Agente B',
        email: 'agente@empresa-b.dev',
        password: 'senha123',
        whatsappId: DEMO.whatsappId,
      });
      expect(withAConnection.status).toBe(404);
      expect(withAConnection.body.error).toBe('ERR_NO_WAPP_FOUND');
    });

    it("B cannot read, change or delete A's connection", async () => {
      const before = (await as(a)('GET', `/whatsapp/${DEMO.whatsappId}`)).body;
      const get = await as(b)('GET', `/whatsapp/${DEMO.whatsappId}`);
      expect(get.status).toBe(404);
      expect(get.body.error).toBe('ERR_NO_WAPP_FOUND');
      // PUT and DELETE /whatsapp/:id are not built yet; whatever answers, it is a 404 and A's connection stays.
      expect((await as(b)('PUT', `/whatsapp/${DEMO.whatsappId}`, { name: 'Sequestrada' })).status).toBe(404);
      expect((await as(b)('DELETE', `/whatsapp/${DEMO.whatsappId}`)).status).toBe(404);
      expect((await as(a)('GET', `/whatsapp/${DEMO.whatsappId}`)).body).toEqual(before);
      const list = await as(b)('GET', '/whatsapp');
      expect(list.body.map((w: any) => w.id)).toEqual([bWhatsappId]);
    });
  });

  describe('the socket', () => {
    it("B cannot join A's ticket room (error event) and never receives A's pushes", async () => {
      const aSocket = await SocketProbe.open(system.url, a.token);
      const bSocket = await SocketProbe.open(system.url, b.token);
      try {
        const mark = bSocket.frames.length;
        bSocket.send({ type: 'join', room: `ticket:${aTicket.id}` });
        const refused = await bSocket.next((f) => f.event === 'error' || f.event === 'joined', mark);
        expect(refused.event).toBe('error');
        expect(refused.data.error).toBe('ERR_NO_PERMISSION');
        // B joins everything it may join; A listens too, as the positive control.
        for (const room of ['notification', 'status:pending', 'status:open', 'status:closed'])
          bSocket.send({ type: 'join', room });
        aSocket.send({ type: 'join', room: 'notification' });
        aSocket.send({ type: 'join', room: `ticket:${aTicket.id}` });
        await bSocket.next((f) => f.event === 'joined' && f.data.room === 'status:closed', mark);
        await aSocket.next((f) => f.event === 'joined' && f.data.room === `ticket:${aTicket.id}`);

        const aMark = aSocket.frames.length;
        const bMark = bSocket.frames.length;
        await system.simulator!.customerSends(
          DEMO.whatsappId,
          { number: aNumber, name: 'Cliente de A' },
          'Segredo da empresa A',
        );
        // A hears it…
        const heard = await aSocket.next(
          (f) =>
            f.event === `company-${DEMO.companyId}-appMessage` &&
            f.data.message.body === 'Segredo da empresa A',
          aMark,
        );
        expect(heard.data.ticket.id).toBe(aTicket.id);
        // …and A's admin accepts it, which is a ticket push too.
        expect(
          (await as(a)('PUT', `/tickets/${aTicket.id}`, { status: 'open', userId: a.user.id })).status,
        ).toBe(200);
        await aSocket.next(
          (f) => f.event === `company-${DEMO.companyId}-ticket` && f.data.ticket?.status === 'open',
          aMark,
        );
        // B, for a while, hears nothing of A.
        await new Promise((r) => setTimeout(r, 1_500));
        const leaked = bSocket.frames
          .slice(bMark)
          .filter(
            (f) => f.raw.includes(DEMO.companyId) || f.raw.includes(aTicket.id) || f.raw.includes('Segredo'),
          );
        expect(leaked).toEqual([]);
      } finally {
        aSocket.close();
        bSocket.close();
      }
    });

    it('a socket without a valid token is refused', async () => {
      await expect(SocketProbe.open(system.url, 'not-a-token')).rejects.toThrow(/401/);
    });
  });

  describe("within A: a user outside the ticket's queue", () => {
    let agent: { token: string; user: any };
    let queuedTicket: any;

    beforeAll(async () => {
      const created = await as(a)('POST', '/users', {
        name: 'Agente Sem Fila',
        email: 'semfila@zelo.dev',
        password: 'semfila1',
        profile: 'user',
        queueIds: [],
      });
      expect(created.status).toBe(201);
      agent = await system.login('semfila@zelo.dev', 'semfila1');
      await system.simulator!.customerSends(
        DEMO.whatsappId,
        { number: '5511944440001', name: 'Cliente da Fila' },
        'Preciso de atendimento',
      );
      // The chatbot puts the new ticket in the connection's only queue and greets the customer; wait
      // for it, then the admin's explicit move to that queue leaves it there.
      const ticket = await eventually(
        async () => {
          const r = await as(a)('GET', '/tickets?status=pending&showAll=true');
          return r.body.tickets.find(
            (t: any) =>
              t.contact.number === '5511944440001' &&
              t.queueId === DEMO.queueId &&
              t.lastMessage === GREETING,
          );
        },
        5_000,
        'the ticket, put in the queue by the bot',
      );
      const moved = await as(a)('PUT', `/tickets/${ticket.id}`, { queueId: DEMO.queueId });
      expect(moved.status).toBe(200);
      expect(moved.body.queueId).toBe(DEMO.queueId);
      queuedTicket = moved.body;
    });

    it("cannot open the ticket: 403 ERR_NO_PERMISSION 'Acesso não permitido'", async () => {
      for (const path of [`/tickets/${queuedTicket.id}`, `/tickets/u/${queuedTicket.id}`]) {
        const r = await as(agent)('GET', path);
        expect(r.status).toBe(403);
        expect(r.body.error).toBe('ERR_NO_PERMISSION');
        expect(r.body.message).toBe('Acesso não permitido');
      }
    });

    it('cannot read, answer, accept or close it', async () => {
      expect((await as(agent)('GET', `/messages/${queuedTicket.id}`)).status).toBe(403);
      expect((await as(agent)('POST', `/messages/${queuedTicket.id}`, { body: 'oi' })).status).toBe(403);
      expect((await as(agent)('PUT', `/tickets/${queuedTicket.id}`, { status: 'open' })).status).toBe(403);
      expect((await as(agent)('PUT', `/tickets/${queuedTicket.id}`, { status: 'closed' })).status).toBe(403);
      // Nor tag it, on the kanban board or by the spec's ticket-tag calls.
      expect((await as(agent)('PUT', `/ticket/kanban/${queuedTicket.id}`, { tagId: null })).status).toBe(403);
      expect((await as(agent)('DELETE', `/ticket-tags/${queuedTicket.id}`)).status).toBe(403);
      const tagPath = `/ticket-tags/${queuedTicket.id}/${crypto.randomUUID()}`;
      expect((await as(agent)('PUT', tagPath)).status).toBe(403);
      expect((await as(a)('GET', `/tickets/${queuedTicket.id}`)).body).toMatchObject({
        status: 'pending',
        userId: null,
        queueId: DEMO.queueId,
      });
    });

    it('does not see it in the lists, even asking for that queue', async () => {
      for (const q of [
        '/tickets?status=pending',
        '/tickets?status=pending&showAll=true',
        `/tickets?status=pending&queueIds=${encodeURIComponent(JSON.stringify([DEMO.queueId]))}`,
        '/ticket/kanban?showAll=true',
        `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([DEMO.queueId]))}`,
      ]) {
        const r = await as(agent)('GET', q);
        expect(r.status).toBe(200);
        expect(r.body.tickets.map((t: any) => t.id)).not.toContain(queuedTicket.id);
      }
    });

    it("cannot join the ticket's socket room", async () => {
      const socket = await SocketProbe.open(system.url, agent.token);
      try {
        socket.send({ type: 'join', room: `ticket:${queuedTicket.id}` });
        const r = await socket.next((f) => f.event === 'error' || f.event === 'joined');
        expect(r.event).toBe('error');
        expect(r.data.message).toBe('Acesso não permitido');
      } finally {
        socket.close();
      }
    });

    it('sees it once an admin gives them the queue', async () => {
      const current = (await as(a)('GET', `/users/${agent.user.id}`)).body;
      const r = await as(a)('PUT', `/users/${agent.user.id}`, {
        name: current.name,
        email: current.email,
        profile: 'user',
        queueIds: [DEMO.queueId],
      });
      expect(r.status).toBe(200);
      const got = await as(agent)('GET', `/tickets/${queuedTicket.id}`);
      expect(got.status).toBe(200);
      expect(got.body.id).toBe(queuedTicket.id);
    });
  });
});
