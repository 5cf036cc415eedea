import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { browserToken, closeAll, startLoggedIn, type startWeb } from './browser.ts';

// Doc 1 §2: an admin adds a WhatsApp, reads its QR (the simulator's, as no phone is paired here), the
// phone pairs, the QR dialog closes itself, the row turns CONNECTED and the menu's badge goes away.
describe('connections in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // autoPair off: every simulator connection, the demo one included, waits for a scan like a real phone.
    ({ system, web, browser, page } = await startLoggedIn({ env: { ZELO_DEMO_AUTOPAIR: 'false' } }));
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  const row = (name: string) => page.getByTestId('connection-row').filter({ hasText: name });
  const badge = () => page.getByTestId('menu-connections').getByTestId('connections-badge');

  it('the menu shows the exclamation badge while the demo connection waits for its QR', async () => {
    await page.getByTestId('menu-connections').click();
    await page.waitForURL(/\/connections$/);
    await expect
      .poll(() => row('WhatsApp Demo').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('qrcode');
    await badge().waitFor({ timeout: 5_000 });
  });

  it('the name is validated in the dialog (2 to 50)', async () => {
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-name').fill('A');
    await page.getByTestId('connection-save').click();
    await page.getByText('Muito curto!').waitFor({ timeout: 5_000 });
    await page.getByText('Cancelar').click();
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
  });

  it("without the plan's feature the pickers stay, disabled with a hint, and the dialog still works", async () => {
    // As a plan without useOpenAi / flows answers: 403 for the prompts, 404 for the flows.
    const refuse = (status: number) => (route: Route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'ERR_PLAN_FEATURE_DISABLED', message: 'plan' }),
      });
    await page.route(/\/prompt\?/, refuse(403));
    await page.route(/\/flowbuilder\?/, refuse(404));
    try {
      await page.getByTestId('connections-add').click();
      await page.getByTestId('connection-tab-automation').click();
      const prompt = page.getByTestId('connection-prompt');
      await expect.poll(() => prompt.isDisabled(), { timeout: 5_000 }).toBe(true);
      expect(await page.getByTestId('connection-welcome-flow').isDisabled()).toBe(true);
      expect(await page.getByTestId('connection-integration').isEnabled()).toBe(true);
      const hint = 'Indisponível: o plano da empresa não inclui este recurso.';
      expect(await page.getByTestId('connection-dialog').getByText(hint).count()).toBe(2);
      // The rest of the dialog is untouched.
      await page.getByTestId('connection-timeToTransfer').fill('5');
      await page.getByText('Cancelar').click();
      await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
    } finally {
      await page.unrouteAll();
    }
  });

  it('an admin adds a connection, reads its QR, the phone pairs, the dialog closes and it is connected', async () => {
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-name').fill('Vendas');
    await page.getByTestId('connection-provider').selectOption('simulator');
    await page.getByTestId('connection-queues').click();
    await page.getByTestId('connection-queues-option').filter({ hasText: 'Atendimento' }).click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'e2e/screenshots/connection-dialog.png' });
    await page.getByTestId('connection-save').click();
    await page.getByText('Conexão salva com sucesso!').waitFor({ timeout: 5_000 });

    const vendas = row('Vendas');
    await vendas.getByTestId('connection-show-qr').click({ timeout: 10_000 });
    const qr = page.getByTestId('connection-qr');
    await qr.locator('svg').waitFor({ timeout: 5_000 });
    // 256 px once the dialog's opening transition is over.
    await expect.poll(async () => (await qr.locator('svg').boundingBox())?.width).toBe(256);
    await page.getByTestId('connection-qr-simulator').waitFor();
    await page.screenshot({ path: 'e2e/screenshots/connection-qr.png' });

    const { rows } = await system.ctx.pool.query(
      "SELECT id, qrcode FROM whatsapps WHERE name = 'Vendas' AND company_id = $1",
      [DEMO.companyId],
    );
    expect(rows[0].qrcode).toMatch(/^zelo-simulator:/);
    await system.simulator!.pair(rows[0].id);

    await qr.waitFor({ state: 'detached', timeout: 5_000 });
    await expect.poll(() => vendas.getAttribute('data-status'), { timeout: 5_000 }).toBe('CONNECTED');
    await vendas.getByTestId('connection-disconnect').waitFor();
    // The demo connection still waits for its QR: the badge stays.
    await page.waitForTimeout(2_500);
    expect(await badge().count()).toBe(1);
  });

  it("the simulator's scan button pairs the demo connection and the badge goes away", async () => {
    await row('WhatsApp Demo').getByTestId('connection-show-qr').click();
    await page.getByTestId('connection-qr-scan').click();
    await page.getByTestId('connection-qr').waitFor({ state: 'detached', timeout: 5_000 });
    await expect
      .poll(() => row('WhatsApp Demo').getAttribute('data-status'), { timeout: 5_000 })
      .toBe('CONNECTED');
    await badge().waitFor({ state: 'detached', timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/connections-connected.png' });
  });

  it('disconnecting shows try again and new QR; a new QR brings the QR button back', async () => {
    const vendas = row('Vendas');
    await vendas.getByTestId('connection-disconnect').click();
    await expect.poll(() => vendas.getAttribute('data-status'), { timeout: 10_000 }).toBe('DISCONNECTED');
    await vendas.getByTestId('connection-retry').waitFor();
    await badge().waitFor({ timeout: 5_000 });
    await vendas.getByTestId('connection-new-qr').click();
    await vendas.getByTestId('connection-show-qr').waitFor({ timeout: 10_000 });
  });

  it('a refusal of the server is a translated toast: the only default cannot lose its star', async () => {
    await row('WhatsApp Demo').getByTestId('connection-edit').click();
    await page.getByTestId('connection-dialog').getByText('Padrão').click();
    expect(await page.getByTestId('connection-default').isChecked()).toBe(false);
    await page.getByTestId('connection-save').click();
    await page.getByText('Deve haver pelo menos um WhatsApp padrão.').waitFor({ timeout: 5_000 });
    await page.getByText('Cancelar').click();
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
    await row('WhatsApp Demo').getByTestId('connection-default-star').waitFor();
  });

  it('an admin edits the connection, picks its prompt, and deletes it after confirming', async () => {
    // A prompt of the company, made as its prompts page would, for the dialog's picker to offer.
    const prompt = await system.api('POST', '/prompt', {
      token: await browserToken(page),
      body: {
        name: 'Assistente de vendas',
        prompt:
          'Você é a assistente de vendas da loja: responda com educação e brevidade, sempre em português.',
        apiKey: 'sk-test-0000000000000000',
        queueId: DEMO.queueId,
      },
    });
    expect(prompt.status).toBe(201);
    const vendas = row('Vendas');
    await vendas.getByTestId('connection-edit').click();
    await page.getByTestId('connection-name').fill('Vendas 2');
    await page.getByTestId('connection-tab-automation').click();
    await page.getByTestId('connection-timeToTransfer').fill('15');
    const picker = page.getByTestId('connection-prompt');
    await expect.poll(() => picker.isEnabled(), { timeout: 5_000 }).toBe(true);
    await picker.selectOption({ label: 'Assistente de vendas' });
    // No welcome flow or integration is chosen: those pickers offer "Nenhum" first.
    expect(await page.getByTestId('connection-welcome-flow').inputValue()).toBe('');
    await page.screenshot({ path: 'e2e/screenshots/connection-automation.png' });
    await page.getByTestId('connection-save').click();
    await row('Vendas 2').waitFor({ timeout: 5_000 });
    const { rows } = await system.ctx.pool.query(
      "SELECT settings->>'timeToTransfer' AS minutes, settings->>'promptId' AS prompt FROM whatsapps WHERE name = 'Vendas 2'",
    );
    expect(rows[0]).toEqual({ minutes: '15', prompt: prompt.body.id });
    // Opened again, the dialog shows the prompt it saved.
    await row('Vendas 2').getByTestId('connection-edit').click();
    await page.getByTestId('connection-tab-automation').click();
    await expect.poll(() => page.getByTestId('connection-prompt').inputValue()).toBe(prompt.body.id);
    await page.getByText('Cancelar').click();
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
    await row('Vendas 2').getByTestId('connection-delete').click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir' }).click();
    await row('Vendas 2').waitFor({ state: 'detached', timeout: 5_000 });
    // Only the (connected) demo connection is left: no badge.
    await badge().waitFor({ state: 'detached', timeout: 5_000 });
  });
});
