import { createHmac, randomBytes, scryptSync } from 'node:crypto';
import { SESSION_ENDED_CLOSE_CODE } from '@zelo/services/api/socket-gateway';
import { resolveSecret } from '@zelo/services/auth/sessions';
import { newId } from '@zelo/services/platform/ids';
import { eventually } from '@zelo/services/testing/eventually';
import { createUser } from '@zelo/services/users/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser, openSocket, readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Issue 7's probe, as an attacker and as the users around him would see it: a signing secret nobody
// else knows, logins throttled, sessions that end when the user is deleted, demoted, re-passworded or
// logs in elsewhere, a refresh cookie that is Secure behind HTTPS, password hashes at today's cost.

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** An HS256 JWT signed with `secret`, as anyone who knows the secret could write one. */
function forge(secret: string, claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ ...claims, iat: now, exp: now + 600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

let system: TestSystem;
let admin: { token: string; cookie: string };

/** POST /auth/login from a given client address (the system trusts x-forwarded-for in these tests). */
async function loginFrom(
  address: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${system.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
    body: JSON.stringify({ email, password }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

let userCount = 0;
const newUser = (profile: 'admin' | 'user' = 'user') =>
  newLoggedInUser(system, admin.token, {
    name: `Sessão ${++userCount}`,
    email: `sessao${userCount}@sessions.dev`,
    profile,
  });

const refresh = (cookie: string) => system.api('POST', '/auth/refresh_token', { cookie });

beforeAll(async () => {
  // TRUST_PROXY: the tests play several client addresses (x-forwarded-for) and an HTTPS proxy.
  // Hashes at 2^13, above the test default (2^12): the rehash test stores a 2^12 hash.
  system = await startTestSystem({ env: { TRUST_PROXY: 'true', ZELO_PASSWORD_HASH_LOG2N: '13' } });
  admin = await system.login(DEMO.email, DEMO.password);
}, 90_000);
afterAll(async () => system?.close());

describe('the signing secret', () => {
  it('is not the constant the repository used to ship: a token signed with it is refused', async () => {
    const forged = forge('zelo-development-secret-change-me', {
      id: DEMO.adminId,
      companyId: DEMO.companyId,
      profile: 'admin',
      super: true,
    });
    const r = await system.api('GET', '/auth/me', { token: forged });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('is generated once per database: a second system on the same database accepts the first one’s tokens', async () => {
    const second = await startTestSystem({
      databaseUrl: system.databaseUrl,
      env: { ZELO_ROLES: 'api', ZELO_PASSWORD_HASH_LOG2N: '13' },
    });
    try {
      const me = await second.api('GET', '/auth/me', { token: admin.token });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(DEMO.adminId);
    } finally {
      await second.close({ keepDatabase: true });
    }
  }, 60_000);

  it('processes starting at once agree on one generated secret', async () => {
    const name = `race-${randomBytes(4).toString('hex')}`;
    const secrets = await Promise.all(
      Array.from({ length: 6 }, () => resolveSecret(system.ctx.pool, name, null)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(48);
  });
});

describe('login throttling', () => {
  it('the 11th attempt after 10 wrong passwords answers 429 even with the right password; other accounts are not locked', async () => {
    const victim = await newUser();
    const address = '203.0.113.10';
    for (let i = 0; i < 10; i++) {
      const wrong = await loginFrom(address, victim.email, `wrong-${i}`);
      expect(wrong.status).toBe(401);
    }
    const right = await loginFrom(address, victim.email, 'senha123');
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('ERR_TOO_MANY_LOGIN_ATTEMPTS');
    expect(right.body.token).toBeUndefined();
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // From another address too: the account is what is throttled.
    expect((await loginFrom('198.51.100.7', victim.email, 'senha123')).status).toBe(429);
    // Another account from the same address is not locked by it.
    const bystander = await newUser();
    expect((await loginFrom(address, bystander.email, 'senha123')).status).toBe(200);
  });

  it('one address guessing across many accounts is throttled (100 failures), other addresses are not', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 100; i++) {
      const r = await loginFrom(address, `ghost${i}@nowhere.dev`, 'guess123');
      expect(r.status).toBe(401);
    }
    const blocked = await loginFrom(address, DEMO.email, DEMO.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('ERR_TOO_MANY_LOGIN_ATTEMPTS');
    expect((await loginFrom('203.0.113.78', DEMO.email, DEMO.password)).status).toBe(200);
    admin = await system.login(DEMO.email, DEMO.password);
  }, 60_000);

  it('the sign-up is limited per address: the 11th in an hour answers 429 ERR_RATE_LIMITED with Retry-After', async () => {
    const signUp = (address: string) =>
      fetch(`${system.url}/companies/cadastro`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ name: 'x' }),
      });
    for (let i = 0; i < 10; i++) expect((await signUp('203.0.113.90')).status).toBe(400);
    const over = await signUp('203.0.113.90');
    expect(over.status).toBe(429);
    expect((await over.json()).error).toBe('ERR_RATE_LIMITED');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signUp('203.0.113.91')).status).toBe(400);
  });
});

describe('sessions follow the user', () => {
  it('a deleted user: the token answers 403 ERR_SESSION_EXPIRED, the refresh fails, the socket closes', async () => {
    const gone = await newUser();
    const socket = await readySocket(system, gone.token);
    const del = await system.api('DELETE', `/users/${gone.id}`, { token: admin.token });
    expect(del.status).toBe(200);
    const me = await system.api('GET', '/tickets?status=open', { token: gone.token });
    expect(me.status).toBe(403);
    expect(me.body.error).toBe('ERR_SESSION_EXPIRED');
    const r = await refresh(gone.cookie);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    expect(await socket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
    // And it cannot open a new one.
    expect(await openSocket(system, gone.token).closed).toBe('refused');
  });

  it('a demoted admin is refused admin routes at once, his refresh fails and his socket closes', async () => {
    const boss = await newUser('admin');
    const before = await system.api('POST', '/queue', {
      token: boss.token,
      body: { name: 'Fila do chefe', color: '#123456', greetingMessage: '' },
    });
    expect(before.status).toBe(201);
    const socket = await readySocket(system, boss.token);
    const demote = await system.api('PUT', `/users/${boss.id}`, {
      token: admin.token,
      body: { name: 'Ex-chefe', email: boss.email, profile: 'user', queueIds: [] },
    });
    expect(demote.status).toBe(200);
    const after = await system.api('POST', '/queue', {
      token: boss.token,
      body: { name: 'Outra fila', color: '#654321', greetingMessage: '' },
    });
    // His session ended with the demotion (the browser starts again as what he now is): 403, refresh.
    expect(after.status).toBe(403);
    expect(after.body.error).toBe('ERR_SESSION_EXPIRED');
    const queues = await system.api('GET', '/queue', { token: admin.token });
    expect(queues.body.map((q: { name: string }) => q.name)).not.toContain('Outra fila');
    expect((await refresh(boss.cookie)).status).toBe(401);
    expect(await socket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
  });

  it('an admin setting a user’s password ends that user’s sessions (token, refresh, socket) without his current password', async () => {
    const agent = await newUser();
    const socket = await readySocket(system, agent.token);
    const set = await system.api('PUT', `/users/${agent.id}`, {
      token: admin.token,
      body: { name: 'Agente', email: agent.email, password: 'nova-senha-1' },
    });
    expect(set.status).toBe(200);
    expect((await system.api('GET', '/auth/me', { token: agent.token })).status).toBe(403);
    // GraphQL too: the old token reads no audit history.
    const history = await system.api('POST', '/graphql', {
      token: agent.token,
      body: { query: `{ ticketHistory(ticketId: "${newId()}") { type } }` },
    });
    expect(history.body.errors?.[0]?.extensions?.code).toBe('ERR_SESSION_EXPIRED');
    expect((await refresh(agent.cookie)).status).toBe(401);
    expect(await socket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
    expect(
      (await system.api('POST', '/auth/login', { body: { email: agent.email, password: 'nova-senha-1' } }))
        .status,
    ).toBe(200);
  });

  it('changing one’s own password needs the current one, and ends the other sessions but not this one', async () => {
    const user = await newUser();
    const old = user; // a first browser: the second login already ends it (token, refresh, socket)
    const oldSocket = await readySocket(system, old.token);
    const here = await system.login(user.email, 'senha123');
    const body = { name: 'Eu', email: user.email, password: 'minha-nova-1' };
    const none = await system.api('PUT', `/users/${user.id}`, { token: here.token, body });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('ERR_WRONG_PASSWORD');
    const wrong = await system.api('PUT', `/users/${user.id}`, {
      token: here.token,
      body: { ...body, currentPassword: 'not-it' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('ERR_WRONG_PASSWORD');
    // Nothing changed: the old password still logs in... (checked last, a login ends other sessions)
    const ok = await system.api('PUT', `/users/${user.id}`, {
      token: here.token,
      body: { ...body, currentPassword: 'senha123' },
    });
    expect(ok.status).toBe(200);
    // The other browser: token refused, socket closed.
    expect((await system.api('GET', '/auth/me', { token: old.token })).status).toBe(403);
    expect(await oldSocket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
    // This one goes on: its token and its refresh work.
    expect((await system.api('GET', '/auth/me', { token: here.token })).status).toBe(200);
    const r = await refresh(here.cookie);
    expect(r.status).toBe(200);
    expect((await system.api('GET', '/auth/me', { token: r.body.token })).status).toBe(200);
    expect(
      (await system.api('POST', '/auth/login', { body: { email: user.email, password: 'senha123' } })).status,
    ).toBe(401);
  });

  it('a socket closes when its token expires', async () => {
    const agent = await newUser();
    const claims = JSON.parse(Buffer.from(agent.token.split('.')[1] ?? '', 'base64url').toString());
    const { iat: _i, exp: _e, ...rest } = claims;
    const shortLived = system.app!.jwt.sign(rest, { expiresIn: 2 });
    const socket = await readySocket(system, shortLived);
    const started = Date.now();
    expect(await socket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'token expired' });
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe('a login elsewhere', () => {
  it('ends the first browser’s session: its socket is told, its refresh fails with ERR_SESSION_EXPIRED', async () => {
    const user = await newUser();
    const first = user;
    const socket = await readySocket(system, first.token);
    const second = await system.login(user.email, 'senha123');
    await eventually(
      async () =>
        socket.frames.some(
          (f) => f.event === `company-${DEMO.companyId}-auth` && f.data?.user?.id === user.id,
        ),
      8_000,
      'auth push',
    );
    const r = await refresh(first.cookie);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await refresh(second.cookie)).status).toBe(200);
    socket.ws.close();
  });
});

describe('the refresh cookie', () => {
  it('is Secure when the request came over HTTPS (a trusted proxy’s x-forwarded-proto), not on plain http', async () => {
    const user = await newUser();
    const plain = await loginFrom('192.0.2.1', user.email, 'senha123');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
    const https = await loginFrom('192.0.2.1', user.email, 'senha123', { 'x-forwarded-proto': 'https' });
    expect(https.status).toBe(200);
    expect(https.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });
});

describe('password hashes', () => {
  it('an older, cheaper hash logs in and is replaced by one at today’s cost', async () => {
    const salt = randomBytes(16);
    const hash = scryptSync('antiga1', salt, 32, { N: 2 ** 12, r: 8, p: 1 });
    const legacy = `scrypt$ln=12,r=8,p=1$${salt.toString('base64')}$${hash.toString('base64')}`;
    const userId = newId();
    const email = 'legado@sessions.dev';
    await createUser(
      system.deps,
      {
        userId,
        companyId: DEMO.companyId,
        name: 'Legado',
        email,
        passwordHash: legacy,
        profile: 'user',
        super: false,
        allTicket: 'desabled',
        whatsappId: null,
        queueIds: [],
      },
      { companyId: DEMO.companyId, actor: 'system:test' },
    );
    await eventually(
      async () =>
        (await system.api('POST', '/auth/login', { body: { email, password: 'antiga1' } })).status === 200,
    );
    const stored = await eventually(async () => {
      const { rows } = await system.ctx.pool.query('SELECT password_hash FROM users WHERE id = $1', [userId]);
      return rows[0]?.password_hash.startsWith('scrypt$ln=13,') ? rows[0].password_hash : null;
    });
    expect(stored).toMatch(/^scrypt\$ln=13,r=8,p=1\$/);
    expect((await system.api('POST', '/auth/login', { body: { email, password: 'antiga1' } })).status).toBe(
      200,
    );
  });
});
