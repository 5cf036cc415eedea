import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { withWorkflows } from '../app/src/testing/workflows.ts';
import { closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Issue 24, SLA in Chromium against the real product: the admin sets a 1-minute first-response target
// on the demo queue in calendar time (the dialog refusing what the contract refuses), a simulator
// customer writes, and the ticket's badge counts down, turns to a warning at 80 % (48 s) with a toast,
// then to a breach at 60 s, live; sorting by "closest to breach" puts that ticket first. The system runs
// the workflows role, whose durable timer records the warning and the breach.

const ANA = { number: '5511955557001', name: 'Ana Prazo' };
const BRUNO = { number: '5511955557002', name: 'Bruno Depois' };
const QUEUE_NAME = 'Atendimento';

describe('SLA policies and the live badge in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  /** Every body the page sent to POST or PUT /sla-policies: a refused dialog sends none. */
  const policyWrites: unknown[] = [];

  const row = (name: string) => page.getByTestId('ticket-row').filter({ hasText: name });
  const badge = (name: string) => row(name).getByTestId('ticket-sla');
  const toast = (text: string) => page.locator('.bp6-toast').filter({ hasText: text });

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb(withWorkflows()));
    ({ browser, page } = await openPage());
    page.on('request', (r) => {
      if (/\/sla-policies\//.test(r.url()) && ['POST', 'PUT'].includes(r.method()))
        policyWrites.push(r.postDataJSON());
    });
    await logIn(page, web.url, DEMO.email, DEMO.password);
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('explains SLAs when there is none, and refuses 0, 43201 minutes and no target at all', async () => {
    await page.goto(`${web.url}/sla-policies`);
    await page.getByTestId('sla-empty').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: 'e2e/screenshots/sla-policies-empty.png' });
    await page.getByTestId('sla-add').click();
    await page.getByTestId('sla-name').fill('Primeira resposta em 1 minuto');
    await page.getByTestId('sla-queue').selectOption(DEMO.queueId);
    const amount = page.getByTestId('sla-firstResponse-amount');
    const error = page.getByTestId('sla-firstResponse-error');

    await amount.fill('0');
    await page.getByTestId('sla-save').click();
    await expect(error.textContent()).resolves.toBe('O mínimo é 1 minuto.');
    await amount.fill('43201');
    await page.getByTestId('sla-save').click();
    await expect(error.textContent()).resolves.toBe('O máximo é 30 dias.');
    await page.screenshot({ path: 'e2e/screenshots/sla-dialog-refused.png' });
    // Every target off: nothing to measure.
    await page.getByTestId('sla-firstResponse-on').click({ force: true });
    await page.getByTestId('sla-save').click();
    await expect(page.getByTestId('sla-targets-error').textContent()).resolves.toBe(
      'Ligue pelo menos uma meta.',
    );
    expect(await page.getByTestId('sla-dialog').count()).toBe(1);
    expect(policyWrites).toEqual([]);

    await page.getByTestId('sla-firstResponse-on').click({ force: true });
    await amount.fill('1');
    await page.getByTestId('sla-firstResponse-unit').selectOption('minutes');
    await page.locator('label', { hasText: 'Tempo corrido' }).click();
    await page.getByTestId('sla-save').click();
    const policy = page.getByTestId('sla-row').filter({ hasText: 'Primeira resposta em 1 minuto' });
    await policy.waitFor({ timeout: 10_000 });
    expect(policyWrites).toEqual([
      {
        name: 'Primeira resposta em 1 minuto',
        queueId: DEMO.queueId,
        whatsappId: null,
        firstResponseMinutes: 1,
        nextResponseMinutes: null,
        resolutionMinutes: null,
        clock: 'calendar',
      },
    ]);
    await expect(policy.textContent()).resolves.toContain(QUEUE_NAME);
    await expect(policy.getByTestId('sla-first').textContent()).resolves.toBe('1 min');
    await expect(policy.textContent()).resolves.toContain('Tempo corrido');
    await expect(policy.textContent()).resolves.toContain('Todas');
  });

  it('names the queue field when the queue and connection already have a policy (409), and edits one as saved', async () => {
    await page.getByTestId('sla-add').click();
    await page.getByTestId('sla-name').fill('Outra para a mesma fila');
    await page.getByTestId('sla-queue').selectOption(DEMO.queueId);
    await page.getByTestId('sla-save').click();
    const dialog = page.getByTestId('sla-dialog');
    await dialog
      .getByText('Já existe uma política para esta fila e esta conexão.')
      .waitFor({ timeout: 10_000 });
    await page.screenshot({ path: 'e2e/screenshots/sla-dialog-409.png' });
    // The refused field has the focus, so the keyboard goes on from there.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('sla-queue');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await page.getByTestId('sla-row').count()).toBe(1);

    // Editing opens the policy as saved, and saving it unchanged sends the same body (PUT).
    const sent = policyWrites.length;
    await page.getByTestId('sla-edit').click();
    await expect(page.getByTestId('sla-firstResponse-amount').inputValue()).resolves.toBe('1');
    await expect(page.getByTestId('sla-firstResponse-unit').inputValue()).resolves.toBe('minutes');
    await expect(page.getByTestId('sla-clock-calendar').isChecked()).resolves.toBe(true);
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && /\/sla-policies\/[0-9a-f-]{36}$/.test(r.url()),
    );
    await page.getByTestId('sla-save').click();
    await put;
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    expect(policyWrites.slice(sent)).toEqual([policyWrites[0]]);

    await page.screenshot({ path: 'e2e/screenshots/sla-policies.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'e2e/screenshots/sla-policies-narrow.png' });
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('shows the countdown, then the warning with a toast, then the breach, live; the sort puts it first', async () => {
    await page.goto(`${web.url}/tickets`);
    await page.getByTestId('tab-pending').click();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { slaNoReload: true }));

    const sentAt = Date.now();
    await system.simulator!.customerSends(DEMO.whatsappId, ANA, 'Oi, preciso de ajuda com meu pedido');
    await badge(ANA.name).waitFor({ timeout: 15_000 });
    expect(await badge(ANA.name).getAttribute('data-state')).toBe('ok');
    await expect(badge(ANA.name).textContent()).resolves.toBe('1ª resposta · 1 min');
    // A later customer: newest on top in the default order, due later than Ana.
    await page.waitForTimeout(3_000);
    await system.simulator!.customerSends(DEMO.whatsappId, BRUNO, 'Bom dia');
    await badge(BRUNO.name).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'e2e/screenshots/sla-tickets-ok.png' });

    // 80 % of a minute: the server's warning reaches the row and the admin's toast.
    const warnedText = `SLA quase violado — Primeira resposta: ${ANA.name} (${QUEUE_NAME})`;
    await Promise.all([
      row(ANA.name).locator('[data-testid="ticket-sla"][data-state="warned"]').waitFor({ timeout: 75_000 }),
      toast(warnedText).waitFor({ timeout: 75_000 }),
    ]);
    const warnedAfter = Date.now() - sentAt;
    expect(warnedAfter).toBeGreaterThan(35_000);
    await page.screenshot({ path: 'e2e/screenshots/sla-tickets-warned.png' });

    // 100 %: danger, by the badge's own clock or the server's breach, whichever comes first.
    const breachedText = `SLA violado — Primeira resposta: ${ANA.name} (${QUEUE_NAME})`;
    await Promise.all([
      row(ANA.name).locator('[data-testid="ticket-sla"][data-state="breached"]').waitFor({ timeout: 60_000 }),
      toast(breachedText).waitFor({ timeout: 60_000 }),
    ]);
    expect(Date.now() - sentAt).toBeGreaterThan(55_000);
    await expect(badge(ANA.name).textContent()).resolves.toMatch(/^1ª resposta · atrasado \d+ min$/);
    expect(await page.evaluate(() => (window as unknown as { slaNoReload?: boolean }).slaNoReload)).toBe(
      true,
    );
    await page.screenshot({ path: 'e2e/screenshots/sla-tickets-breached.png' });

    // Newest first, then closest to breach first.
    const firstRow = () => page.getByTestId('ticket-row').first();
    await expect(firstRow().textContent()).resolves.toContain(BRUNO.name);
    const sorted = page.waitForRequest(
      (r) => r.url().includes('/tickets') && r.url().includes('orderBy=slaDue'),
    );
    await page.getByTestId('ticket-order').click();
    await page.getByTestId('ticket-order-slaDue').click();
    await sorted;
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="ticket-row"]')?.textContent?.includes(name),
      ANA.name,
      { timeout: 10_000 },
    );
    expect(await page.getByTestId('ticket-order').getAttribute('data-order')).toBe('slaDue');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'e2e/screenshots/sla-tickets-narrow.png' });
    await page.setViewportSize({ width: 1400, height: 900 });

    // The breach toast's button opens the ticket (a new breach toast is not needed: Bruno's comes now).
    const brunoBreached = toast(`SLA violado — Primeira resposta: ${BRUNO.name} (${QUEUE_NAME})`);
    await brunoBreached.waitFor({ timeout: 60_000 });
    await brunoBreached.getByRole('button', { name: 'Abrir' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    const brunoId = await row(BRUNO.name).getAttribute('data-ticket-id');
    expect(page.url()).toBe(`${web.url}/tickets/${brunoId}`);
  }, 240_000);
});
