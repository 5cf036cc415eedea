import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

async function eventually<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 5_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('tags', () => {
  let system: TestSystem;
  let a: { token: string; user: any };
  let b: { token: string; user: any };
  let agent: { token: string; user: any };
  let ticketId: string;
  let otherTicketId: string;
  const as = (who: { token: string }) => (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: who.token, body });

  async function pendingTicket(number: string, name: string) {
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name }, 'Olá');
    return eventually(async () => {
      const r = await as(a)('GET', '/tickets?status=pending&showAll=true');
      return r.body.tickets.find((t: any) => t.contact.number === number)?.id as string;
    }, `the ticket of ${name}`);
  }

  beforeAll(async () => {
    system = await startTestSystem();
    a = await system.login(DEMO.email, DEMO.password);
    b = await system.signUpCompany('Empresa B', 'admin@tags-b.dev', 'senhaB1', 1);
    const created = await as(a)('POST', '/users', {
      name: 'Agente Ana',
      email: 'ana@zelo.dev',
      password: 'senha1',
      queueIds: [DEMO.queueId],
    });
    expect(created.status).toBe(201);
    agent = await system.login('ana@zelo.dev', 'senha1');
    ticketId = await pendingTicket('5511966660001', 'Cliente Um');
    otherTicketId = await pendingTicket('5511966660002', 'Cliente Dois');
  }, 60_000);

  afterAll(async () => system?.close());

  it('creates a tag from a name alone, and refuses a duplicate name in any letter case', async () => {
    const r = await as(a)('POST', '/tags', { name: 'Cliente VIP' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Cliente VIP', color: '#5C7080', kanban: false, ticketsCount: 0 });
    const dup = await as(a)('POST', '/tags', { name: ' cliente vip ' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_TAG');
    const list = await as(a)('GET', '/tags/list');
    expect(list.body.map((t: any) => t.name)).toEqual(['Cliente VIP']);
  });

  it('validates input with ERR_VALIDATION', async () => {
    for (const body of [{ name: 'ab' }, { name: 'Boa', color: 'red' }, {}]) {
      const r = await as(a)('POST', '/tags', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    const badSync = await as(a)('POST', '/tags/sync', { ticketId: 'nope', tags: [] });
    expect(badSync.status).toBe(400);
    const badFilter = await as(a)('GET', '/tickets?tags=oops');
    expect(badFilter.status).toBe(400);
  });

  it("syncs a ticket's tags, creating new names on the fly, and the ticket list shows and filters by them", async () => {
    const vip = (await as(a)('GET', '/tags/list')).body[0];
    const r = await as(a)('POST', '/tags/sync', {
      ticketId,
      tags: [
        { id: vip.id, name: vip.name },
        { name: 'Retorno', color: '#29A634' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(ticketId);
    expect(r.body.tags.map((t: any) => t.name)).toEqual(['Cliente VIP', 'Retorno']);
    const retorno = r.body.tags.find((t: any) => t.name === 'Retorno');
    expect(retorno.color).toBe('#29A634');

    const all = await as(a)('GET', '/tickets?status=pending&showAll=true');
    expect(all.body.tickets.find((t: any) => t.id === ticketId).tags).toHaveLength(2);
    expect(all.body.tickets.find((t: any) => t.id === otherTicketId).tags).toEqual([]);
    const filtered = await as(a)(
      'GET',
      `/tickets?status=pending&showAll=true&tags=${encodeURIComponent(JSON.stringify([retorno.id]))}`,
    );
    expect(filtered.body.tickets.map((t: any) => t.id)).toEqual([ticketId]);
    expect(filtered.body.count).toBe(1);

    const page = await as(a)('GET', '/tags?searchParam=ret');
    expect(page.body).toMatchObject({ hasMore: false, tags: [{ name: 'Retorno', ticketsCount: 1 }] });
    expect((await as(a)('GET', `/tickets/${ticketId}`)).body.tags).toHaveLength(2);
  });

  it('an agent tags a ticket of their queue by a name that exists in another case, reusing the tag', async () => {
    const r = await as(agent)('POST', '/tags/sync', { ticketId: otherTicketId, tags: [{ name: 'retorno' }] });
    expect(r.status).toBe(200);
    expect(r.body.tags.map((t: any) => t.name)).toEqual(['Retorno']);
    const tags = (await as(a)('GET', '/tags/list')).body;
    expect(tags).toHaveLength(2);
    expect(tags.find((t: any) => t.name === 'Retorno').ticketsCount).toBe(2);
  });

  it('only admins set the kanban flag or delete a tag', async () => {
    const tag = (await as(a)('GET', '/tags/list')).body.find((t: any) => t.name === 'Retorno');
    const byAgent = await as(agent)('PUT', `/tags/${tag.id}`, { name: 'Retorno', kanban: true });
    expect(byAgent.status).toBe(403);
    const renamed = await as(agent)('PUT', `/tags/${tag.id}`, { name: 'Retornar', color: '#D13913' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Retornar', color: '#D13913', kanban: false });
    const flagged = await as(a)('PUT', `/tags/${tag.id}`, { name: 'Retornar', kanban: true });
    expect(flagged.body.kanban).toBe(true);
    expect((await as(a)('GET', '/tags/kanban')).body.lista.map((t: any) => t.id)).toEqual([tag.id]);
    expect((await as(agent)('DELETE', `/tags/${tag.id}`)).status).toBe(403);
  });

  it("company B can neither read nor change nor use company A's tags and tickets", async () => {
    const tag = (await as(a)('GET', '/tags/list')).body[0];
    expect((await as(b)('GET', '/tags/list')).body).toEqual([]);
    expect((await as(b)('GET', '/tags')).body.tags).toEqual([]);
    const get = await as(b)('GET', `/tags/${tag.id}`);
    expect(get.status).toBe(404);
    expect(get.body.error).toBe('ERR_NO_TAG_FOUND');
    expect((await as(b)('PUT', `/tags/${tag.id}`, { name: 'Roubada' })).status).toBe(404);
    expect((await as(b)('DELETE', `/tags/${tag.id}`)).status).toBe(404);
    const sync = await as(b)('POST', '/tags/sync', { ticketId, tags: [] });
    expect(sync.status).toBe(404);
    expect(sync.body.error).toBe('ERR_NO_TICKET_FOUND');
    // Names are unique per company, not across companies.
    expect((await as(b)('POST', '/tags', { name: 'Cliente VIP' })).status).toBe(201);
    const after = await as(a)('GET', `/tickets/${ticketId}`);
    expect(after.body.tags).toHaveLength(2);
    expect((await as(a)('GET', `/tags/${tag.id}`)).body.name).toBe(tag.name);
  });

  it('pushes the ticket with its new tags to the company, and tag changes to the tags page', async () => {
    const ws = new WebSocket(
      `${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(a.token)}`,
    );
    const frames: { event: string; data: any }[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await eventually(async () => frames.some((f) => f.event === 'ready'), 'socket ready');
    const bWs = new WebSocket(
      `${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(b.token)}`,
    );
    const bFrames: { event: string }[] = [];
    bWs.on('message', (raw) => bFrames.push(JSON.parse(raw.toString())));
    await eventually(async () => bFrames.some((f) => f.event === 'ready'), 'socket B ready');
    try {
      const companyId = a.user.companyId;
      const r = await as(a)('POST', '/tags/sync', { ticketId: otherTicketId, tags: [{ name: 'Ao vivo' }] });
      expect(r.status).toBe(200);
      const pushed = await eventually(
        async () =>
          frames.find(
            (f) =>
              f.event === `company-${companyId}-ticket` &&
              f.data.ticket?.id === otherTicketId &&
              f.data.ticket.tags.some((t: any) => t.name === 'Ao vivo'),
          ),
        'the ticket push',
      );
      expect(pushed.data.action).toBe('update');
      await eventually(
        async () => frames.find((f) => f.event === `company-${companyId}-tag` && f.data.action === 'create'),
        'the tag push',
      );
      expect(bFrames.filter((f) => f.event !== 'ready')).toEqual([]);
    } finally {
      ws.close();
      bWs.close();
    }
  });

  it('deleting a tag removes it from every ticket', async () => {
    const tag = (await as(a)('GET', '/tags/list')).body.find((t: any) => t.name === 'Cliente VIP');
    expect((await as(a)('DELETE', `/tags/${tag.id}`)).status).toBe(200);
    const ticket = await as(a)('GET', `/tickets/${ticketId}`);
    expect(ticket.body.tags.map((t: any) => t.name)).toEqual(['Retornar']);
    expect((await as(a)('GET', `/tags/${tag.id}`)).status).toBe(404);
  });
});
