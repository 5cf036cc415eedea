import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// The proof: log in, a simulated customer writes, the ticket appears within a second, the
// agent accepts and replies, the simulator receives the reply. Everything real: PostgreSQL, the
// API, projections, the socket, the Vite-served app in Debian's Chromium.
describe('an agent answers a customer in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    ({ browser, page } = await openPage());
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('logs in to the demo company and lands on the tickets page', async () => {
    await logIn(page, web.url, DEMO.email, DEMO.password);
    await page.getByTestId('tab-pending').click();
  });

  it('shows a simulated customer message as a pending ticket within a second, live', async () => {
    await page.waitForTimeout(500); // the socket has joined its rooms
    const sent = Date.now();
    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number: '5511988887777', name: 'Joana Cliente' },
      'Bom dia, meu pedido atrasou',
    );
    const row = page.getByTestId('ticket-row').filter({ hasText: 'Joana Cliente' });
    await row.waitFor({ timeout: 5_000 });
    expect(Date.now() - sent).toBeLessThan(1_000);
    // The queue chatbot (one queue on the demo connection) takes the new ticket a moment later: the
    // row, still live, moves to the queue and shows the greeting as its last message. The customer's
    // own text is checked in the conversation below.
    await row.filter({ hasText: 'Olá! Como podemos ajudar?' }).waitFor({ timeout: 5_000 });
    await expect(row.textContent()).resolves.toContain('Atendimento');
  });

  it('accepts the ticket, replies, and the customer receives the reply', async () => {
    const row = page.getByTestId('ticket-row').filter({ hasText: 'Joana Cliente' });
    await row.hover();
    await page.getByTestId('ticket-accept').first().click();
    const input = page.getByTestId('message-input');
    await expect(input.isEnabled({ timeout: 10_000 })).resolves.toBe(true);
    await input.fill('Olá Joana! Vou verificar seu pedido agora.');
    await input.press('Enter');
    await page
      .getByTestId('message')
      .filter({ hasText: 'Vou verificar seu pedido' })
      .waitFor({ timeout: 5_000 });

    // The conversation, in order: the customer's text on the left, then the bot's greeting and the
    // agent's reply on the right.
    const shown = await page
      .getByTestId('message')
      .evaluateAll((els) =>
        els.map((el) => ({ fromMe: el.getAttribute('data-from-me'), text: el.textContent })),
      );
    expect(shown).toHaveLength(3);
    expect(shown.map((m) => m.fromMe)).toEqual(['false', 'true', 'true']);
    expect(shown[0]!.text).toContain('Bom dia, meu pedido atrasou');
    expect(shown[1]!.text).toContain('Olá! Como podemos ajudar?');
    expect(shown[2]!.text).toContain('Olá Joana! Vou verificar seu pedido agora.');

    const deadline = Date.now() + 10_000;
    let received: { direction: string; body: string }[] = [];
    while (Date.now() < deadline) {
      received = (await system.simulator!.phoneMessages(DEMO.whatsappId, '5511988887777')).filter(
        (m) => m.direction === 'outbound',
      );
      if (received.length >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // The phone gets the queue's greeting, then the reply. The sign switch is on by default
    // (doc 1 §2): the agent's name goes first, in bold.
    expect(received.map((m) => m.body)).toEqual([
      'Olá! Como podemos ajudar?',
      '*Zelo Demo:*\nOlá Joana! Vou verificar seu pedido agora.',
    ]);
    await page.screenshot({ path: 'e2e/screenshots/agent-replied.png' });
  });
});
