import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, launchChromium, logIn, startProductAndWeb, type startWeb } from './browser.ts';

// Issue 7's follow-ups as a person sees them: a session ended by the server (here, an admin setting the
// agent's password) takes the agent's browser to the login at once, with no click and no 10 s retries;
// people changing their own password are asked for the current one (an admin editing someone else is
// not); the quick-message form shows its errors like the other forms (after a change or a submit).
describe('sessions ended by the server, and the password forms', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let adminToken: string;

  async function newAgent(name: string, email: string) {
    const r = await system.api('POST', '/users', {
      token: adminToken,
      body: { name, email, password: 'senha123', profile: 'user', queueIds: [DEMO.queueId] },
    });
    expect(r.status).toBe(201);
    return r.body.id as string;
  }

  async function pageOf(email: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
    await logIn(page, web.url, email, password);
    return page;
  }

  /** The Blueprint form group of a field: its helper text is the field's error. */
  const groupOf = (page: Page, testId: string) =>
    page.locator('.bp6-form-group', { has: page.getByTestId(testId) });

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    // The admin's API token is taken before any browser logs in as the admin (one session per user).
    ({ token: adminToken } = await system.login(DEMO.email, DEMO.password));
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await closeAll({ browser, web, system });
  });

  it('an admin sets the agent’s password: the agent’s open page goes to /login by itself within seconds', async () => {
    const id = await newAgent('Agente Reset', 'reset@renewal.dev');
    const page = await pageOf('reset@renewal.dev', 'senha123');
    await page.goto(`${web.url}/tickets`);
    await page.getByTestId('ticket-search').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500); // the socket is up
    const set = await system.api('PUT', `/users/${id}`, {
      token: adminToken,
      body: { name: 'Agente Reset', email: 'reset@renewal.dev', password: 'outra-senha-1' },
    });
    expect(set.status).toBe(200);
    // The socket closes (4001), the one refresh fails, and the app ends the session: no click needed.
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 5_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  }, 60_000);

  it('two tabs restored at once, again and again, both stay logged in', async () => {
    await newAgent('Agente Abas', 'abas@renewal.dev');
    const first = await pageOf('abas@renewal.dev', 'senha123');
    const second = await first.context().newPage();
    for (let round = 0; round < 3; round++) {
      // Both tabs boot together: each restores its session from the one refresh cookie they share.
      await Promise.all([first.goto(`${web.url}/tickets`), second.goto(`${web.url}/tickets`)]);
      await Promise.all(
        [first, second].map((p) => p.getByTestId('ticket-search').waitFor({ timeout: 15_000 })),
      );
    }
    await first.waitForTimeout(500);
    for (const p of [first, second]) expect(new URL(p.url()).pathname).toBe('/tickets');
    // The login lives on: a later refresh still works.
    await second.reload();
    await second.getByTestId('ticket-search').waitFor({ timeout: 15_000 });
  }, 90_000);

  it('a reload while the start-up refresh is in flight keeps the session', async () => {
    await newAgent('Agente Recarga', 'recarga@renewal.dev');
    const page = await pageOf('recarga@renewal.dev', 'senha123');
    const context = page.context();
    let rotated: () => void = () => {};
    const rotatedOnServer = new Promise<void>((r) => {
      rotated = r;
    });
    let giveUp: () => void = () => {};
    // The first load's refresh reaches the server, which rotates the cookie, but its answer (with the
    // new cookie) never reaches the page: the user reloads first.
    await page.route('**/auth/refresh_token', async (route) => {
      const jrt = (await context.cookies(`${system.url}/auth/refresh_token`)).find((c) => c.name === 'jrt');
      const r = await fetch(`${system.url}/auth/refresh_token`, {
        method: 'POST',
        headers: { cookie: `jrt=${jrt?.value}` },
      });
      expect(r.status).toBe(200);
      rotated();
      await new Promise<void>((r) => {
        giveUp = r;
      });
      await route.abort().catch(() => {});
    });
    const firstLoad = page.goto(`${web.url}/tickets`).catch(() => {});
    await rotatedOnServer;
    await page.unroute('**/auth/refresh_token');
    await page.reload();
    giveUp();
    await firstLoad;
    await page.getByTestId('ticket-search').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/tickets');
    // And once more, with the cookie that reload got.
    await page.reload();
    await page.getByTestId('ticket-search').waitFor({ timeout: 15_000 });
  }, 60_000);

  it('changing one’s own password asks for the current one and shows a wrong one on that field', async () => {
    await newAgent('Agente Perfil', 'perfil@renewal.dev');
    const page = await pageOf('perfil@renewal.dev', 'senha123');
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-profile').click();
    const dialog = page.getByTestId('user-dialog');
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByTestId('user-current-password').count()).toBe(0);

    await page.getByTestId('user-password').fill('minha-nova-1');
    await page.getByTestId('user-current-password').waitFor();
    await page.getByTestId('user-save').click();
    await groupOf(page, 'user-current-password').getByText('Obrigatório').waitFor({ timeout: 5_000 });

    await page.getByTestId('user-current-password').fill('nao-e-esta');
    await page.getByTestId('user-save').click();
    await groupOf(page, 'user-current-password')
      .getByText('A senha atual está incorreta.')
      .waitFor({ timeout: 5_000 });
    expect(await dialog.isVisible()).toBe(true);

    await page.getByTestId('user-current-password').fill('senha123');
    await page.getByTestId('user-save').click();
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    // This session goes on; the new password is the one that logs in.
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).not.toBe('/login');
    const wrong = await system.api('POST', '/auth/login', {
      body: { email: 'perfil@renewal.dev', password: 'senha123' },
    });
    expect(wrong.status).toBe(401);
  }, 60_000);

  it('an admin setting another user’s password is not asked for a current password', async () => {
    const id = await newAgent('Agente Outro', 'outro@renewal.dev');
    const page = await pageOf(DEMO.email, DEMO.password);
    await page.goto(`${web.url}/users`);
    await page
      .getByTestId('users-row')
      .filter({ hasText: 'outro@renewal.dev' })
      .getByTestId('users-edit')
      .click();
    await page.getByTestId('user-password').fill('definida-1');
    await page.waitForTimeout(300);
    expect(await page.getByTestId('user-current-password').count()).toBe(0);
    await page.getByTestId('user-save').click();
    await page.getByTestId('user-dialog').waitFor({ state: 'detached', timeout: 5_000 });
    const login = await system.api('POST', '/auth/login', {
      body: { email: 'outro@renewal.dev', password: 'definida-1' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(id);
  }, 60_000);

  it('the quick-message form shows an error after a submit, not on merely passing through a field', async () => {
    const page = await pageOf(DEMO.email, DEMO.password);
    await page.goto(`${web.url}/quick-messages`);
    await page.getByTestId('qm-add').click();
    await page.getByTestId('qm-message').click();
    await page.getByTestId('qm-shortcode').click(); // leaves the message untouched but "touched"
    await page.waitForTimeout(300);
    expect(await groupOf(page, 'qm-message').getByText('Obrigatório').count()).toBe(0);
    await page.getByTestId('qm-save').click();
    await groupOf(page, 'qm-message').getByText('Obrigatório').waitFor({ timeout: 5_000 });
  }, 60_000);
});
