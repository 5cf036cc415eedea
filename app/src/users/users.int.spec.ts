import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../testing/system.ts';
import { type Tenant, twoCompanies } from '../testing/two-companies.ts';

// Doc 1 §5 user form, §6 roles, §3 settings (user creation) and the plan's user count.
let system: TestSystem;
let a: Tenant;
let b: Tenant;
let plain: Tenant;

beforeAll(async () => {
  system = await startTestSystem();
  ({ a, b, plain } = await twoCompanies(system, 'users'));
}, 60_000);
afterAll(async () => system?.close());

const newUser = (email: string) => ({ name: 'Novo Agente', email, password: 'segredo1' });

describe('Users', () => {
  it('a new user gets the defaults: profile user, allTicket desabled', async () => {
    const r = await system.api('POST', '/users', { token: a.token, body: newUser('novo@users-a.dev') });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ profile: 'user', allTicket: 'desabled', queueIds: [] });
  });

  it('refuses a short name, a short password and an invalid e-mail with ERR_VALIDATION', async () => {
    for (const body of [
      { ...newUser('x1@users-a.dev'), name: 'A' },
      { ...newUser('x2@users-a.dev'), password: '1234' },
      { ...newUser('x3@users-a.dev'), email: 'not-an-email' },
    ]) {
      const r = await system.api('POST', '/users', { token: a.token, body });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('the search finds users by name, paginated', async () => {
    const r = await system.api('GET', '/users?searchParam=agente&pageNumber=1', { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body.users.map((u: any) => u.name)).toEqual(expect.arrayContaining(['Agente A', 'Novo Agente']));
    expect(r.body.hasMore).toBe(false);
  });

  it('a plain user cannot create users (403) and cannot raise their own profile', async () => {
    const r = await system.api('POST', '/users', { token: plain.token, body: newUser('x4@users-a.dev') });
    expect(r.status).toBe(403);
    const self = await system.api('PUT', `/users/${plain.user.id}`, {
      token: plain.token,
      body: {
        name: 'Agente Renomeado',
        email: plain.user.email,
        profile: 'admin',
        allTicket: 'enabled',
        queueIds: [],
      },
    });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ name: 'Agente Renomeado', profile: 'user', allTicket: 'desabled' });
    expect(self.body.queueIds).toHaveLength(1);
  });

  it('a plain user may change their own password, giving the current one, and logs in with it', async () => {
    const body = { name: 'Agente Renomeado', email: plain.user.email, password: 'novasenha' };
    const without = await system.api('PUT', `/users/${plain.user.id}`, { token: plain.token, body });
    expect(without.status).toBe(400);
    expect(without.body.error).toBe('ERR_WRONG_PASSWORD');
    const r = await system.api('PUT', `/users/${plain.user.id}`, {
      token: plain.token,
      body: { ...body, currentPassword: 'agente1' },
    });
    expect(r.status).toBe(200);
    await expect(system.login(plain.user.email, 'novasenha')).resolves.toBeTruthy();
  });

  it("another company's admin cannot read, edit or delete A's users (404), and A's user is unchanged", async () => {
    const path = `/users/${plain.user.id}`;
    expect((await system.api('GET', path, { token: b.token })).status).toBe(404);
    const put = await system.api('PUT', path, {
      token: b.token,
      body: { name: 'Hacked', email: plain.user.email },
    });
    expect(put.status).toBe(404);
    expect((await system.api('DELETE', path, { token: b.token })).status).toBe(404);
    const list = await system.api('GET', '/users', { token: b.token });
    expect(list.body.users.map((u: any) => u.id)).not.toContain(plain.user.id);
    expect((await system.api('GET', path, { token: a.token })).body.name).toBe('Agente Renomeado');
  });

  it('B cannot give its user a queue of A (ERR_NO_QUEUE_FOUND)', async () => {
    const queues = await system.api('GET', '/queue', { token: a.token });
    const r = await system.api('POST', '/users', {
      token: b.token,
      body: { ...newUser('x5@users-b.dev'), queueIds: [queues.body[0].id] },
    });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('ERR_NO_QUEUE_FOUND');
  });

  it('with user creation disabled, creating a user answers ERR_USER_CREATION_DISABLED', async () => {
    const off = await system.api('PUT', '/settings/userCreation', {
      token: b.token,
      body: { value: 'disabled' },
    });
    expect(off.status).toBe(200);
    const r = await system.api('POST', '/users', { token: b.token, body: newUser('x6@users-b.dev') });
    expect(r.body.error).toBe('ERR_USER_CREATION_DISABLED');
    // Company A's setting is its own: A still creates users.
    const inA = await system.api('POST', '/users', { token: a.token, body: newUser('x7@users-a.dev') });
    expect(inA.status).toBe(201);
    await system.api('PUT', '/settings/userCreation', { token: b.token, body: { value: 'enabled' } });
  });

  it("the plan's user count is a limit: ERR_USER_LIMIT_REACHED naming it once reached", async () => {
    const me = await system.api('GET', `/users/${b.user.id}`, { token: b.token });
    expect(me.status).toBe(200);
    const limit = (await system.api('GET', '/plans/list')).body[0].users as number;
    for (let i = 1; i < limit; i++) {
      const r = await system.api('POST', '/users', {
        token: b.token,
        body: newUser(`limit${i}@users-b.dev`),
      });
      expect(r.status).toBe(201);
    }
    const over = await system.api('POST', '/users', { token: b.token, body: newUser('over@users-b.dev') });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('ERR_USER_LIMIT_REACHED');
    expect(over.body.message).toBe(`the plan allows ${limit} users`);
  });
});
