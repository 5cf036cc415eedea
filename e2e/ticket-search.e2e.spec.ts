import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { eventually } from '../services/src/testing/eventually.ts';
import { browserToken, closeAll, startLoggedIn, type startWeb } from './browser.ts';

// Issue 24: the search tab finds a word of the customer's first message, long after it was written,
// shows the message around it, and opens the conversation at that message.
describe('searching every message', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ system, web, browser, page } = await startLoggedIn());
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it("finds the first message's word, shows its excerpt and opens the conversation at it", async () => {
    const customer = { number: '5511955508888', name: 'Bia Procura' };
    const first = 'Bom dia! Minha encomenda do XILOFONE azul ainda não chegou';
    // More than a page of messages after it (20 a page): the conversation opens on the newest ones.
    const later = Array.from({ length: 30 }, (_, i) => `mensagem seguinte ${i + 1}`);
    for (const body of [first, ...later])
      await system.simulator!.customerSends(DEMO.whatsappId, customer, body);
    const token = await browserToken(page);
    const ticket = await eventually(async () => {
      const r = await system.api('GET', `/tickets?showAll=true&searchParam=${customer.number}`, { token });
      const t = r.body.tickets?.[0];
      return t?.lastMessage && t.lastMessage !== first && t.queueId ? t : null;
    });
    // Only an accepted ticket opens from its row (pending ones open through Aceitar).
    expect(
      (await system.api('PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open' } })).status,
    ).toBe(200);
    const messageId = await eventually(async () => {
      const { rows } = await system.ctx.pool.query('SELECT id FROM messages WHERE body = $1', [first]);
      return rows[0]?.id as string | undefined;
    });

    await page.getByTestId('ticket-search').fill('xilofone');
    const row = page.locator(`[data-testid="ticket-row"][data-ticket-id="${ticket.id}"]`);
    const excerpt = row.getByTestId('ticket-search-excerpt');
    await excerpt.waitFor({ timeout: 10_000 });
    expect(await excerpt.textContent()).toContain('Minha encomenda do XILOFONE azul');
    expect(await row.getByTestId('ticket-search-mark').textContent()).toBe('XILOFONE');

    await row.click();
    await page.waitForURL(new RegExp(`/tickets/${ticket.id}\\?message=${messageId}$`));
    const message = page.locator(`[data-testid="message"][data-message-id="${messageId}"]`);
    await message.waitFor({ timeout: 10_000 });
    expect(await message.getAttribute('class')).toContain('is-found');
    // In view inside the message list, not only loaded above it.
    const list = await page.getByTestId('message-list').boundingBox();
    const box = await eventually(async () => {
      const b = await message.boundingBox();
      return b && list && b.y >= list.y && b.y + b.height <= list.y + list.height ? b : null;
    }, 5_000);
    expect(box).toBeTruthy();
  });
});
