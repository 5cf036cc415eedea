import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Auditing: after an agent accepts a ticket, its "Histórico" dialog lists every event with who did
// it, a readable summary (the accept among them) and the event's data on demand.
describe('a ticket history in the web app', () => {
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

  it('accepts a ticket and shows the accept in its history', async () => {
    await logIn(page, web.url, DEMO.email, DEMO.password);
    await page.getByTestId('tab-pending').click();
    await page.waitForTimeout(500); // the socket has joined its rooms
    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number: '5511955554444', name: 'Olga Auditada' },
      'Oi',
    );
    const row = page.getByTestId('ticket-row').filter({ hasText: 'Olga Auditada' });
    await row.waitFor({ timeout: 5_000 });
    const ticketId = (await row.getAttribute('data-ticket-id'))!;
    await row.getByTestId('ticket-accept').click();
    await page.waitForURL(new RegExp(`/tickets/${ticketId}`));
    await page.getByTestId('ticket-return').waitFor({ timeout: 10_000 });

    await page.getByRole('button', { name: 'Histórico' }).click();
    const dialog = page.locator('.bp6-dialog').filter({ hasText: 'Histórico do ticket' });
    const accepted = dialog.locator('[data-testid="ticket-history-row"][data-type="TicketAccepted"]');
    await accepted.waitFor({ timeout: 10_000 });
    const summary = await accepted.getByTestId('ticket-history-summary').textContent();
    // In the app's language (pt, the fallback), naming the agent and the queue.
    expect(summary).toBe('aceito por Zelo Demo na fila Atendimento');
    expect(await dialog.getByTestId('ticket-history-row').count()).toBeGreaterThan(1);
    // when: dd/MM/yyyy HH:mm:ss
    expect(await accepted.locator('td').first().textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    await accepted.getByRole('button', { name: 'Mostrar dados' }).click();
    await expect(accepted.locator('pre').textContent({ timeout: 5_000 })).resolves.toContain(ticketId);
    await page.waitForTimeout(300); // the expand animation
    await page.screenshot({ path: 'e2e/screenshots/ticket-history.png' });
  }, 60_000);
});
