import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { browserToken, closeAll, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Doc 1 §2 ticket manager, message list and transfer dialog, §4 transitions, §6 access: an admin
// accepts a customer's ticket, replies (quoting the customer), transfers it to another queue and
// resolves it; a plain user without that queue who opens it by URL is refused and sent back.
describe('a ticket from accept to resolve, and a refused visit', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let admin: { token: string };
  let salesQueueId: string;
  let ticketId: string;
  const number = '5511977776666';

  async function login(p: Page, email: string, password: string) {
    await p.goto(`${web.url}/login`);
    await p.getByTestId('login-email').fill(email);
    await p.getByTestId('login-password').fill(password);
    await p.getByTestId('login-submit').click();
    await p.waitForURL(/\/tickets/, { timeout: 15_000 });
    // A login ends the user's other logins, the set-up's API token included: go on with the page's.
    if (email === DEMO.email) admin = { token: await browserToken(p) };
  }
  const getTicket = async () =>
    (await system.api('GET', `/tickets/${ticketId}`, { token: admin.token })).body;

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    admin = await system.login(DEMO.email, DEMO.password);
    const queue = await system.api('POST', '/queue', {
      token: admin.token,
      body: { name: 'Vendas', color: '#7c3aed' },
    });
    salesQueueId = queue.body.id;
    const plain = await system.api('POST', '/users', {
      token: admin.token,
      body: {
        name: 'Paulo Plano',
        email: 'paulo@zelo.dev',
        password: 'paulo123',
        profile: 'user',
        queueIds: [DEMO.queueId],
      },
    });
    expect(plain.status).toBe(201);
    ({ browser, page } = await openPage());
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('accepts a waiting customer', async () => {
    await login(page, DEMO.email, DEMO.password);
    await page.getByTestId('tab-pending').click();
    await page.waitForTimeout(500); // the socket has joined its rooms
    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number, name: 'Teresa Compras' },
      'Quero comprar',
    );
    const row = page.getByTestId('ticket-row').filter({ hasText: 'Teresa Compras' });
    await row.waitFor({ timeout: 5_000 });
    ticketId = (await row.getAttribute('data-ticket-id'))!;
    await row.getByTestId('ticket-accept').click();
    await page.waitForURL(new RegExp(`/tickets/${ticketId}`));
    await expect(page.getByTestId('message-input').isEnabled({ timeout: 10_000 })).resolves.toBe(true);
  });

  it('replies quoting the customer, and the quote shows on the reply', async () => {
    const question = page.getByTestId('message').filter({ hasText: 'Quero comprar' });
    await question.hover();
    await question.getByTestId('message-options').click();
    await page.getByTestId('message-reply').click();
    await page.getByTestId('reply-preview').waitFor();
    const input = page.getByTestId('message-input');
    await input.fill('Claro! Vou te passar para o time de vendas.');
    await input.press('Enter');
    const reply = page.getByTestId('message').filter({ hasText: 'time de vendas' });
    await reply.waitFor({ timeout: 5_000 });
    await expect(reply.getByTestId('message-quote').textContent()).resolves.toContain('Quero comprar');
    await expect(page.getByTestId('reply-preview').count()).resolves.toBe(0);
  });

  it('transfers the ticket to the Vendas queue', async () => {
    await page.getByTestId('ticket-transfer').click();
    const queueSelect = page.locator('select[data-testid="transfer-queue"]');
    await queueSelect.locator(`option[value="${salesQueueId}"]`).waitFor({ state: 'attached' });
    await queueSelect.selectOption(salesQueueId);
    await page.getByTestId('transfer-submit').click();
    await page.waitForURL(/\/tickets$/, { timeout: 5_000 });
    await expect(getTicket()).resolves.toMatchObject({
      queueId: salesQueueId,
      status: 'pending',
      userId: null,
    });
  });

  it('resolves it from the conversation', async () => {
    await page.goto(`${web.url}/tickets/${ticketId}`);
    await page.getByTestId('ticket-resolve').click();
    await page.waitForURL(/\/tickets$/, { timeout: 5_000 });
    await expect(getTicket()).resolves.toMatchObject({ status: 'closed', queueId: salesQueueId });
    await page.screenshot({ path: 'e2e/screenshots/ticket-resolved.png' });
  });

  it("refuses a plain user outside the ticket's queue with 'Acesso não permitido' and goes to /tickets", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const other = await context.newPage();
    await login(other, 'paulo@zelo.dev', 'paulo123');
    await other.goto(`${web.url}/tickets/${ticketId}`);
    await other.getByText('Acesso não permitido').waitFor({ timeout: 5_000 });
    await other.waitForURL(/\/tickets$/, { timeout: 5_000 });
    expect(new URL(other.url()).pathname).toBe('/tickets');
    await context.close();
  });
});
