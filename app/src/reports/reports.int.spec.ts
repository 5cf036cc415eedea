import { randomUUID } from 'node:crypto';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// GET /reports/ and its CSV (issue 24) through the API: what the simulator's customers and the demo
// admin did shows in it, the export is a spreadsheet of the same rows, and bad or foreign filters,
// agents and plans without reports are refused. Every figure's arithmetic is proved in
// projections/src/reports/reports.int.spec.ts from known events.

/** A day of the company's calendar, `offset` days from today. */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    Date.now() + offset * 86_400_000,
  );
const [yesterday, tomorrow] = [day(-1), day(1)];
const period = `from=${yesterday}&to=${tomorrow}`;

describe('reports', () => {
  let system: TestSystem;
  let admin: { token: string };
  let other: { token: string };
  const foreign: Record<string, string> = {};

  const get = (path: string, token = admin.token) => system.api('GET', path, { token });

  beforeAll(async () => {
    system = await startTestSystem();
    admin = await system.login(DEMO.email, DEMO.password);
    other = await system.signUpCompany('Loja B', 'dono@lojab.dev', 'secret1', 1);
    const create = async (path: string, body: unknown) =>
      (await system.api('POST', path, { token: other.token, body })).body.id as string;
    foreign.queueId = await create('/queue', { name: 'Fila de B', color: '#0F9960' });
    foreign.tagId = await create('/tags', { name: 'Tag de B', color: '#D9822B' });
    // Two customers write; Ana is answered by the admin and resolved, Bia waits.
    for (const [number, name] of [
      ['5511922220001', 'Ana'],
      ['5511922220002', 'Bia'],
    ])
      await system.simulator!.customerSends(DEMO.whatsappId, { number, name }, `Oi, sou ${name}`);
    const pending = await eventually(async () => {
      const r = await get('/tickets?status=pending&showAll=true');
      return r.body.tickets.length === 2 ? r.body.tickets : undefined;
    });
    const ana = pending.find((t: { contact: { name: string } }) => t.contact.name === 'Ana').id;
    await system.api('PUT', `/tickets/${ana}`, { token: admin.token, body: { status: 'open' } });
    await system.api('POST', `/messages/${ana}`, {
      token: admin.token,
      body: { body: 'Olá Ana, em que ajudo?' },
    });
    await system.api('PUT', `/tickets/${ana}`, { token: admin.token, body: { status: 'closed' } });
  }, 60_000);

  afterAll(async () => system?.close());

  it('reports what happened: opened, resolved, a person’s first answer, by day', async () => {
    const view = await eventually(async () => {
      const r = await get(`/reports/?${period}`);
      return r.body.summary?.resolved === 1 ? r.body : undefined;
    });
    expect(view.period).toEqual({ from: yesterday, to: tomorrow });
    expect(view.groupBy).toBe('day');
    expect(view.summary).toMatchObject({
      opened: 2,
      resolved: 1,
      reopened: 0,
      resolvedByBot: 0,
      botShare: 0,
      // Ana's: the automatic greeting on accept is not an answer, the admin's message is.
      firstResponse: { count: 1 },
      nextResponse: { count: 0, median: null },
      resolution: { count: 1 },
      csat: { distribution: { 1: 0, 2: 0, 3: 0 }, responseRate: null, average: null },
    });
    expect(view.rows.map((r: { key: string }) => r.key)).toEqual([yesterday, day(0), tomorrow]);
    expect(view.rows.reduce((n: number, r: { opened: number }) => n + r.opened, 0)).toBe(2);
  });

  it('by agent, and as a CSV with a header, one row per agent and a total', async () => {
    const byAgent = (await get(`/reports/?${period}&groupBy=agent`)).body;
    const mine = byAgent.rows.find((r: { key: string }) => r.key === DEMO.adminId);
    expect(mine).toMatchObject({ label: 'Zelo Demo', opened: 1, resolved: 1, firstResponse: { count: 1 } });

    const res = await fetch(`${system.url}/reports/export/?${period}&groupBy=agent`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="relatorio-${yesterday}-${tomorrow}.csv"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    const cells = lines.map((l) => l.split(','));
    const durations = (n: string) => [`${n} mediana (s)`, `${n} p90 (s)`, `${n} média (s)`, `${n} medidos`];
    const sla = (n: string) => [`SLA ${n} cumpridos`, `SLA ${n} violados`, `SLA ${n} taxa`];
    expect(cells[0]).toEqual([
      'Chave',
      'Agente',
      'Abertos',
      'Resolvidos',
      'Reabertos',
      'Resolvidos pelo bot',
      'Parcela do bot',
      ...durations('Primeira resposta'),
      ...durations('Próxima resposta'),
      ...durations('Resolução'),
      ...sla('primeira resposta'),
      ...sla('próxima resposta'),
      ...sla('resolução'),
      'CSAT 1',
      'CSAT 2',
      'CSAT 3',
      'CSAT taxa de resposta',
      'CSAT média',
    ]);
    expect(lines).toHaveLength(byAgent.rows.length + 2);
    const row = cells.find((c) => c[0] === DEMO.adminId);
    expect(row?.slice(1, 7)).toEqual(['Zelo Demo', '1', '1', '0', '0', '0']);
    expect(cells.at(-1)?.slice(0, 7)).toEqual(['total', 'Total', '2', '1', '0', '0', '0']);
    expect(cells.every((c) => c.length === cells[0].length)).toBe(true);
  });

  it('answers a filter by a queue, agent, connection or tag of another company (or none) with 404', async () => {
    const cases: [string, string][] = [
      [`queueId=${foreign.queueId}`, 'ERR_NO_QUEUE_FOUND'],
      [`userId=${randomUUID()}`, 'ERR_NO_USER_FOUND'],
      [`whatsappId=${randomUUID()}`, 'ERR_NO_WAPP_FOUND'],
      [`tagId=${foreign.tagId}`, 'ERR_NO_TAG_FOUND'],
    ];
    for (const [filter, error] of cases)
      for (const path of ['/reports/', '/reports/export/']) {
        const r = await get(`${path}?${period}&${filter}`);
        expect([r.status, r.body.error], `${path} ${filter}`).toEqual([404, error]);
      }
    // The company's own ids filter.
    const own = await get(
      `/reports/?${period}&queueId=${DEMO.queueId}&userId=${DEMO.adminId}&whatsappId=${DEMO.whatsappId}`,
    );
    expect(own.status).toBe(200);
  });

  it('refuses bad periods and groupings with 400 ERR_VALIDATION', async () => {
    for (const query of [
      'from=2025-01-01&to=2026-01-02', // 367 days
      'from=2026-03-02&to=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-01',
      'from=03/01/2026&to=2026-03-02',
      `${period}&groupBy=week`,
      `${period}&queueId=fila-1`,
    ]) {
      const r = await get(`/reports/?${query}`);
      expect([r.status, r.body.error], query).toEqual([400, 'ERR_VALIDATION']);
    }
    // A whole leap year is allowed.
    expect((await get('/reports/?from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });

  it('is for admins only', async () => {
    const created = await system.api('POST', '/users', {
      token: admin.token,
      body: { name: 'Agente', email: 'agente-relatorio@zelo.dev', password: 'secret1', profile: 'user' },
    });
    expect(created.status).toBe(201);
    const agent = await system.login('agente-relatorio@zelo.dev', 'secret1');
    for (const path of ['/reports/', '/reports/export/']) {
      const r = await get(`${path}?${period}`, agent.token);
      expect([r.status, r.body.error], path).toEqual([403, 'ERR_NO_PERMISSION']);
    }
  });

  it("shows another company none of this company's figures", async () => {
    const r = await get(`/reports/?${period}`, other.token);
    expect(r.body.summary).toMatchObject({ opened: 0, resolved: 0, firstResponse: { count: 0 } });
  });

  it('is refused with 403 ERR_PLAN_FEATURE_DISABLED on a plan without reports', async () => {
    const plan = await system.api('POST', '/plans', {
      token: admin.token,
      body: { name: 'Sem Relatórios', users: 2, connections: 1, queues: 1, value: 10, useReports: false },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBeLessThan(300);
    const plans = (await system.api('GET', '/plans/list')).body;
    expect(plans.find((p: { id: string }) => p.id === plan.body.id)).toMatchObject({ useReports: false });
    // The seeded plans have them.
    expect(plans.filter((p: { useReports: boolean }) => p.useReports).length).toBe(plans.length - 1);
    const signUp = await system.api('POST', '/companies/cadastro', {
      body: { name: 'Loja C', email: 'dona@lojac.dev', password: 'secret1', planId: plan.body.id },
    });
    expect(signUp.status).toBe(201);
    const c = await system.login('dona@lojac.dev', 'secret1');
    expect(c.user.company.plan.useReports).toBe(false);
    for (const path of ['/reports/', '/reports/export/']) {
      const r = await get(`${path}?${period}`, c.token);
      expect([r.status, r.body.error], path).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
    }
  });
});
