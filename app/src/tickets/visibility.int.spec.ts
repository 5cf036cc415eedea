import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Who sees which ticket, on every path a ticket travels (doc 1 §6 Roles and permissions, §2 Ticket
// manager): the list and its count, a ticket by id, accepting it, its live pushes, its deletion and
// its history. In the demo company: Ana is a plain agent of the demo queue with allTicket off, Bia the
// same with allTicket on, and "Financeiro" is a queue neither the admin nor Ana belongs to.

interface Frame {
  event: string;
  data: any;
}
interface Session {
  token: string;
  user: any;
}

describe('ticket visibility by queue, allTicket and role', () => {
  let system: TestSystem;
  let admin: Session;
  let ana: Session;
  let bia: Session;
  let financeiro: string;
  const sockets: WebSocket[] = [];

  const as = (s: Session) => (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: s.token, body });

  async function listen(s: Session): Promise<Frame[]> {
    const ws = new WebSocket(
      `${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(s.token)}`,
    );
    sockets.push(ws);
    const frames: Frame[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await eventually(async () => frames.some((f) => f.event === 'ready'), 5_000, 'socket ready');
    return frames;
  }
  const ticketFrames = (frames: Frame[], ticketId: string, action: 'update' | 'delete') =>
    frames.filter(
      (f) =>
        f.event === `company-${DEMO.companyId}-ticket` &&
        f.data.action === action &&
        (f.data.ticketId ?? f.data.ticket?.id) === ticketId,
    );

  let seq = 0;
  async function contact() {
    const n = `5511966${String(Date.now() % 10_000).padStart(4, '0')}${String(++seq).padStart(2, '0')}`;
    const r = await as(admin)('POST', '/contacts', { name: `Cliente ${n.slice(-4)}`, number: n });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body.id as string;
  }

  /** A pending ticket in `queueId` (null: queue-less, as a chatbot's before a queue is chosen). */
  async function pendingTicket(queueId: string | null) {
    const opened = await as(admin)('POST', '/tickets', { contactId: await contact(), queueId });
    expect(opened.status).toBe(201);
    const returned = await as(admin)('PUT', `/tickets/${opened.body.id}`, {
      status: 'pending',
      userId: null,
    });
    expect(returned.body).toMatchObject({ status: 'pending', userId: null, queueId });
    return returned.body.id as string;
  }

  const history = (s: Session, id: string) =>
    as(s)('POST', '/graphql', {
      query: 'query($id: ID!) { ticketHistory(ticketId: $id) { type } }',
      variables: { id },
    });

  async function agent(name: string, email: string, allTicket: 'enabled' | 'desabled') {
    const r = await as(admin)('POST', '/users', {
      name,
      email,
      password: 'senha123',
      profile: 'user',
      allTicket,
      queueIds: [DEMO.queueId],
    });
    expect(r.status).toBe(201);
    return system.login(email, 'senha123');
  }

  beforeAll(async () => {
    system = await startTestSystem();
    admin = await system.login(DEMO.email, DEMO.password);
    const q = await as(admin)('POST', '/queue', { name: 'Financeiro', color: '#0F9960' });
    expect(q.status).toBe(201);
    financeiro = q.body.id;
    ana = await agent('Ana Agente', 'ana@zelo.dev', 'desabled');
    bia = await agent('Bia Agente', 'bia@zelo.dev', 'enabled');
  }, 90_000);
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await system?.close();
  });

  it('a plain agent without allTicket neither lists, counts, opens, accepts nor hears queue-less tickets', async () => {
    const anaFrames = await listen(ana);
    const biaFrames = await listen(bia);
    const queueless = await pendingTicket(null);
    const ours = await pendingTicket(DEMO.queueId);

    const anaList = await as(ana)('GET', '/tickets?status=pending');
    const anaIds = anaList.body.tickets.map((t: any) => t.id);
    expect(anaIds).toContain(ours);
    expect(anaIds).not.toContain(queueless);
    expect(anaList.body.count).toBe(anaList.body.tickets.length);
    expect(anaList.body.tickets.every((t: any) => t.queueId === DEMO.queueId)).toBe(true);
    // Asking for the queue-less ones explicitly changes nothing.
    const asked = await as(ana)('GET', `/tickets?status=pending&queueIds=${JSON.stringify([DEMO.queueId])}`);
    expect(asked.body.tickets.map((t: any) => t.id)).not.toContain(queueless);

    expect((await as(ana)('GET', `/tickets/${queueless}`)).body.error).toBe('ERR_NO_PERMISSION');
    const accept = await as(ana)('PUT', `/tickets/${queueless}`, { status: 'open' });
    expect(accept.status).toBe(403);
    expect((await as(admin)('GET', `/tickets/${queueless}`)).body).toMatchObject({
      status: 'pending',
      userId: null,
    });
    // Nor may she join its room.
    const ws = sockets[0];
    ws.send(JSON.stringify({ type: 'join', room: `ticket:${queueless}` }));
    await eventually(async () => anaFrames.some((f) => f.event === 'error'), 5_000, 'join refused');

    // Bia's allTicket is on: she lists, counts and opens it, and hears of it.
    const biaList = await as(bia)('GET', '/tickets?status=pending');
    expect(biaList.body.tickets.map((t: any) => t.id)).toEqual(expect.arrayContaining([queueless, ours]));
    expect((await as(bia)('GET', `/tickets/${queueless}`)).status).toBe(200);
    await eventually(
      async () => ticketFrames(biaFrames, queueless, 'update').length > 0,
      5_000,
      'Bia hears it',
    );
    await eventually(async () => ticketFrames(anaFrames, ours, 'update').length > 0, 5_000, 'Ana hears hers');
    expect(ticketFrames(anaFrames, queueless, 'update')).toEqual([]);

    // Once accepted by Bia it is hers; a queue-less ticket that is Ana's own stays visible to Ana.
    const mine = await as(admin)('POST', '/tickets', { contactId: await contact(), userId: ana.user.id });
    expect(mine.body).toMatchObject({ queueId: null, userId: ana.user.id, status: 'open' });
    expect((await as(ana)('GET', `/tickets/${mine.body.id}`)).status).toBe(200);
    const anaOpen = await as(ana)('GET', '/tickets?status=open');
    expect(anaOpen.body.tickets.map((t: any) => t.id)).toContain(mine.body.id);
  }, 60_000);

  it('an admin reaches, on every tab, a ticket in a queue he is not in; an agent asking for it gets nothing', async () => {
    const pending = await pendingTicket(financeiro);
    const open = (
      await as(admin)('POST', '/tickets', {
        contactId: await contact(),
        queueId: financeiro,
        userId: bia.user.id,
      })
    ).body.id;
    const closed = await pendingTicket(financeiro);
    expect((await as(admin)('PUT', `/tickets/${closed}`, { status: 'closed' })).body.status).toBe('closed');

    const only = encodeURIComponent(JSON.stringify([financeiro]));
    for (const [status, id, extra] of [
      ['pending', pending, ''],
      ['open', open, '&showAll=true'],
      ['closed', closed, ''],
    ] as const) {
      const r = await as(admin)('GET', `/tickets?status=${status}&queueIds=${only}${extra}`);
      expect(r.status).toBe(200);
      const ids = r.body.tickets.map((t: any) => t.id);
      expect(ids, status).toContain(id);
      // The filter filters: no ticket of the demo queue comes along.
      expect(
        r.body.tickets.every((t: any) => t.queueId === financeiro || t.queueId === null),
        status,
      ).toBe(true);
      // Ana is not in Financeiro: her queueIds are cut to her own queues.
      const a = await as(ana)('GET', `/tickets?status=${status}&queueIds=${only}&showAll=true`);
      expect(
        a.body.tickets.map((t: any) => t.id),
        status,
      ).not.toContain(id);
      expect((await as(ana)('GET', `/tickets/${id}`)).status).toBe(403);
    }
  }, 60_000);

  it('a deleted ticket: only those who could see it hear the deletion or read its history', async () => {
    const adminFrames = await listen(admin);
    const anaFrames = await listen(ana);
    const theirs = await pendingTicket(financeiro);
    const hers = await pendingTicket(DEMO.queueId);
    const queueless = await pendingTicket(null);
    for (const id of [theirs, hers, queueless]) {
      expect((await as(admin)('DELETE', `/tickets/${id}`)).status).toBe(200);
    }
    await eventually(
      async () => [theirs, hers, queueless].every((id) => ticketFrames(adminFrames, id, 'delete').length > 0),
      5_000,
      'the admin hears every deletion',
    );
    await eventually(async () => ticketFrames(anaFrames, hers, 'delete').length > 0, 5_000, 'Ana hears hers');
    expect(ticketFrames(anaFrames, theirs, 'delete')).toEqual([]);
    expect(ticketFrames(anaFrames, queueless, 'delete')).toEqual([]);

    // The history outlives the ticket; the access check follows where the ticket last sat.
    await eventually(
      async () => {
        const rows = (await history(admin, theirs)).body.data?.ticketHistory ?? [];
        return rows.some((r: any) => r.type === 'TicketDeleted');
      },
      5_000,
      'the deletion in the history',
    );
    const refused = await history(ana, theirs);
    expect(refused.body.data ?? null).toBeNull();
    expect(refused.body.errors[0].extensions.code).toBe('ERR_NO_PERMISSION');
    expect((await history(ana, queueless)).body.errors[0].extensions.code).toBe('ERR_NO_PERMISSION');
    expect((await history(bia, queueless)).body.data.ticketHistory.length).toBeGreaterThan(0);
    expect((await history(ana, hers)).body.data.ticketHistory.length).toBeGreaterThan(0);
  }, 60_000);
});
