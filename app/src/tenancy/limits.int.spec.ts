import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The plan's limits (doc 2 Plans: users, connections, queues), enforced by the server. Each is decided
// on one stream, so that several creations racing for the last place never all pass.
let system: TestSystem;
let admin: { token: string };
let limitedPlanId: string;

beforeAll(async () => {
  system = await startTestSystem();
  const superUser = await system.login(DEMO.email, DEMO.password);
  const plan = await system.api('POST', '/plans', {
    token: superUser.token,
    body: { name: 'Mínimo', users: 2, connections: 1, queues: 1, value: 0 },
  });
  limitedPlanId = plan.body.id;
  const company = await system.api('POST', '/companies', {
    token: superUser.token,
    body: {
      name: 'Loja Limitada',
      email: 'dono@limitada.dev',
      password: 'senha1',
      planId: limitedPlanId,
      dueDate: '2099-01-01',
    },
  });
  expect(company.status).toBe(201);
  admin = await system.login('dono@limitada.dev', 'senha1');
}, 60_000);
afterAll(async () => system?.close());

const post = (path: string, body: unknown) => system.api('POST', path, { token: admin.token, body });
const outcome = (rs: { status: number; body: any }[]) => ({
  created: rs.filter((r) => r.status === 201).length,
  refused: rs.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body.error} ${r.body.message}`),
});

describe('Plan limits', () => {
  it('users: of three creations at once for the last seat, exactly one passes', async () => {
    const rs = await Promise.all(
      [1, 2, 3].map((i) =>
        post('/users', { name: `Agente ${i}`, email: `agente${i}@limitada.dev`, password: 'senha1' }),
      ),
    );
    expect(outcome(rs)).toEqual({
      created: 1,
      refused: Array(2).fill('409 ERR_USER_LIMIT_REACHED the plan allows 2 users'),
    });
    const users = await system.api('GET', '/users/list', { token: admin.token });
    expect(users.body).toHaveLength(2);
  });

  it('users: a deleted user frees his seat', async () => {
    const users = (await system.api('GET', '/users/list', { token: admin.token })).body;
    const agent = users.find((u: any) => u.email !== 'dono@limitada.dev');
    const del = await system.api('DELETE', `/users/${agent.id}`, { token: admin.token });
    expect(del.status).toBe(200);
    const again = await post('/users', {
      name: 'Agente 4',
      email: 'agente4@limitada.dev',
      password: 'senha1',
    });
    expect(again.status).toBe(201);
  });

  it('queues: of three creations at once, exactly one passes', async () => {
    const colours = ['#FF0000', '#00FF00', '#0000FF'];
    const rs = await Promise.all(colours.map((color, i) => post('/queue', { name: `Fila ${i}`, color })));
    expect(outcome(rs)).toEqual({
      created: 1,
      refused: Array(2).fill('409 ERR_QUEUE_LIMIT_REACHED the plan allows 1 queues'),
    });
  });

  it('connections: of three creations at once, exactly one passes', async () => {
    const rs = await Promise.all(
      [1, 2, 3].map((i) => post('/whatsapp', { name: `Conexão ${i}`, provider: 'simulator' })),
    );
    expect(outcome(rs)).toEqual({
      created: 1,
      refused: Array(2).fill('409 ERR_CONNECTION_LIMIT_REACHED the plan allows 1 connections'),
    });
  });

  it('the usage is readable beside the limits (GET /companies/listPlan/{companyId})', async () => {
    const me = await system.api('GET', '/auth/me', { token: admin.token });
    const r = await system.api('GET', `/companies/listPlan/${me.body.companyId}`, { token: admin.token });
    expect(r.body.plan).toMatchObject({ id: limitedPlanId, users: 2, connections: 1, queues: 1 });
  });
});
