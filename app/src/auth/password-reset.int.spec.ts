import { randomBytes } from 'node:crypto';
import { fixedClock } from '@zelo/services/platform/clock';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetCodeOf, waitForMail } from '../testing/mailpit.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Password reset (doc 2 §2.21, BEHAVIOUR "Password reset"): a code e-mailed through the real SMTP
// server of the set-up (Mailpit) and read back from its inbox, as the user would.

const unique = (name: string) =>
  `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(4).toString('hex')}@reset.example`;
const path = (email: string, code: string, password: string) =>
  `/resetpasswords/${encodeURIComponent(email)}/${code}/${encodeURIComponent(password)}`;

async function newUser(system: TestSystem, adminToken: string, name: string, password = 'old-pass1') {
  const email = unique(name);
  const r = await system.api('POST', '/users', {
    token: adminToken,
    body: { name, email, password, profile: 'user' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { email, password, id: r.body.id as string };
}

/** Asks for a code and reads it from the e-mail (the `nth` e-mail to that address). */
async function codeFor(system: TestSystem, email: string, nth = 1) {
  const r = await system.api('POST', `/forgetpassword/${encodeURIComponent(email)}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return resetCodeOf(await waitForMail(email, nth));
}

describe('password reset', () => {
  let system: TestSystem;
  let admin: string;
  const logged: string[] = [];

  beforeAll(async () => {
    system = await startTestSystem({ logStream: { write: (line) => void logged.push(line) } });
    // A company of its own, on the plan with room for the users these tests create.
    admin = (await system.signUpCompany('Reset Co', unique('owner'), 'senha123', 2)).token;
  }, 60_000);
  afterAll(async () => system?.close());

  it('e-mails a code that sets the new password, and ends every session of the user', async () => {
    const ana = await newUser(system, admin, 'Ana Reset');
    const before = await system.login(ana.email, ana.password);

    const asked = await system.api('POST', `/forgetpassword/${encodeURIComponent(ana.email)}`);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ status: 'sent', expiresInMinutes: 15 });
    const mail = await waitForMail(ana.email);
    expect(mail.subject).toBe('Zelo: código para redefinir sua senha');
    expect(mail.text).toContain('Olá, Ana Reset.');
    expect(mail.text).toContain('15 minutos');
    expect(mail.html).toContain('/forgetpsw?email=');
    const code = resetCodeOf(mail);

    const reset = await system.api('POST', path(ana.email, code, 'Nova-Senha9'));
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toEqual({ status: 'updated' });

    // The old password no longer logs in; the new one does.
    const old = await system.api('POST', '/auth/login', {
      body: { email: ana.email, password: ana.password },
    });
    expect(old.status).toBe(401);
    const after = await system.login(ana.email, 'Nova-Senha9');
    expect(after.user.id).toBe(ana.id);
    // The session opened with the old password is over: its access token (403, the client then tries
    // its refresh) and its refresh cookie (401, back to the login).
    expect((await system.api('GET', '/auth/me', { token: before.token })).status).toBe(403);
    expect((await system.api('POST', '/auth/refresh_token', { cookie: before.cookie })).status).toBe(401);
    expect((await system.api('GET', '/auth/me', { token: after.token })).status).toBe(200);

    // The code was used up.
    const again = await system.api('POST', path(ana.email, code, 'Outra-Senha9'));
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('ERR_INVALID_RESET_CODE');
    await system.login(ana.email, 'Nova-Senha9');
  });

  it('writes the e-mail in the user language', async () => {
    const bea = await newUser(system, admin, 'Bea Reset');
    const { token } = await system.login(bea.email, bea.password);
    expect((await system.api('POST', '/users/set-language/es', { token })).status).toBeLessThan(300);
    await eventually(async () => (await system.api('GET', '/auth/me', { token })).body.language === 'es');
    await codeFor(system, bea.email);
    const mail = await waitForMail(bea.email);
    expect(mail.subject).toBe('Zelo: código para restablecer tu contraseña');
    expect(mail.text).toContain('Hola, Bea Reset.');
  });

  it('a new request replaces the code sent before', async () => {
    const caio = await newUser(system, admin, 'Caio Reset');
    const first = await codeFor(system, caio.email, 1);
    const second = await codeFor(system, caio.email, 2);
    if (first !== second) {
      const stale = await system.api('POST', path(caio.email, first, 'Nova-Senha9'));
      expect(stale.body.error).toBe('ERR_INVALID_RESET_CODE');
    }
    expect((await system.api('POST', path(caio.email, second, 'Nova-Senha9'))).status).toBe(200);
  });

  it('five wrong codes burn the code', async () => {
    const dora = await newUser(system, admin, 'Dora Reset');
    const code = await codeFor(system, dora.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await system.api('POST', path(dora.email, wrong, 'Nova-Senha9'));
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_INVALID_RESET_CODE');
    }
    const right = await system.api('POST', path(dora.email, code, 'Nova-Senha9'));
    expect(right.body.error).toBe('ERR_INVALID_RESET_CODE');
    // Nothing changed: the old password still logs in.
    await system.login(dora.email, dora.password);
  });

  it('refuses a weak new password without spending the code', async () => {
    const edu = await newUser(system, admin, 'Edu Reset');
    const code = await codeFor(system, edu.email);
    for (const weak of ['Curta1', 'semmaiuscula1', 'SEMMINUSCULA1', 'SemDigitos']) {
      const r = await system.api('POST', path(edu.email, code, weak));
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
      expect(r.body.message).toMatch(/^newPassword: /);
    }
    expect((await system.api('POST', path(edu.email, code, 'Forte-Senha1'))).status).toBe(200);
  });

  it('an unknown e-mail is 404 ERR_EMAIL_NOT_FOUND, and no code works for it', async () => {
    const nobody = unique('nobody');
    const r = await system.api('POST', `/forgetpassword/${encodeURIComponent(nobody)}`);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('ERR_EMAIL_NOT_FOUND');
    const reset = await system.api('POST', path(nobody, '123456', 'Nova-Senha9'));
    expect(reset.body.error).toBe('ERR_INVALID_RESET_CODE');
    const invalid = await system.api('POST', '/forgetpassword/not-an-email');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('ERR_VALIDATION');
  });

  it('never logs the paths in clear: no code, password or e-mail in the log', async () => {
    const fabi = await newUser(system, admin, 'Fabi Reset');
    const code = await codeFor(system, fabi.email);
    expect((await system.api('POST', path(fabi.email, code, 'Segredo-Novo7'))).status).toBe(200);
    const log = logged.join('');
    expect(log).toContain('/resetpasswords/[redacted]');
    expect(log).toContain('/forgetpassword/[redacted]');
    for (const secret of [code, 'Segredo-Novo7', fabi.email, encodeURIComponent(fabi.email)])
      expect(log).not.toContain(secret);
  });
});

describe('password reset limits', () => {
  const clock = fixedClock(new Date().toISOString());
  let system: TestSystem;
  let admin: string;

  beforeAll(async () => {
    system = await startTestSystem({ clock });
    // A company of its own, on the plan with room for the users these tests create.
    admin = (await system.signUpCompany('Reset Co', unique('owner'), 'senha123', 2)).token;
  }, 60_000);
  afterAll(async () => system?.close());

  it('a code expires after 15 minutes', async () => {
    const gil = await newUser(system, admin, 'Gil Reset');
    const code = await codeFor(system, gil.email);
    clock.advance(15 * 60_000 + 1_000);
    const r = await system.api('POST', path(gil.email, code, 'Nova-Senha9'));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_INVALID_RESET_CODE');
    await system.login(gil.email, gil.password);
  });

  it('three codes per e-mail in 15 minutes, then 429; and ten requests per address', async () => {
    const hugo = await newUser(system, admin, 'Hugo Reset');
    for (let i = 1; i <= 3; i++) await codeFor(system, hugo.email, i);
    const fourth = await system.api('POST', `/forgetpassword/${encodeURIComponent(hugo.email)}`);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toBe('ERR_RATE_LIMITED');
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    // The window moves on with the clock.
    clock.advance(15 * 60_000 + 1_000);
    const later = await system.api('POST', `/forgetpassword/${encodeURIComponent(hugo.email)}`);
    expect(later.status).toBe(200);
    // Six requests so far from this address (the expiry test's one included): four more pass, then 429.
    for (let i = 0; i < 4; i++)
      expect((await system.api('POST', `/forgetpassword/${encodeURIComponent(unique('x'))}`)).status).toBe(
        404,
      );
    const over = await system.api('POST', `/forgetpassword/${encodeURIComponent(unique('x'))}`);
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('ERR_RATE_LIMITED');
  });
});

describe('password reset without a mail server', () => {
  let system: TestSystem;

  beforeAll(async () => {
    // Nothing listens on port 9 of this machine (discard): the SMTP connection is refused.
    system = await startTestSystem({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  }, 60_000);
  afterAll(async () => system?.close());

  it('answers 503 ERR_MAIL_UNAVAILABLE and leaves no code behind', async () => {
    const r = await system.api('POST', `/forgetpassword/${encodeURIComponent(DEMO.email)}`);
    expect(r.status).toBe(503);
    expect(r.body.error).toBe('ERR_MAIL_UNAVAILABLE');
    const { rows } = await system.ctx.pool.query('SELECT 1 FROM auth_password_resets WHERE email = $1', [
      DEMO.email,
    ]);
    expect(rows).toEqual([]);
  });
});
