import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, launchChromium, logIn, startProductAndWeb, type startWeb } from './browser.ts';

// Doc 1 §4 "session elsewhere": the same user logging in on another computer ends this one. Two
// browser contexts are two computers (own cookies, own local storage).
describe('a login on another computer ends the session here', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let first: BrowserContext;
  let second: BrowserContext;
  let pageA: Page;
  let pageB: Page;

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    browser = await launchChromium();
    first = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    second = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    pageA = await first.newPage();
    pageB = await second.newPage();
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('shows the message, lands on /login, and a reload stays logged out', async () => {
    await logIn(pageA, web.url, DEMO.email, DEMO.password);
    await pageA.goto(`${web.url}/tickets`);
    await pageA.getByTestId('ticket-search').waitFor({ timeout: 10_000 });
    await pageA.waitForTimeout(500); // the socket has joined the company's rooms

    await logIn(pageB, web.url, DEMO.email, DEMO.password);

    await pageA.getByText('Sua conta foi acessada em outro computador.').waitFor({ timeout: 10_000 });
    await pageA.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
    await pageA.getByTestId('login-email').waitFor();
    // Straight to the login screen, the reason still on screen (a page reload would have dropped it).
    expect(await pageA.getByText('Sua conta foi acessada em outro computador.').isVisible()).toBe(true);
    await pageA.screenshot({ path: 'e2e/screenshots/session-elsewhere.png' });
    expect(await pageA.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The refresh cookie is gone too (this browser logged out), so a reload does not log back in.
    await expect
      .poll(async () => (await first.cookies()).some((c) => c.name === 'jrt'), { timeout: 5_000 })
      .toBe(false);
    await pageA.reload();
    await pageA.getByTestId('login-email').waitFor({ timeout: 10_000 });
    await pageA.waitForTimeout(1_000); // long enough for a restored session to leave /login
    expect(new URL(pageA.url()).pathname).toBe('/login');
    const refreshed = await pageA.evaluate(
      (api) =>
        fetch(`${api}/auth/refresh_token`, { method: 'POST', credentials: 'include' }).then((r) => r.status),
      system.url,
    );
    expect(refreshed).not.toBe(200);

    // The computer that logged in last keeps working.
    await pageB.goto(`${web.url}/tickets`);
    await pageB.getByTestId('ticket-search').waitFor({ timeout: 10_000 });
    expect(new URL(pageB.url()).pathname).not.toBe('/login');
  }, 60_000);
});
