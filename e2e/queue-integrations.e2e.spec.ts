import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSystem } from '../app/src/testing/system.ts';
import { closeAll, startLoggedIn, type startWeb } from './browser.ts';

// Queue integrations (doc 2 §2.13) in Chromium: the menu entry, a webhook added in the dialog whose
// fields follow the type, its signing secret and empty delivery log on edit, a row made elsewhere
// appearing live, and a delete after confirming.

describe('queue integrations, in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  const api = (method: string, path: string, body?: unknown) => system.api(method, path, { token, body });
  const row = (name: string) => page.getByTestId('qi-row').filter({ hasText: name });

  beforeAll(async () => {
    ({ system, web, browser, page, token } = await startLoggedIn());
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('opens from the menu entry', async () => {
    const entry = page.getByTestId('menu-queue-integration');
    await expect(entry.textContent()).resolves.toContain('Integrações');
    await entry.click();
    await page.waitForURL(/\/queue-integration$/, { timeout: 10_000 });
    await page.getByTestId('queue-integrations-page').waitFor({ timeout: 10_000 });
  });

  it('adds a webhook; the fields follow the chosen type', async () => {
    await page.getByTestId('qi-add').click();
    await page.getByTestId('qi-type').selectOption('typebot');
    await page.getByTestId('qi-slug').waitFor({ timeout: 5_000 });
    await page.getByTestId('qi-type').selectOption('dialogflow');
    await page.getByTestId('qi-json').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('qi-url').count()).toBe(0);
    await page.getByTestId('qi-type').selectOption('webhook');
    await page.getByTestId('qi-name').fill('CRM da loja');
    await page.getByTestId('qi-url').fill('ftp://errado');
    await page.getByTestId('qi-save').click();
    await page.getByText('Informe uma URL http(s) válida').waitFor({ timeout: 5_000 });
    await page.getByTestId('qi-url').fill('https://crm.example/hook');
    await page.getByTestId('qi-save').click();
    await page.getByText('Integração adicionada com sucesso!').waitFor({ timeout: 10_000 });
    await row('CRM da loja').waitFor({ timeout: 10_000 });
    const [stored] = (await api('GET', '/queueIntegration/?searchParam=loja')).body.queueIntegrations;
    expect(stored).toMatchObject({
      type: 'webhook',
      name: 'CRM da loja',
      urlN8N: 'https://crm.example/hook',
    });
  });

  it('shows the signing secret and the delivery log when editing, and saves an edit', async () => {
    await row('CRM da loja').getByRole('button', { name: 'Editar integração' }).click();
    await expect
      .poll(async () => page.getByTestId('qi-secret').inputValue(), { timeout: 10_000 })
      .toMatch(/^[0-9a-f]{64}$/);
    await page.getByText('Nenhum envio ainda').waitFor({ timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/queue-integration-dialog.png' });
    await page.getByTestId('qi-name').fill('CRM da loja 2');
    await page.getByTestId('qi-save').click();
    await page.getByText('Integração editada com sucesso!').waitFor({ timeout: 10_000 });
    await row('CRM da loja 2').waitFor({ timeout: 10_000 });
  });

  it('shows an integration made elsewhere without a reload, and finds it by name', async () => {
    const made = await api('POST', '/queueIntegration', {
      type: 'n8n',
      name: 'Automação n8n',
      urlN8N: 'https://n8n.example/webhook/1',
    });
    expect(made.status).toBe(201);
    await row('Automação n8n').waitFor({ timeout: 10_000 });
    await page.getByTestId('qi-search').fill('n8n');
    await expect.poll(async () => page.getByTestId('qi-row').count(), { timeout: 5_000 }).toBe(1);
    await page.getByTestId('qi-search').fill('');
    await row('CRM da loja 2').waitFor({ timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/queue-integrations.png' });
  });

  it('deletes an integration after confirming', async () => {
    await row('CRM da loja 2').getByRole('button', { name: 'Excluir' }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir' }).click();
    await row('CRM da loja 2').waitFor({ state: 'detached', timeout: 10_000 });
    expect((await api('GET', '/queueIntegration/?searchParam=loja')).body.queueIntegrations).toEqual([]);
  });

  it("refuses a typebot's expiry or delay out of bounds with a field error, and saves them in bounds", async () => {
    await page.getByTestId('qi-add').click();
    await page.getByTestId('qi-type').selectOption('typebot');
    await page.getByTestId('qi-name').fill('Bot de vendas');
    await page.getByTestId('qi-url').fill('https://typebot.example');
    await page.getByTestId('qi-slug').fill('vendas');
    await page.getByTestId('qi-expires').fill('-1');
    await page.getByTestId('qi-delay').fill('999999999999');
    await page.getByTestId('qi-save').click();
    await page.getByText('Informe um número inteiro de 0 a 10080 minutos').waitFor({ timeout: 5_000 });
    await page.getByText('Informe um número inteiro de 0 a 60000 ms').waitFor({ timeout: 5_000 });
    expect((await api('GET', '/queueIntegration/?searchParam=vendas')).body.queueIntegrations).toEqual([]);
    await page.getByTestId('qi-expires').fill('30');
    await page.getByTestId('qi-delay').fill('1500');
    await page.getByTestId('qi-save').click();
    await row('Bot de vendas').waitFor({ timeout: 10_000 });
    const [stored] = (await api('GET', '/queueIntegration/?searchParam=vendas')).body.queueIntegrations;
    expect(stored).toMatchObject({ type: 'typebot', typebotExpires: 30, typebotDelayMessage: 1500 });
  });
});
