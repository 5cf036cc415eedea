import { randomBytes } from 'node:crypto';
import { testServerUrl } from '@zelo/services/testing/database';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, freePort, launchChromium, logIn, startWeb } from './browser.ts';
import { type CutProxy, startCutProxy } from './cut-proxy.ts';

// An agent's screen never stays behind and never goes blank (issue 23). The browser reaches the API
// through a relay the test can cut (the socket and the HTTP calls), and the API's LISTEN connections
// reach PostgreSQL through another: tickets are created, taken and closed while either is cut, and once
// it is back the open screens end equal to a fresh load. A page that fails to render shows an error
// screen in the shell, logged on the server, and the rest of the app goes on working.
describe('screens that converge after a cut, and a screen that fails', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let apiRelay: CutProxy;
  let pgRelay: CutProxy;
  let token: string;
  let page: Page;
  const logLines: string[] = [];
  let customers = 0;

  /** A customer writes in from a new number: a new pending ticket. */
  async function newCustomerTicket(): Promise<string> {
    const number = `55119${String(7_000_000 + customers++).padStart(8, '0')}`;
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: `Cliente ${number}` }, 'Olá');
    return eventuallyValue(async () => {
      const r = await system.api('GET', '/tickets?status=pending&showAll=true&pageNumber=1', { token });
      return r.body.tickets?.find((t: { contact: { number: string } }) => t.contact.number === number)?.id;
    });
  }

  async function eventuallyValue<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value !== undefined && value !== null) return value;
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** What a status tab of the tickets page shows: its count and its rows' ids, in order. */
  async function shown(p: Page, tab: 'open' | 'pending') {
    await p.getByTestId(`tab-${tab}`).click();
    await p.waitForTimeout(300);
    const rows = p.getByTestId('ticket-list').getByTestId('ticket-row');
    const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-ticket-id')));
    const count = (await p.getByTestId(`tab-${tab}`).locator('.bp6-tag').textContent())?.trim();
    return { count, ids };
  }

  /** The admin's tickets page as a fresh load shows it now. */
  async function freshLoad() {
    const fresh = await page.context().newPage();
    await fresh.goto(`${web.url}/tickets`);
    await fresh.getByTestId('ticket-list').waitFor({ timeout: 15_000 });
    await fresh.waitForTimeout(800);
    const result = { open: await shown(fresh, 'open'), pending: await shown(fresh, 'pending') };
    await fresh.close();
    return result;
  }

  /** Waits until the open page shows what a fresh load shows, both tabs. */
  async function expectConverged(timeoutMs = 30_000) {
    const want = await freshLoad();
    const deadline = Date.now() + timeoutMs;
    let got = { open: await shown(page, 'open'), pending: await shown(page, 'pending') };
    while (JSON.stringify(got) !== JSON.stringify(want) && Date.now() < deadline) {
      await page.waitForTimeout(500);
      got = { open: await shown(page, 'open'), pending: await shown(page, 'pending') };
    }
    expect(got).toEqual(want);
  }

  /** While the page cannot hear: two customers write in, one pending ticket is taken, one closed. */
  async function changeTicketsMeanwhile(taken: string, closed: string) {
    const created = [await newCustomerTicket(), await newCustomerTicket()];
    const take = await system.api('PUT', `/tickets/${taken}`, {
      token,
      body: { status: 'open', userId: DEMO.adminId },
    });
    expect(take.status).toBe(200);
    const close = await system.api('PUT', `/tickets/${closed}`, { token, body: { status: 'closed' } });
    expect(close.status).toBe(200);
    return created;
  }

  beforeAll(async () => {
    pgRelay = await startCutProxy({ host: '127.0.0.1', port: Number(new URL(testServerUrl).port || 5432) });
    const databaseUrl = `${testServerUrl}/zelo_test_${randomBytes(5).toString('hex')}`;
    const listenUrl = new URL(databaseUrl);
    listenUrl.port = String(pgRelay.port);
    const [apiPort, webPort] = [await freePort(), await freePort()];
    system = await startTestSystem({
      databaseUrl,
      env: {
        PORT: String(apiPort),
        WEB_ORIGIN: `http://127.0.0.1:${webPort}`,
        LISTEN_DATABASE_URL: listenUrl.toString(),
      },
      logStream: { write: (line) => void logLines.push(line) },
    });
    apiRelay = await startCutProxy({ host: '127.0.0.1', port: apiPort });
    web = await startWeb(`http://127.0.0.1:${apiRelay.port}`, webPort);
    ({ token } = await system.login(DEMO.email, DEMO.password));
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
    await logIn(page, web.url, DEMO.email, DEMO.password);
    // The browser's login ended the test's API session (one per user): the API calls use the browser's.
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
    await apiRelay?.close();
    await pgRelay?.close();
  });

  it('the socket cut while tickets come, move and close: back online, the lists equal a fresh load', async () => {
    const [taken, closed] = [await newCustomerTicket(), await newCustomerTicket()];
    await page.goto(`${web.url}/tickets`);
    await page.getByTestId('ticket-list').waitFor();
    await expectConverged();

    apiRelay.cut();
    const created = await changeTicketsMeanwhile(taken, closed);
    await page.waitForTimeout(1_000);
    // The page heard nothing: the new tickets are not on it.
    const stale = await shown(page, 'pending');
    for (const id of created) expect(stale.ids).not.toContain(id);

    // Refreshing the API token goes through the same relay: the access token may not expire meanwhile.
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? token;
    apiRelay.restore();
    await expectConverged();
    const after = await shown(page, 'pending');
    for (const id of created) expect(after.ids).toContain(id);
    expect(after.ids).not.toContain(taken);
    expect(after.ids).not.toContain(closed);
  }, 120_000);

  it('the server’s change feed (its LISTEN connection) cut meanwhile: the page resyncs when it is back', async () => {
    const [taken, closed] = [await newCustomerTicket(), await newCustomerTicket()];
    await page.goto(`${web.url}/tickets`);
    await page.getByTestId('ticket-list').waitFor();
    await expectConverged();

    pgRelay.cut();
    const created = await changeTicketsMeanwhile(taken, closed);
    await page.waitForTimeout(1_000);
    const stale = await shown(page, 'pending');
    for (const id of created) expect(stale.ids).not.toContain(id);

    pgRelay.restore();
    await expectConverged();
    const after = await shown(page, 'pending');
    for (const id of created) expect(after.ids).toContain(id);
    expect(after.ids).not.toContain(closed);
    // And pushes flow again: a customer writing now shows without any reload.
    const later = await newCustomerTicket();
    await page.getByTestId('tab-pending').click();
    await page.locator(`[data-testid="ticket-row"][data-ticket-id="${later}"]`).waitFor({ timeout: 10_000 });
  }, 120_000);

  it('a page that fails to render shows the error screen in the shell, is logged, and the menu goes on', async () => {
    // The tickets list answers something the page cannot read (a server bug, a proxy's page).
    await page.route('**/tickets?*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: '{"tickets": 42, "count": "x"}',
          })
        : route.fallback(),
    );
    await page.goto(`${web.url}/tickets`);
    await page.getByTestId('error-screen').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('error-screen').textContent()).toContain('Algo deu errado nesta tela');
    // The shell stays: the top bar and the side menu are there and work.
    expect(await page.getByTestId('refresh').isVisible()).toBe(true);
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/error-screen.png' });
    await eventuallyValue(async () =>
      logLines.find((l) => l.includes('web app error') && l.includes('/tickets')),
    );

    await page.unroute('**/tickets?*');
    await page.getByTestId('menu-contacts').click();
    await page.waitForURL((u) => u.pathname === '/contacts');
    await page.getByTestId('contacts-page').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('error-screen').count()).toBe(0);
  }, 60_000);

  it('a page whose code cannot be fetched (a new release) says so and offers a reload that works', async () => {
    await page.goto(`${web.url}/tickets`);
    await page.getByTestId('ticket-list').waitFor();
    await page.route('**/tags-page.tsx*', (route) => route.abort());
    await page.getByTestId('menu-tags').click();
    await page.getByTestId('error-screen').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('error-screen').textContent()).toContain('nova versão');
    await page.screenshot({ path: 'e2e/screenshots/error-screen-new-version.png' });
    await page.unroute('**/tags-page.tsx*');
    await page.getByTestId('error-reload').click();
    await page.waitForURL((u) => u.pathname === '/tags');
    await page.getByTestId('error-screen').waitFor({ state: 'detached', timeout: 15_000 });
  }, 60_000);
});
