import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { runConnectionCommand } from '@zelo/services/connections/handlers';
import { newId } from '@zelo/services/platform/ids';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

type Who = { token: string; user: any };

describe('the kanban board (doc 2 §2.5, §7)', () => {
  let system: TestSystem;
  let a: Who;
  let agent: Who;
  /** Company B, on a plan with the kanban; company C, on the basic plan without it. */
  let b: Who & { companyId: string };
  let c: Who & { companyId: string };
  let otherQueueId: string;
  /** Pending tickets of the demo queue, of another queue, and one closed. */
  let mine: string;
  let second: string;
  let elsewhere: string;
  let closed: string;
  let laneA: { id: string; name: string };
  let laneB: { id: string; name: string };
  let bTag: string;
  let bTicket: string;

  const as = (who: { token: string }) => (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: who.token, body });
  const boardOf = async (who: Who, query = '') => {
    const r = await as(who)('GET', `/ticket/kanban${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.tickets as any[];
  };
  const tagNamesOf = async (ticketId: string) =>
    ((await as(a)('GET', `/tickets/${ticketId}`)).body.tags as any[]).map((t) => t.name);
  /** Events in a ticket's tag stream: a refused call must add none. */
  const tagEventsOf = async (ticketId: string) =>
    (
      await system.ctx.pool.query('SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1', [
        `tickettags-${ticketId}`,
      ])
    ).rows[0].n as number;

  /** A customer's new ticket; on A's connection, once its queue chatbot put it in its queue and greeted. */
  async function pendingTicket(who: Who, whatsappId: string, number: string, name: string) {
    await system.simulator!.customerSends(whatsappId, { number, name }, 'Olá');
    const settled = (t: any) => who !== a || (t.queueId === DEMO.queueId && t.lastMessage !== 'Olá');
    return eventually(
      async () => {
        const r = await as(who)('GET', '/tickets?status=pending&showAll=true');
        const ticket = r.body.tickets?.find((t: any) => t.contact.number === number);
        return ticket && settled(ticket) ? (ticket.id as string) : null;
      },
      8_000,
      `the ticket of ${name}`,
    );
  }

  beforeAll(async () => {
    system = await startTestSystem();
    a = await system.login(DEMO.email, DEMO.password);
    const created = await as(a)('POST', '/users', {
      name: 'Agente Kanban',
      email: 'kanban@zelo.dev',
      password: 'senha1',
      queueIds: [DEMO.queueId],
    });
    expect(created.status).toBe(201);
    agent = await system.login('kanban@zelo.dev', 'senha1');
    otherQueueId = (await as(a)('POST', '/queue', { name: 'Fila Outra', color: '#8F398F' })).body.id;

    mine = await pendingTicket(a, DEMO.whatsappId, '5511955550001', 'Cliente Fila');
    second = await pendingTicket(a, DEMO.whatsappId, '5511955550002', 'Cliente Segundo');
    elsewhere = await pendingTicket(a, DEMO.whatsappId, '5511955550003', 'Cliente Outra Fila');
    closed = await pendingTicket(a, DEMO.whatsappId, '5511955550004', 'Cliente Encerrado');
    expect((await as(a)('PUT', `/tickets/${elsewhere}`, { queueId: otherQueueId })).status).toBe(200);
    expect((await as(a)('PUT', `/tickets/${closed}`, { status: 'closed' })).status).toBe(200);

    laneA = (await as(a)('POST', '/tags', { name: 'Em andamento', color: '#2965CC', kanban: true })).body;
    laneB = (await as(a)('POST', '/tags', { name: 'Concluído', color: '#29A634', kanban: true })).body;

    b = await system.signUpCompany('Empresa Kanban B', 'admin@kanban-b.dev', 'senhaB1', 1);
    c = await system.signUpCompany('Empresa Básica C', 'admin@kanban-c.dev', 'senhaC1', 0);
    bTag = (await as(b)('POST', '/tags', { name: 'Lane B', kanban: true })).body.id;
    // B's own connection, created by command and paired by the simulator (as isolation.int.spec.ts).
    const bWhatsappId = newId();
    await runConnectionCommand(
      system.deps,
      {
        type: 'CreateConnection',
        companyId: b.companyId,
        whatsappId: bWhatsappId,
        token: newId(),
        fields: { ...defaultConnectionSettings, name: 'WhatsApp B', isDefault: true, provider: 'simulator' },
      },
      { companyId: b.companyId, actor: b.user.id },
    );
    await eventually(
      async () =>
        (await as(b)('GET', '/whatsapp')).body.find(
          (w: any) => w.id === bWhatsappId && w.status === 'CONNECTED',
        ),
      10_000,
      "B's connection to be CONNECTED",
    );
    bTicket = await pendingTicket(b, bWhatsappId, '5511955550009', 'Cliente de B');
  }, 90_000);

  afterAll(async () => system?.close());

  describe('GET /ticket/kanban', () => {
    it("an admin sees every ticket of the company not closed, with its tags, and none of another company's", async () => {
      const ids = (await boardOf(a, '?queueIds=[]&showAll=true')).map((t) => t.id);
      expect(ids).toEqual(expect.arrayContaining([mine, second, elsewhere]));
      expect(ids).not.toContain(closed);
      expect(ids).not.toContain(bTicket);
      const card = (await boardOf(a, '?showAll=true')).find((t) => t.id === mine);
      expect(card).toMatchObject({ uuid: mine, contact: { name: 'Cliente Fila', number: '5511955550001' } });
      expect(card.tags).toEqual([]);
      expect((await boardOf(b, '?showAll=true')).map((t) => t.id)).toEqual([bTicket]);
    });

    it('queueIds narrows the board to those queues', async () => {
      const query = `?queueIds=${encodeURIComponent(JSON.stringify([otherQueueId]))}&showAll=false`;
      const ids = (await boardOf(a, query)).map((t) => t.id);
      expect(ids).toContain(elsewhere);
      expect(ids).not.toContain(mine);
    });

    it('an agent sees only the tickets of their queues, whatever queues or showAll they ask for', async () => {
      const ids = (await boardOf(agent)).map((t) => t.id);
      expect(ids).toEqual(expect.arrayContaining([mine, second]));
      expect(ids).not.toContain(elsewhere);
      expect(ids).not.toContain(closed);
      const asked = `?queueIds=${encodeURIComponent(JSON.stringify([otherQueueId]))}&showAll=true`;
      expect((await boardOf(agent, asked)).map((t) => t.id)).toEqual([]);
    });

    it('bad query params are 400 ERR_VALIDATION', async () => {
      for (const query of ['?queueIds=oops', '?queueIds=[7]', '?showAll=maybe']) {
        const r = await as(a)('GET', `/ticket/kanban${query}`);
        expect(r.status, query).toBe(400);
        expect(r.body.error).toBe('ERR_VALIDATION');
      }
    });
  });

  describe('PUT /ticket/kanban/:ticketId (a card dropped on a lane)', () => {
    it('moves the ticket to a tag lane, to another lane, and back to the lane without tags', async () => {
      const toA = await as(agent)('PUT', `/ticket/kanban/${mine}`, { tagId: laneA.id });
      expect(toA.status, JSON.stringify(toA.body)).toBe(200);
      expect(toA.body.id).toBe(mine);
      expect(toA.body.tags.map((t: any) => t.name)).toEqual(['Em andamento']);
      expect((await boardOf(a)).find((t) => t.id === mine).tags.map((t: any) => t.id)).toEqual([laneA.id]);

      const toB = await as(agent)('PUT', `/ticket/kanban/${mine}`, { tagId: laneB.id });
      expect(toB.body.tags.map((t: any) => t.name)).toEqual(['Concluído']);
      const back = await as(agent)('PUT', `/ticket/kanban/${mine}`, { tagId: null });
      expect(back.status).toBe(200);
      expect(back.body.tags).toEqual([]);
      expect(await tagNamesOf(mine)).toEqual([]);
    });

    it('a ticket with several tags keeps only the lane it is dropped on, in one event', async () => {
      await as(a)('POST', '/tags/sync', {
        ticketId: second,
        tags: [{ id: laneA.id, name: laneA.name }, { name: 'Extra' }],
      });
      const before = await tagEventsOf(second);
      const r = await as(a)('PUT', `/ticket/kanban/${second}`, { tagId: laneB.id });
      expect(r.body.tags.map((t: any) => t.name)).toEqual(['Concluído']);
      expect(await tagEventsOf(second)).toBe(before + 1);
      // Dropped on the lane it is already in: nothing to record.
      expect((await as(a)('PUT', `/ticket/kanban/${second}`, { tagId: laneB.id })).status).toBe(200);
      expect(await tagEventsOf(second)).toBe(before + 1);
    });

    it('pushes the ticket with its new tags to the company on the socket', async () => {
      const ws = new WebSocket(
        `${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(a.token)}`,
      );
      const frames: { event: string; data: any }[] = [];
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
      try {
        await eventually(async () => frames.some((f) => f.event === 'ready'), 5_000, 'socket ready');
        expect((await as(agent)('PUT', `/ticket/kanban/${mine}`, { tagId: laneB.id })).status).toBe(200);
        const pushed = await eventually(
          async () =>
            frames.find(
              (f) =>
                f.event === `company-${DEMO.companyId}-ticket` &&
                f.data.ticket?.id === mine &&
                f.data.ticket.tags.map((t: any) => t.id).join() === laneB.id,
            ),
          5_000,
          'the ticket pushed with its lane',
        );
        expect(pushed.data.action).toBe('update');
      } finally {
        ws.close();
      }
    });

    it("refuses another company's tag, an unknown tag, another company's ticket, and bad input, writing nothing", async () => {
      const before = await tagNamesOf(mine);
      const events = await tagEventsOf(mine);
      const cases: [string, string, unknown, number, string][] = [
        ["another company's tag", `/ticket/kanban/${mine}`, { tagId: bTag }, 404, 'ERR_NO_TAG_FOUND'],
        ['an unknown tag', `/ticket/kanban/${mine}`, { tagId: crypto.randomUUID() }, 404, 'ERR_NO_TAG_FOUND'],
        ['a non-uuid tag', `/ticket/kanban/${mine}`, { tagId: 'vip' }, 400, 'ERR_VALIDATION'],
        ['no tagId', `/ticket/kanban/${mine}`, {}, 400, 'ERR_VALIDATION'],
        ['a garbage body', `/ticket/kanban/${mine}`, ['x'], 400, 'ERR_VALIDATION'],
        ['a non-uuid ticket', '/ticket/kanban/42', { tagId: laneA.id }, 400, 'ERR_VALIDATION'],
        [
          'an unknown ticket',
          `/ticket/kanban/${crypto.randomUUID()}`,
          { tagId: laneA.id },
          404,
          'ERR_NO_TICKET_FOUND',
        ],
      ];
      for (const [name, path, body, status, error] of cases) {
        const r = await as(a)('PUT', path, body);
        expect([r.status, r.body.error], name).toEqual([status, error]);
      }
      expect(await tagNamesOf(mine)).toEqual(before);
      expect(await tagEventsOf(mine)).toBe(events);

      // Company B with A's ticket, with its own tag or A's: not found, and A's ticket unchanged.
      for (const tagId of [bTag, laneA.id, null]) {
        const r = await as(b)('PUT', `/ticket/kanban/${mine}`, { tagId });
        expect([r.status, r.body.error]).toEqual([404, 'ERR_NO_TICKET_FOUND']);
      }
      expect(await tagEventsOf(mine)).toBe(events);
    });

    it('an agent may not move a ticket of a queue that is not theirs', async () => {
      const r = await as(agent)('PUT', `/ticket/kanban/${elsewhere}`, { tagId: laneA.id });
      expect([r.status, r.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
      expect(await tagNamesOf(elsewhere)).toEqual([]);
    });
  });

  describe("the spec's DELETE /ticket-tags/{ticketId} and PUT /ticket-tags/{ticketId}/{tagId}", () => {
    it('remove every tag of the ticket, then add the target tag', async () => {
      await as(a)('PUT', `/ticket/kanban/${elsewhere}`, { tagId: laneA.id });
      const removed = await as(a)('DELETE', `/ticket-tags/${elsewhere}`);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body.tags).toEqual([]);
      const added = await as(a)('PUT', `/ticket-tags/${elsewhere}/${laneB.id}`);
      expect(added.status).toBe(200);
      expect(added.body.tags.map((t: any) => t.name)).toEqual(['Concluído']);
      const again = await as(a)('PUT', `/ticket-tags/${elsewhere}/${laneA.id}`);
      expect(again.body.tags.map((t: any) => t.name)).toEqual(['Concluído', 'Em andamento']);
      expect(await tagNamesOf(elsewhere)).toEqual(['Concluído', 'Em andamento']);
    });

    it('refuse unknown and foreign ids and non-uuid ids, writing nothing', async () => {
      const events = await tagEventsOf(elsewhere);
      const cases: [string, string, string, number, string][] = [
        ["another company's tag", 'PUT', `/ticket-tags/${elsewhere}/${bTag}`, 404, 'ERR_NO_TAG_FOUND'],
        [
          'an unknown tag',
          'PUT',
          `/ticket-tags/${elsewhere}/${crypto.randomUUID()}`,
          404,
          'ERR_NO_TAG_FOUND',
        ],
        ['a non-uuid tag', 'PUT', `/ticket-tags/${elsewhere}/vip`, 400, 'ERR_VALIDATION'],
        ['a non-uuid ticket', 'DELETE', '/ticket-tags/42', 400, 'ERR_VALIDATION'],
        ['an unknown ticket', 'DELETE', `/ticket-tags/${crypto.randomUUID()}`, 404, 'ERR_NO_TICKET_FOUND'],
      ];
      for (const [name, method, path, status, error] of cases) {
        const r = await as(a)(method, path);
        expect([r.status, r.body.error], name).toEqual([status, error]);
      }
      for (const [method, path] of [
        ['DELETE', `/ticket-tags/${elsewhere}`],
        ['PUT', `/ticket-tags/${elsewhere}/${bTag}`],
        ['PUT', `/ticket-tags/${elsewhere}/${laneA.id}`],
      ]) {
        const r = await as(b)(method, path);
        expect([r.status, r.body.error], `B: ${method} ${path}`).toEqual([404, 'ERR_NO_TICKET_FOUND']);
      }
      const byAgent = await as(agent)('DELETE', `/ticket-tags/${elsewhere}`);
      expect([byAgent.status, byAgent.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
      expect(await tagEventsOf(elsewhere)).toBe(events);
      expect(await tagNamesOf(elsewhere)).toEqual(['Concluído', 'Em andamento']);
      // A ticket of A never tagged: no tag stream yet to tell its company, so only the route's check stops B.
      for (const [method, path, body] of [
        ['PUT', `/ticket-tags/${closed}/${bTag}`, undefined],
        ['PUT', `/ticket/kanban/${closed}`, { tagId: bTag }],
      ] as const) {
        const r = await as(b)(method, path, body);
        expect([r.status, r.body.error], `B: ${method} ${path}`).toEqual([404, 'ERR_NO_TICKET_FOUND']);
      }
      expect(await tagEventsOf(closed)).toBe(0);
    });
  });

  describe('the plan', () => {
    it('a company whose plan lacks the kanban gets 403 ERR_PLAN_FEATURE_DISABLED for the board', async () => {
      const cTag = (await as(c)('POST', '/tags', { name: 'Tag C' })).body.id;
      const board = await as(c)('GET', '/ticket/kanban?queueIds=[]&showAll=true');
      expect([board.status, board.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
      expect(board.body.message).toMatch(/kanban/);
      const move = await as(c)('PUT', `/ticket/kanban/${crypto.randomUUID()}`, { tagId: cTag });
      expect([move.status, move.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
      // Tags, and the ticket-tag calls, work without the board.
      expect((await as(c)('GET', '/tags/kanban')).status).toBe(200);
      const untag = await as(c)('DELETE', `/ticket-tags/${crypto.randomUUID()}`);
      expect(untag.body.error).toBe('ERR_NO_TICKET_FOUND');
    });
  });
});
