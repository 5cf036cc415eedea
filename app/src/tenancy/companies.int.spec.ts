import { SESSION_ENDED_CLOSE_CODE } from '@zelo/services/api/socket-gateway';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { type Tenant, twoCompanies } from '../testing/two-companies.ts';

// Doc 1 §4 Companies and Plans tabs: the super user (the demo admin) manages them; any other admin
// (B, a signed-up company) reads the plans and his own company only.
let system: TestSystem;
let superUser: Tenant;
let b: Tenant;
let plain: Tenant;
/** The demo company's plan (Profissional). */
let proPlanId: string;

beforeAll(async () => {
  system = await startTestSystem();
  ({ a: superUser, b, plain } = await twoCompanies(system, 'companies'));
  proPlanId = (await api('GET', `/companies/listPlan/${DEMO.companyId}`, superUser)).body.plan.id;
}, 60_000);
afterAll(async () => system?.close());

const plan = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  users: 3,
  connections: 2,
  queues: 4,
  value: 149.9,
  useCampaigns: true,
  useKanban: false,
  useSchedules: true,
  ...over,
});
const api = (method: string, path: string, t: { token: string }, body?: unknown) =>
  system.api(method, path, { token: t.token, body });

describe('Plans', () => {
  it('the super user creates, reads, edits and deletes a plan', async () => {
    const created = await api('POST', '/plans', superUser, plan('Plano Teste'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Plano Teste', users: 3, value: 149.9, useKanban: false });
    const id = created.body.id;
    expect((await api('GET', `/plans/${id}`, b)).body.name).toBe('Plano Teste');
    expect((await api('GET', '/plans/all', b)).body.map((p: any) => p.name)).toContain('Plano Teste');

    const edited = await api('PUT', `/plans/${id}`, superUser, plan('Plano Teste 2', { users: 5 }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Plano Teste 2', users: 5 });

    expect((await api('DELETE', `/plans/${id}`, superUser)).status).toBe(200);
    expect((await api('GET', `/plans/${id}`, superUser)).body.error).toBe('ERR_NO_PLAN_FOUND');
    // Its name is free again.
    expect((await api('POST', '/plans', superUser, plan('Plano Teste 2'))).status).toBe(201);
  });

  it('a name is unique, ignoring case and spaces (seeded plans included)', async () => {
    const seeded = await api('POST', '/plans', superUser, plan(' básico '));
    expect(seeded.body.error).toBe('ERR_DUPLICATED_PLAN_NAME');
    expect((await api('POST', '/plans', superUser, plan('Único'))).status).toBe(201);
    const twice = await api('POST', '/plans', superUser, plan('ÚNICO'));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('ERR_DUPLICATED_PLAN_NAME');
  });

  it('two plans created at once with one name: exactly one is made', async () => {
    const rs = await Promise.all([1, 2, 3].map(() => api('POST', '/plans', superUser, plan('Corrida'))));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('refuses invalid plans with ERR_VALIDATION', async () => {
    for (const bad of [
      plan('X'),
      plan('Zero', { users: 0 }),
      plan('Fração', { queues: 1.5 }),
      plan('Negativo', { value: -1 }),
      plan('Centavos', { value: 10.123 }),
    ]) {
      const r = await api('POST', '/plans', superUser, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('a plan a company uses is not deleted (ERR_PLAN_IN_USE)', async () => {
    const r = await api('DELETE', `/plans/${proPlanId}`, superUser);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('ERR_PLAN_IN_USE');
  });

  it('only the super user writes plans (403 for another admin)', async () => {
    const id = (await api('GET', '/plans/all', b)).body[0].id;
    for (const [m, p] of [
      ['POST', '/plans'],
      ['PUT', `/plans/${id}`],
      ['DELETE', `/plans/${id}`],
    ]) {
      const r = await api(m, p, b, plan('De B'));
      expect(r.status, `${m} ${p}`).toBe(403);
      expect(r.body.error).toBe('ERR_NO_PERMISSION');
    }
  });
});

describe('Companies', () => {
  const newCompany = (email: string, over: Record<string, unknown> = {}) => ({
    name: 'Loja Nova',
    email,
    phone: '(11) 98888-7777',
    password: 'senha1',
    planId: proPlanId,
    dueDate: '2099-01-10T00:00:00.000Z',
    recurrence: 'TRIMESTRAL',
    ...over,
  });

  it('the super user creates a company whose admin logs in with its e-mail and password', async () => {
    const r = await api('POST', '/companies', superUser, newCompany('dono@loja-nova.dev'));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Loja Nova',
      phone: '11988887777',
      status: true,
      recurrence: 'TRIMESTRAL',
      dueDate: '2099-01-10T00:00:00.000Z',
      campaignsEnabled: true,
      plan: { id: proPlanId },
    });
    const admin = await system.login('dono@loja-nova.dev', 'senha1');
    expect(admin.user).toMatchObject({ profile: 'admin', companyId: r.body.id });
    const own = await api('GET', `/companies/listPlan/${r.body.id}`, admin);
    expect(own.body).toMatchObject({ id: r.body.id, plan: { id: proPlanId } });
    expect((await api('GET', `/companies/${r.body.id}`, admin)).body.name).toBe('Loja Nova');
  });

  it('an e-mail in use is refused, and nothing is created', async () => {
    const r = await api('POST', '/companies', superUser, newCompany(DEMO.email, { name: 'Duplicada' }));
    expect(r.body.error).toBe('ERR_DUPLICATED_EMAIL');
    const found = await api('GET', '/companies?searchParam=Duplicada', superUser);
    expect(found.body.count).toBe(0);
  });

  it('validates: short name, long phone, short password, unknown plan; an empty due date is null', async () => {
    for (const bad of [
      newCompany('a@x.dev', { name: 'L' }),
      newCompany('b@x.dev', { phone: '119888877776' }),
      newCompany('c@x.dev', { password: '1234' }),
      newCompany('d@x.dev', { recurrence: 'SEMANAL' }),
      // A date PostgreSQL cannot store is refused, never a 500.
      newCompany('g@x.dev', { dueDate: '99999-01-01' }),
      newCompany('h@x.dev', { dueDate: '1900-01-01T00:00:00.000Z' }),
    ]) {
      expect((await api('POST', '/companies', superUser, bad)).body.error).toBe('ERR_VALIDATION');
    }
    const noPlan = newCompany('e@x.dev', { planId: '00000000-0000-4000-8000-000000000999' });
    expect((await api('POST', '/companies', superUser, noPlan)).body.error).toBe('ERR_NO_PLAN_FOUND');
    const r = await api('POST', '/companies', superUser, newCompany('f@x.dev', { dueDate: '' }));
    expect(r.body.dueDate).toBeNull();
    // A company without a due date never expires: its admin logs in.
    await system.login('f@x.dev', 'senha1');
  });

  it('lists and searches companies, 20 a page', async () => {
    const page = await api('GET', '/companies?searchParam=loja nova&pageNumber=1', superUser);
    expect(page.status).toBe(200);
    expect(page.body.companies.map((c: any) => c.email)).toContain('dono@loja-nova.dev');
    expect(page.body.hasMore).toBe(false);
    const all = await api('GET', '/companies/list', superUser);
    expect(all.body.map((c: any) => c.id)).toEqual(expect.arrayContaining([DEMO.companyId, b.companyId]));
  });

  it('the super user edits a company: only the fields sent change; Expire sends the next due date', async () => {
    const c = (await api('POST', '/companies', superUser, newCompany('editar@loja.dev'))).body;
    const r = await api('PUT', `/companies/${c.id}`, superUser, {
      name: 'Loja Editada',
      campaignsEnabled: false,
      dueDate: '2099-04-10T00:00:00.000Z',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Loja Editada',
      email: 'editar@loja.dev',
      recurrence: 'TRIMESTRAL',
      campaignsEnabled: false,
      dueDate: '2099-04-10T00:00:00.000Z',
    });
    const farOff = await api('PUT', `/companies/${c.id}`, superUser, { dueDate: '99999-01-01' });
    expect(farOff.body.error).toBe('ERR_VALIDATION');
    expect((await api('GET', `/companies/${c.id}`, superUser)).body.dueDate).toBe('2099-04-10T00:00:00.000Z');
    const cleared = await api('PUT', `/companies/${c.id}`, superUser, { dueDate: null });
    expect(cleared.body.dueDate).toBeNull();
    // Campaigns switched off: the company's admin cannot use them, nor switch them back on himself.
    const admin = await system.login('editar@loja.dev', 'senha1');
    expect((await api('GET', '/campaigns', admin)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const back = await api('PUT', '/settings/campaignsEnabled', admin, { value: 'enabled' });
    expect(back.body.error).toBe('ERR_NO_PERMISSION');
    await api('PUT', `/companies/${c.id}`, superUser, { campaignsEnabled: true });
    expect((await api('GET', '/campaigns', admin)).status).toBe(200);
  });

  it('switched off: its users are refused at once and at login (ERR_COMPANY_INACTIVE)', async () => {
    const c = (await api('POST', '/companies', superUser, newCompany('desligar@loja.dev'))).body;
    const admin = await system.login('desligar@loja.dev', 'senha1');
    const socket = await readySocket(system, admin.token);
    await api('PUT', `/companies/${c.id}`, superUser, { status: false });
    expect((await api('GET', '/settings', admin)).status).toBe(403);
    expect(await socket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
    const login = await system.api('POST', '/auth/login', {
      body: { email: 'desligar@loja.dev', password: 'senha1' },
    });
    expect(login.status).toBe(401);
    expect(login.body.error).toBe('ERR_COMPANY_INACTIVE');
    await api('PUT', `/companies/${c.id}`, superUser, { status: true });
    await system.login('desligar@loja.dev', 'senha1');
  });

  it('deleted: its users are refused at once (token, refresh, socket, login); it leaves the lists', async () => {
    const c = (await api('POST', '/companies', superUser, newCompany('apagar@loja.dev'))).body;
    const admin = await system.login('apagar@loja.dev', 'senha1');
    const socket = await readySocket(system, admin.token);
    expect((await api('DELETE', `/companies/${c.id}`, superUser)).status).toBe(200);
    expect((await api('GET', '/settings', admin)).status).toBe(403);
    expect(await socket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
    const refresh = await system.api('POST', '/auth/refresh_token', { cookie: admin.cookie });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    const login = await system.api('POST', '/auth/login', {
      body: { email: 'apagar@loja.dev', password: 'senha1' },
    });
    expect(login.body.error).toBe('ERR_COMPANY_INACTIVE');
    expect((await api('GET', `/companies/${c.id}`, superUser)).body.error).toBe('ERR_NO_COMPANY_FOUND');
    const all = await api('GET', '/companies/list', superUser);
    expect(all.body.map((x: any) => x.id)).not.toContain(c.id);
  });

  it("a plan edited: its companies' browsers hear it, and their session shows the new flags", async () => {
    const p = (await api('POST', '/plans', superUser, plan('Plano Vivo', { useKanban: false }))).body;
    const c = (await api('POST', '/companies', superUser, newCompany('vivo@loja.dev', { planId: p.id })))
      .body;
    const admin = await system.login('vivo@loja.dev', 'senha1');
    expect(admin.user.company.plan.useKanban).toBe(false);
    const socket = await readySocket(system, admin.token);
    await api('PUT', `/plans/${p.id}`, superUser, plan('Plano Vivo', { useKanban: true }));
    await eventually(
      async () => socket.frames.some((f) => f.event === `company-${c.id}-company`),
      8_000,
      'company frame',
    );
    expect((await api('GET', '/auth/me', admin)).body.company.plan.useKanban).toBe(true);
    socket.ws.close();
  });

  it('the super user cannot delete his own company', async () => {
    const r = await api('DELETE', `/companies/${DEMO.companyId}`, superUser);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('ERR_CANNOT_DELETE_OWN_COMPANY');
  });

  it('another company is neither read nor changed by a non-super user (403)', async () => {
    for (const [m, p, body] of [
      ['GET', `/companies/${DEMO.companyId}`],
      ['GET', `/companies/listPlan/${DEMO.companyId}`],
      ['GET', '/companies'],
      ['GET', '/companies/list'],
      ['POST', '/companies', newCompany('b-cria@x.dev')],
      ['PUT', `/companies/${DEMO.companyId}`, { name: 'Invadida' }],
      ['DELETE', `/companies/${DEMO.companyId}`],
      ['PUT', `/companies/${b.companyId}`, { status: true }],
    ] as [string, string, unknown][]) {
      const r = await api(m, p, b, body);
      expect(r.status, `${m} ${p}`).toBe(403);
      expect(r.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await api('GET', `/companies/${DEMO.companyId}`, plain)).status).toBe(200);
    expect((await api('GET', `/companies/${b.companyId}`, b)).body.name).toBe('Empresa companies');
  });
});
