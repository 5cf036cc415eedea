import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, startLoggedIn, type startWeb } from './browser.ts';

// Doc 1 §2 notifications popover: the top bar's bell counts the tickets with unread customer
// messages the user should read, live, and opens one on click. The demo admin has allTicket enabled,
// so waiting (pending) tickets count too.
describe('the notifications bell', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  const customer = { number: '5511955554444', name: 'Bruna Sino' };

  beforeAll(async () => {
    ({ system, web, browser, page } = await startLoggedIn());
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('is quiet with nothing unread, and counts a new customer message live', async () => {
    await page.goto(`${web.url}/contacts`);
    await page.getByTestId('notifications-bell').waitFor();
    expect(await page.getByTestId('notifications-count').count()).toBe(0);
    await page.waitForTimeout(500); // the socket has joined its rooms
    await system.simulator!.customerSends(DEMO.whatsappId, customer, 'Meu boleto não chegou');
    await page.getByTestId('notifications-count').filter({ hasText: '1' }).waitFor({ timeout: 5_000 });
    await page.getByTestId('notifications-bell').click();
    const item = page.getByTestId('notification-item').filter({ hasText: customer.name });
    await item.waitFor();
    // The unread count of that ticket is the customer's one message (the bot's greeting is not unread).
    expect(await item.textContent()).toMatch(/1$/);
  });

  it('opens the ticket on click, and reading it clears the count', async () => {
    await page.getByTestId('notification-item').filter({ hasText: customer.name }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    // Accepting opens the conversation; reading it resets the unread counter, and the bell follows.
    await page.getByTestId('ticket-header-accept').click();
    await page.getByTestId('message').filter({ hasText: 'Meu boleto não chegou' }).waitFor();
    await page.getByTestId('notifications-count').waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('counts a message on an open ticket while the agent is elsewhere', async () => {
    await page.goto(`${web.url}/contacts`);
    await page.getByTestId('notifications-bell').waitFor();
    await page.waitForTimeout(500);
    await system.simulator!.customerSends(DEMO.whatsappId, customer, 'Alguém aí?');
    await page.getByTestId('notifications-count').filter({ hasText: '1' }).waitFor({ timeout: 5_000 });
    await page.getByTestId('notifications-bell').click();
    await page.getByTestId('notification-item').filter({ hasText: 'Alguém aí?' }).click();
    await page.getByTestId('message').filter({ hasText: 'Alguém aí?' }).waitFor();
  });
});
