import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// What a new user found walking through the app against the spec (issue 7), on a 1366 × 768 screen:
// the tickets page's queue filter (doc 1 §2), the "Todos" switch, the emoji picker, the required
// messages of the login and user forms, and where a logged-in visit to a public route lands (doc 2 §2.1).
describe('the walkthrough findings', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let ownTicketId: string;

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    // API calls first: a login tells the admin's other sessions they were "accessed elsewhere".
    const { token } = await system.login(DEMO.email, DEMO.password);
    const api = async (method: string, path: string, body: unknown) => {
      const res = await system.api(method, path, { token, body });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    // A queue the admin is not in, and a ticket transferred there, unassigned.
    const sales = await api('POST', '/queue', { name: 'Vendas', color: '#7c3aed' });
    const lost = await api('POST', '/contacts', { name: 'Lúcia Transferida', number: '5511955550001' });
    const ticket = await api('POST', '/tickets', { contactId: lost.id, queueId: DEMO.queueId });
    await api('PUT', `/tickets/${ticket.id}`, { status: 'pending', userId: null, queueId: sales.id });
    // The admin's own open ticket, to write in.
    const own = await api('POST', '/contacts', { name: 'Maria Emoji', number: '5511955550002' });
    ownTicketId = (await api('POST', '/tickets', { contactId: own.id, queueId: DEMO.queueId })).id;
    ({ browser, page } = await openPage({ page: { viewport: { width: 1366, height: 768 } } }));
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('the login form does not call the e-mail required when the language menu opens, only on submit', async () => {
    await page.goto(`${web.url}/login`);
    await page.getByTestId('login-email').waitFor();
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').waitFor();
    await page.screenshot({ path: 'e2e/screenshots/walkthrough-login-language.png' });
    expect(await page.getByText('Obrigatório').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText('Obrigatório').count(), { timeout: 2_000 }).toBe(2);
  });

  it('the "Todos" switch sits whole inside the list column at 1366 px', async () => {
    await logIn(page, web.url, DEMO.email, DEMO.password);
    await page.goto(`${web.url}/tickets`);
    await page.getByTestId('show-all').waitFor({ state: 'attached', timeout: 10_000 });
    await page.screenshot({ path: 'e2e/screenshots/walkthrough-tickets-1366.png' });
    // The visible switch: its label and sliding indicator (the checkbox itself is hidden inside).
    const box = await page.locator('.ticket-show-all').boundingBox();
    const column = await page.locator('.tickets-split-list').boundingBox();
    expect(box && column).toBeTruthy();
    expect(box!.x).toBeGreaterThanOrEqual(column!.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(column!.x + column!.width);
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);
  });

  it('the queue filter is on every tab and brings back a ticket transferred to a queue the admin is not in', async () => {
    for (const tab of ['tab-closed', 'tab-search', 'tab-main-open']) {
      await page.getByTestId(tab).click();
      expect(await page.getByTestId('ticket-queues').isVisible(), tab).toBe(true);
    }
    await page.getByTestId('tab-pending').click();
    const lost = page.getByTestId('ticket-row').filter({ hasText: 'Lúcia Transferida' });
    // Only the admin's own queue is picked at first: the transferred ticket is not listed.
    await page.getByTestId('ticket-row').or(page.getByText('Nada aqui!')).first().waitFor();
    expect(await lost.count()).toBe(0);

    await page.getByTestId('ticket-queues').click();
    const options = page.getByTestId('ticket-queues-option');
    await options.filter({ hasText: 'Vendas' }).waitFor({ timeout: 5_000 });
    expect(await options.allTextContents()).toEqual(expect.arrayContaining(['Atendimento', 'Vendas']));
    await options.filter({ hasText: 'Vendas' }).click();
    await page.keyboard.press('Escape');
    await lost.waitFor({ timeout: 10_000 });
    await page.screenshot({ path: 'e2e/screenshots/walkthrough-queue-filter.png' });
  });

  it('a ticket opened in a queue outside the filter joins the filter and its list', async () => {
    await page.getByTestId('ticket-queues').click();
    await page.getByTestId('ticket-queues-option').filter({ hasText: 'Vendas' }).click(); // off again
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('ticket-queues').textContent()).toContain('(1)');

    await page.getByTestId('new-ticket').click();
    await page.getByTestId('new-ticket-contact').fill('Otávio Vendas 5511955550003');
    await page.getByTestId('new-ticket-create-contact').click();
    await page.getByTestId('new-ticket-queue').selectOption({ label: 'Vendas' });
    await page.getByTestId('new-ticket-submit').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    await page.getByTestId('ticket-row').filter({ hasText: 'Otávio Vendas' }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('ticket-queues').textContent()).toContain('(2)');
  });

  it('the emoji picker opens by its button', async () => {
    await page.goto(`${web.url}/tickets/${ownTicketId}`);
    const button = page.getByTestId('emoji-button');
    await button.click();
    const picker = page.locator('.EmojiPickerReact');
    await picker.waitFor({ timeout: 10_000 });
    await page.waitForTimeout(300); // the lazily loaded picker has its size
    await page.screenshot({ path: 'e2e/screenshots/walkthrough-emoji.png' });
    const b = (await button.boundingBox())!;
    const p = (await picker.boundingBox())!;
    // Above the button, its bottom edge close to the button's top, overlapping it horizontally.
    expect(p.y + p.height).toBeLessThanOrEqual(b.y + 2);
    expect(b.y - (p.y + p.height)).toBeLessThan(30);
    expect(p.x).toBeLessThanOrEqual(b.x + b.width);
    expect(p.x + p.width).toBeGreaterThanOrEqual(b.x);
    await page.keyboard.press('Escape');
  });

  it('an empty user name is called required, not too short', async () => {
    await page.goto(`${web.url}/users`);
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    await page.getByTestId('user-save').click();
    const nameGroup = page.locator('.bp6-form-group').filter({ has: page.getByTestId('user-name') });
    await nameGroup.getByText('Obrigatório').waitFor({ timeout: 2_000 });
    await page.screenshot({ path: 'e2e/screenshots/walkthrough-user-required.png' });
    expect(await nameGroup.getByText('Muito curto!').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('a logged-in visit to /login or /signup lands on /', async () => {
    for (const route of ['/login', '/signup']) {
      await page.goto(`${web.url}${route}`);
      await page.waitForURL((u) => u.pathname !== route, { timeout: 10_000 });
      expect(new URL(page.url()).pathname, route).toBe('/');
    }
  });
});
