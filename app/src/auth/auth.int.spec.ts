import { createHash } from 'node:crypto';
import { REUSE_GRACE_SECONDS } from '@zelo/services/auth/refresh-tokens';
import { fixedClock } from '@zelo/services/platform/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Sessions as the web app lives them (doc 1 §4 Session, §7 Auth, §8): log in, refresh on a 403,
// fall back to the login screen on a 401.

const cookieOf = (headers: Headers) => (headers.get('set-cookie') ?? '').split(';')[0];
/** The stored hash of a `jrt=...` cookie's token (the table keeps only hashes). */
const tokenHash = (cookie: string) =>
  createHash('sha256').update(cookie.replace(/^jrt=/, '')).digest('base64url');
const cookieValue = (cookie: string) => cookie.split('=').slice(1).join('=');

describe('auth', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem();
  });
  afterAll(async () => {
    await system?.close();
  });

  describe('login', () => {
    it('answers a token and the user with the company due date and settings', async () => {
      const r = await system.api('POST', '/auth/login', {
        body: { email: DEMO.email, password: DEMO.password },
      });
      expect(r.status).toBe(200);
      expect(typeof r.body.token).toBe('string');
      expect(r.body.token.split('.')).toHaveLength(3);
      const { user } = r.body;
      expect(user.id).toBe(DEMO.adminId);
      expect(user.companyId).toBe(DEMO.companyId);
      expect(user.email).toBe(DEMO.email);
      expect(user).not.toHaveProperty('passwordHash');
      expect(user).not.toHaveProperty('password');
      expect(user.company.id).toBe(DEMO.companyId);
      expect(Number.isNaN(new Date(user.company.dueDate).getTime())).toBe(false);
      expect(new Date(user.company.dueDate).getTime()).toBeGreaterThan(Date.now());
      expect(Array.isArray(user.company.settings)).toBe(true);
      for (const s of user.company.settings) {
        expect(typeof s.key).toBe('string');
        expect(typeof s.value).toBe('string');
      }
      // The refresh token travels only as an http-only cookie scoped to /auth.
      const setCookie = r.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^jrt=[^;]+/);
      expect(setCookie.toLowerCase()).toContain('httponly');
      expect(setCookie).toContain('Path=/auth');
      expect(JSON.stringify(r.body)).not.toContain(cookieValue(cookieOf(r.headers)));
    });

    it('accepts the e-mail in any case and with surrounding spaces', async () => {
      const r = await system.api('POST', '/auth/login', {
        body: { email: `  ${DEMO.email.toUpperCase()} `, password: DEMO.password },
      });
      expect(r.status).toBe(200);
      expect(r.body.user.id).toBe(DEMO.adminId);
    });

    it('the token opens /auth/me', async () => {
      const { token } = await system.login(DEMO.email, DEMO.password);
      const me = await system.api('GET', '/auth/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(DEMO.adminId);
      expect(me.body.company.dueDate).toBeTruthy();
    });

    it('a wrong password is 401 ERR_INVALID_CREDENTIALS and sets no cookie', async () => {
      const r = await system.api('POST', '/auth/login', {
        body: { email: DEMO.email, password: 'wrong-password' },
      });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('ERR_INVALID_CREDENTIALS');
      expect(r.body.token).toBeUndefined();
      expect(r.headers.get('set-cookie')).toBeNull();
    });

    it('an unknown e-mail gets the same 401 ERR_INVALID_CREDENTIALS (no account enumeration)', async () => {
      const wrongPassword = await system.api('POST', '/auth/login', {
        body: { email: DEMO.email, password: 'nope-nope' },
      });
      const unknown = await system.api('POST', '/auth/login', {
        body: { email: 'nobody@nowhere.dev', password: 'nope-nope' },
      });
      expect(unknown.status).toBe(401);
      expect(unknown.body.error).toBe('ERR_INVALID_CREDENTIALS');
      expect(unknown.body.message).toBe(wrongPassword.body.message);
    });

    it.each([
      ['no body', undefined],
      ['an empty object', {}],
      ['no email', { password: 'admin123' }],
      ['no password', { email: DEMO.email }],
      ['an invalid email', { email: 'not-an-email', password: 'admin123' }],
      ['an empty password', { email: DEMO.email, password: '' }],
      ['an extra-long password', { email: DEMO.email, password: 'x'.repeat(10_000) }],
      ['an extra-long email', { email: `${'a'.repeat(500)}@zelo.dev`, password: 'admin123' }],
      ['numbers instead of strings', { email: 42, password: 42 }],
      ['an array', [DEMO.email, DEMO.password]],
      ['a string', 'admin@zelo.dev'],
      ['null', null],
    ])('a bad body (%s) is 400 ERR_VALIDATION, never 500', async (_name, body) => {
      const r = await system.api('POST', '/auth/login', { body });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
      expect(typeof r.body.message).toBe('string');
    });

    it('malformed JSON is 400 ERR_VALIDATION, never 500', async () => {
      const res = await fetch(`${system.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": "admin@zelo.dev", "password": ',
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('ERR_VALIDATION');
    });

    it('names the failing fields', async () => {
      const r = await system.api('POST', '/auth/login', { body: { email: 'not-an-email', password: '' } });
      expect(r.status).toBe(400);
      const fields = (r.body.details?.fields ?? []).map((f: { field: string }) => f.field);
      expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
    });
  });

  describe('refresh', () => {
    it('the cookie buys a new token and the cookie is rotated', async () => {
      const session = await system.login(DEMO.email, DEMO.password);
      const r = await system.api('POST', '/auth/refresh_token', { cookie: session.cookie });
      expect(r.status).toBe(200);
      expect(typeof r.body.token).toBe('string');
      expect(r.body.user.id).toBe(DEMO.adminId);
      expect(r.body.user.company.dueDate).toBeTruthy();
      const rotated = cookieOf(r.headers);
      expect(rotated).toMatch(/^jrt=.+/);
      expect(rotated).not.toBe(session.cookie);
      // The new token works.
      const me = await system.api('GET', '/auth/me', { token: r.body.token });
      expect(me.status).toBe(200);
      // And the rotated cookie refreshes again.
      const again = await system.api('POST', '/auth/refresh_token', { cookie: rotated });
      expect(again.status).toBe(200);
      expect(cookieOf(again.headers)).not.toBe(rotated);
    });

    it('without a cookie is 401 ERR_SESSION_EXPIRED', async () => {
      const r = await system.api('POST', '/auth/refresh_token');
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    });

    it('an unknown cookie is 401 ERR_SESSION_EXPIRED', async () => {
      const r = await system.api('POST', '/auth/refresh_token', { cookie: 'jrt=made-up-token' });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    });

    it('a cookie rotated moments ago refreshes again (two tabs, a cut reload): both cookies then work', async () => {
      const session = await system.login(DEMO.email, DEMO.password);
      const first = await system.api('POST', '/auth/refresh_token', { cookie: session.cookie });
      expect(first.status).toBe(200);
      // The second tab (or the reloaded page that never got the first answer) presents the same cookie.
      const second = await system.api('POST', '/auth/refresh_token', { cookie: session.cookie });
      expect(second.status).toBe(200);
      expect((await system.api('GET', '/auth/me', { token: second.body.token })).status).toBe(200);
      const [a, b] = [cookieOf(first.headers), cookieOf(second.headers)];
      expect(a).not.toBe(b);
      // Each rotated cookie goes on working: neither tab is logged out.
      expect((await system.api('POST', '/auth/refresh_token', { cookie: a })).status).toBe(200);
      expect((await system.api('POST', '/auth/refresh_token', { cookie: b })).status).toBe(200);
    });

    it('reusing a cookie rotated longer ago than the grace window is 401 and revokes the whole family', async () => {
      const session = await system.login(DEMO.email, DEMO.password);
      const first = await system.api('POST', '/auth/refresh_token', { cookie: session.cookie });
      expect(first.status).toBe(200);
      const newer = cookieOf(first.headers);
      // The first use happened a minute ago (past REUSE_GRACE_SECONDS).
      await system.ctx.pool.query(
        `UPDATE auth_refresh_tokens SET used_at = now() - make_interval(secs => $1) WHERE used_at IS NOT NULL
            AND family_id = (SELECT family_id FROM auth_refresh_tokens WHERE token_hash = $2)`,
        [REUSE_GRACE_SECONDS + 30, tokenHash(session.cookie)],
      );

      const replay = await system.api('POST', '/auth/refresh_token', { cookie: session.cookie });
      expect(replay.status).toBe(401);
      expect(replay.body.error).toBe('ERR_SESSION_EXPIRED');

      const afterTheft = await system.api('POST', '/auth/refresh_token', { cookie: newer });
      expect(afterTheft.status).toBe(401);
      expect(afterTheft.body.error).toBe('ERR_SESSION_EXPIRED');
      expect((await system.api('GET', '/auth/me', { token: first.body.token })).status).toBe(403);
    });

    it('tokens expired more than a day ago are swept as new ones are issued; live ones stay', async () => {
      const old = await system.login(DEMO.email, DEMO.password);
      const pool = system.ctx.pool;
      await pool.query(
        `UPDATE auth_refresh_tokens SET expires_at = now() - interval '2 days' WHERE token_hash = $1`,
        [tokenHash(old.cookie)],
      );
      const live = await system.login(DEMO.email, DEMO.password);
      const left = async (cookie: string) =>
        (await pool.query('SELECT 1 FROM auth_refresh_tokens WHERE token_hash = $1', [tokenHash(cookie)]))
          .rowCount;
      expect(await left(old.cookie)).toBe(0);
      expect(await left(live.cookie)).toBe(1);
    });

    it('a login elsewhere ends the earlier login: its refresh is 401 ERR_SESSION_EXPIRED (doc 1 §4)', async () => {
      const laptop = await system.login(DEMO.email, DEMO.password);
      const phone = await system.login(DEMO.email, DEMO.password);
      const r = await system.api('POST', '/auth/refresh_token', { cookie: laptop.cookie });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
      expect((await system.api('POST', '/auth/refresh_token', { cookie: phone.cookie })).status).toBe(200);
    });

    it('two simultaneous refreshes with one cookie both succeed, in the same login', async () => {
      const session = await system.login(DEMO.email, DEMO.password);
      const results = await Promise.all([
        system.api('POST', '/auth/refresh_token', { cookie: session.cookie }),
        system.api('POST', '/auth/refresh_token', { cookie: session.cookie }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      // One logout ends both: they are one session (refresh family), not two.
      expect(
        (await system.api('DELETE', '/auth/logout', { cookie: cookieOf(results[0].headers) })).status,
      ).toBe(204);
      expect(
        (await system.api('POST', '/auth/refresh_token', { cookie: cookieOf(results[1].headers) })).status,
      ).toBe(401);
    });
  });

  describe('logout', () => {
    it('revokes the refresh cookie and clears it', async () => {
      const session = await system.login(DEMO.email, DEMO.password);
      const out = await system.api('DELETE', '/auth/logout', { cookie: session.cookie });
      expect(out.status).toBe(204);
      const cleared = out.headers.get('set-cookie') ?? '';
      expect(cleared).toMatch(/^jrt=;/);
      const r = await system.api('POST', '/auth/refresh_token', { cookie: session.cookie });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    });

    it('also revokes cookies already rotated from that login', async () => {
      const session = await system.login(DEMO.email, DEMO.password);
      const rotated = cookieOf(
        (await system.api('POST', '/auth/refresh_token', { cookie: session.cookie })).headers,
      );
      expect((await system.api('DELETE', '/auth/logout', { cookie: rotated })).status).toBe(204);
      expect((await system.api('POST', '/auth/refresh_token', { cookie: rotated })).status).toBe(401);
    });

    it('without a cookie is still a clean 204', async () => {
      const out = await system.api('DELETE', '/auth/logout');
      expect(out.status).toBe(204);
    });
  });

  describe('/auth/me', () => {
    it('without a token is 401 (the client logs out)', async () => {
      const r = await system.api('GET', '/auth/me');
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    });

    it('with a garbage token is 403 ERR_SESSION_EXPIRED (the client tries one refresh)', async () => {
      const r = await system.api('GET', '/auth/me', { token: 'garbage.token.here' });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    });

    it('with a token signed by someone else is 403', async () => {
      const { token } = await system.login(DEMO.email, DEMO.password);
      const [h, p] = token.split('.');
      const forged = `${h}.${p}.${'A'.repeat(43)}`;
      const r = await system.api('GET', '/auth/me', { token: forged });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    });
  });
});

describe('auth with an expired subscription', () => {
  // The clock is injected: sign up now, then move time past the three-day trial.
  const start = new Date();
  const clock = fixedClock(start.toISOString());
  let system: TestSystem;
  let trialCookie = '';

  beforeAll(async () => {
    system = await startTestSystem({ clock });
  });
  afterAll(async () => {
    await system?.close();
  });

  it('login is refused with 401 ERR_SUBSCRIPTION_EXPIRED naming the due date dd/MM/yyyy', async () => {
    const plans = await system.api('GET', '/plans/list');
    expect(plans.status).toBe(200);
    const email = 'owner@expired.dev';
    const signUp = await system.api('POST', '/companies/cadastro', {
      body: {
        name: 'Expirada Ltda',
        email,
        phone: '(11) 98888-7777',
        password: 'secret1',
        planId: plans.body[0].id,
      },
    });
    expect(signUp.status).toBe(201);
    const dueDate = new Date(signUp.body.dueDate);
    // Trial: three days ahead of the (injected) clock.
    const days = (dueDate.getTime() - start.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(2);
    expect(days).toBeLessThanOrEqual(4);

    // Still in trial: login works.
    const during = await system.api('POST', '/auth/login', { body: { email, password: 'secret1' } });
    expect(during.status).toBe(200);
    trialCookie = cookieOf(during.headers);

    clock.set(new Date(start.getTime() + 10 * 86_400_000).toISOString());
    const r = await system.api('POST', '/auth/login', { body: { email, password: 'secret1' } });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    const dd = String(dueDate.getUTCDate()).padStart(2, '0');
    const mm = String(dueDate.getUTCMonth() + 1).padStart(2, '0');
    expect(r.body.message).toContain(`${dd}/${mm}/${dueDate.getUTCFullYear()}`);
    expect(r.body.token).toBeUndefined();
    expect(r.headers.get('set-cookie')).toBeNull();
  });

  // Regression test for a bug found while writing this suite (now fixed).
  it('a refresh after the subscription expired is refused too (401 ERR_SUBSCRIPTION_EXPIRED)', async () => {
    expect(trialCookie).toMatch(/^jrt=.+/);
    const r = await system.api('POST', '/auth/refresh_token', { cookie: trialCookie });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });

  it('a wrong password on an expired company is still ERR_INVALID_CREDENTIALS (nothing leaks)', async () => {
    const r = await system.api('POST', '/auth/login', {
      body: { email: 'owner@expired.dev', password: 'not-it' },
    });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('ERR_INVALID_CREDENTIALS');
  });

  it('the super admin of the demo company still logs in (its due date is a year ahead)', async () => {
    const r = await system.api('POST', '/auth/login', {
      body: { email: DEMO.email, password: DEMO.password },
    });
    expect(r.status).toBe(200);
  });
});
