import { handle } from '@zelo/services/platform/command-handler';
import { decideUser, evolveUser, initialUserState } from '@zelo/services/users/domain/user';
import { userStreamId } from '@zelo/services/users/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// E-mails are unique across the platform (login is by e-mail): a user's e-mail is claimed when the
// user is created, moves with an e-mail change and is freed by the user's deletion, each in the same
// append as the user's own event.
let system: TestSystem;
let token: string;

beforeAll(async () => {
  system = await startTestSystem();
  token = (await system.login(DEMO.email, DEMO.password)).token;
}, 60_000);
afterAll(async () => system?.close());

const create = (email: string) =>
  system.api('POST', '/users', { token, body: { name: 'Agente Claim', email, password: 'segredo1' } });
const edit = (id: string, email: string) =>
  system.api('PUT', `/users/${id}`, { token, body: { name: 'Agente Claim', email } });
const loginStatus = async (email: string, password = 'segredo1') =>
  (await system.api('POST', '/auth/login', { body: { email, password } })).status;
/** Events appended by people (background work writes as `system:*`). */
const eventCount = async () =>
  Number(
    (
      await system.ctx.pool.query(
        `SELECT count(*) AS n FROM es_events WHERE metadata->>'actor' NOT LIKE 'system:%'`,
      )
    ).rows[0].n,
  );

describe("a user's e-mail claim", () => {
  it('changing the e-mail to a taken one answers 409 ERR_DUPLICATED_EMAIL and changes nothing', async () => {
    const ana = await create('ana@claims.dev');
    const bia = await create('bia@claims.dev');
    expect([ana.status, bia.status]).toEqual([201, 201]);
    const before = await eventCount();
    const r = await edit(ana.body.id, 'BIA@claims.dev');
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('ERR_DUPLICATED_EMAIL');
    expect(await eventCount()).toBe(before);
    const still = await system.api('GET', `/users/${ana.body.id}`, { token });
    expect(still.body.email).toBe('ana@claims.dev');
    expect(await loginStatus('ana@claims.dev')).toBe(200);
  });

  it('changing the e-mail claims the new one and frees the old one', async () => {
    const caio = await create('caio@claims.dev');
    const r = await edit(caio.body.id, 'caio.novo@claims.dev');
    expect(r.status).toBe(200);
    expect(r.body.email).toBe('caio.novo@claims.dev');
    expect(await loginStatus('caio.novo@claims.dev')).toBe(200);
    expect(await loginStatus('caio@claims.dev')).toBe(401);
    // The new address is taken now (by anyone else, in any company) ...
    const again = await create('caio.novo@claims.dev');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_EMAIL');
    // ... and the old one is free for a new user.
    const old = await create('caio@claims.dev');
    expect(old.status).toBe(201);
    expect(await loginStatus('caio@claims.dev')).toBe(200);
  });

  it('deleting a user frees the e-mail: a new user and a new sign-up may take it', async () => {
    const davi = await create('davi@claims.dev');
    expect((await system.api('DELETE', `/users/${davi.body.id}`, { token })).status).toBe(200);
    const back = await create('davi@claims.dev');
    expect(back.status).toBe(201);
    expect(await loginStatus('davi@claims.dev')).toBe(200);

    const edu = await create('edu@claims.dev');
    expect((await system.api('DELETE', `/users/${edu.body.id}`, { token })).status).toBe(200);
    const plans = await system.api('GET', '/plans/list');
    const signUp = await system.api('POST', '/companies/cadastro', {
      body: {
        name: 'Empresa Edu',
        email: 'edu@claims.dev',
        phone: '11988880000',
        password: 'senhaE1',
        planId: plans.body[0].id,
      },
    });
    expect(signUp.status).toBe(201);
    expect(await loginStatus('edu@claims.dev', 'senhaE1')).toBe(200);
  });

  it('a claim still held by a user deleted before deletions released it is taken over', async () => {
    const fabi = await create('fabi@claims.dev');
    // The deletion as it was written before: the user's event alone, the claim left behind.
    await handle(
      system.ctx.deps,
      userStreamId(fabi.body.id),
      { initialState: initialUserState, evolve: evolveUser },
      (s) => decideUser({ type: 'DeleteUser' }, s),
      { companyId: DEMO.companyId, actor: DEMO.adminId },
    );
    const gabi = await create('gabi@claims.dev');
    const moved = await edit(gabi.body.id, 'fabi@claims.dev');
    expect(moved.status).toBe(200);
    expect(await loginStatus('fabi@claims.dev')).toBe(200);
  });
});
