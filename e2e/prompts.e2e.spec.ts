import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, logIn, startLoggedIn, type startWeb } from './browser.ts';

// Prompts (doc 2 §2.12) in Chromium: the menu entry, a prompt made in the dialog (its §5 errors
// first), listed with its queue and max tokens, edited keeping the key, deleted; one made elsewhere
// appears without a reload; a company whose plan lacks OpenAI is sent home with the spec's toast.

const TEXT = 'Você é a atendente virtual da Pizzaria Zelo. Responda sobre sabores, preços e horários.';
const KEY = 'sk-proj-ChaveDoNavegador1234abcd';

describe('prompts, in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  const api = (method: string, path: string, body?: unknown) => system.api(method, path, { token, body });
  const row = (name: string) => page.getByTestId('pr-row').filter({ hasText: name });

  beforeAll(async () => {
    ({ system, web, browser, page, token } = await startLoggedIn());
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('opens from the menu entry', async () => {
    const entry = page.getByTestId('menu-prompts');
    await entry.click();
    await page.waitForURL(/\/prompts$/, { timeout: 10_000 });
    await page.getByTestId('prompts-page').waitFor({ timeout: 10_000 });
  });

  it('shows the errors of §5, then creates a prompt with the defaults of §9', async () => {
    await page.getByTestId('pr-add').click();
    await expect(page.getByTestId('pr-model').inputValue()).resolves.toBe('gpt-3.5-turbo-1106');
    await expect(page.getByTestId('pr-max-tokens').inputValue()).resolves.toBe('100');
    await expect(page.getByTestId('pr-temperature').inputValue()).resolves.toBe('1');
    await expect(page.getByTestId('pr-max-messages').inputValue()).resolves.toBe('10');
    await page.getByTestId('pr-name').fill('Pizz');
    await page.getByTestId('pr-prompt').fill('curto');
    await page.getByTestId('pr-save').click();
    await page.getByText('O nome deve ter no mínimo 5 caracteres').waitFor({ timeout: 5_000 });
    await page.getByText('O prompt deve ter no mínimo 50 caracteres').waitFor();
    await page.getByText('Selecione um setor').last().waitFor();
    await page.getByTestId('pr-name').fill('Pizzaria');
    await page.getByTestId('pr-prompt').fill(TEXT);
    await page.getByTestId('pr-api-key').fill(KEY);
    await page.getByTestId('pr-queue').selectOption({ label: 'Atendimento' });
    await page.getByTestId('pr-temperature').fill('0.7');
    await page.screenshot({ path: 'e2e/screenshots/prompt-dialog.png' });
    await page.getByTestId('pr-save').click();
    await page.getByTestId('pr-name').waitFor({ state: 'detached', timeout: 10_000 });
    await row('Pizzaria').waitFor({ timeout: 10_000 });
    await expect(row('Pizzaria').getByTestId('pr-row-queue').textContent()).resolves.toBe('Atendimento');
    await expect(row('Pizzaria').getByTestId('pr-row-tokens').textContent()).resolves.toBe('100');
    const [saved] = (await api('GET', '/prompt')).body.prompts;
    expect(saved).toMatchObject({ name: 'Pizzaria', temperature: 0.7, apiKey: 'sk-…abcd' });
  });

  it('edits a prompt keeping its key when the key field is left empty', async () => {
    await row('Pizzaria').getByRole('button', { name: 'Editar prompt' }).click();
    await expect(page.getByTestId('pr-api-key').inputValue()).resolves.toBe('');
    await page.getByTestId('pr-name').fill('Pizzaria Zelo');
    await page.getByTestId('pr-max-tokens').fill('250');
    await page.getByTestId('pr-save').click();
    await row('Pizzaria Zelo').waitFor({ timeout: 10_000 });
    await expect(row('Pizzaria Zelo').getByTestId('pr-row-tokens').textContent()).resolves.toBe('250');
    const [saved] = (await api('GET', '/prompt')).body.prompts;
    expect(saved).toMatchObject({ name: 'Pizzaria Zelo', maxTokens: 250, apiKey: 'sk-…abcd' });
  });

  it('shows a prompt made elsewhere without a reload, and deletes one after confirming', async () => {
    const made = await api('POST', '/prompt', {
      name: 'Feito em outra aba',
      prompt: TEXT,
      apiKey: 'sk-outra-aba-000000001111',
      queueId: DEMO.queueId,
    });
    expect(made.status).toBe(201);
    await row('Feito em outra aba').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: 'e2e/screenshots/prompts.png' });
    await row('Feito em outra aba').getByRole('button', { name: 'Excluir' }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir' }).click();
    await row('Feito em outra aba').waitFor({ state: 'detached', timeout: 10_000 });
    expect((await api('GET', '/prompt')).body.count).toBe(1);
  });

  it('a company whose plan lacks OpenAI has no menu entry and is sent away from /prompts', async () => {
    const other = await system.signUpCompany('Sem IA', 'semia@zelo.dev', 'semia123', 0);
    expect(other.user.company.plan.useOpenAi).toBe(false);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const p = await context.newPage();
    try {
      await logIn(p, web.url, 'semia@zelo.dev', 'semia123');
      await p.getByTestId('side-menu').waitFor();
      expect(await p.getByTestId('menu-prompts').count()).toBe(0);
      await p.goto(`${web.url}/prompts`);
      await p
        .getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
        .waitFor({ timeout: 10_000 });
      await p.waitForURL((url) => url.pathname !== '/prompts', { timeout: 10_000 });
      expect(await p.getByTestId('prompts-page').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
