import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { eventually } from '../services/src/testing/eventually.ts';
import { closeAll, logIn, startLoggedIn, type startWeb } from './browser.ts';

// Doc 2 §2.18: the admin reads how to call the external API and tries it from the page's forms; the
// simulated customer's phone receives what was sent. A plan without the API sends the user away.
describe('messages API page in the browser', () => {
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

  const outbound = async (number: string) =>
    (await system.simulator!.phoneMessages(DEMO.whatsappId, number)).filter(
      (m) => m.direction === 'outbound',
    );

  it('documents the endpoint and sends a text through the connection picked in the form', async () => {
    // The plan includes the API, so the admin finds the page in the side menu.
    await page.getByTestId('menu-messages-api').click();
    await page.waitForURL((u) => u.pathname === '/messages-api', { timeout: 5_000 });
    const url = page.getByTestId('messages-api-url');
    await url.waitFor({ timeout: 10_000 });
    expect(await url.textContent()).toBe(`POST ${system.url}/api/messages/send`);

    // Required fields are named before anything is sent.
    await page.getByTestId('api-text-send').click();
    const form = page.getByTestId('messages-api-text-form');
    expect(await form.getByText('Obrigatório').count()).toBe(3);

    await page.getByTestId('api-text-connection').selectOption({ label: 'WhatsApp Demo' });
    await eventually(async () => (await page.getByTestId('api-text-token').inputValue()) !== '');
    await page.getByTestId('api-text-number').fill('+55 11 97000-2001');
    await page.getByTestId('api-text-body').fill('Olá pela API!');
    await page.getByTestId('api-text-send').click();
    await page.getByText('Mensagem enviada').first().waitFor({ timeout: 5_000 });
    const received = await eventually(async () => {
      const m = await outbound('5511970002001');
      return m.length ? m : undefined;
    });
    expect(received.map((m) => m.body)).toEqual(['Olá pela API!']);
    await page.screenshot({ path: 'e2e/screenshots/messages-api.png', fullPage: true });
  });

  it('sends a file from the media form and shows a translated error for a bad token', async () => {
    await page.getByTestId('api-media-connection').selectOption({ label: 'WhatsApp Demo' });
    await eventually(async () => (await page.getByTestId('api-media-token').inputValue()) !== '');
    await page.getByTestId('api-media-number').fill('5511970002002');
    await page.getByTestId('api-media-file').setInputFiles({
      name: 'boleto.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 pretend'),
    });
    await page.getByTestId('api-media-send').click();
    const received = await eventually(async () => {
      const m = await outbound('5511970002002');
      return m.length ? m : undefined;
    });
    expect(received.map((m) => [m.body, m.mediaType])).toEqual([['boleto.pdf', 'application']]);

    await page.getByTestId('api-media-token').fill('nao-e-um-token');
    await page.getByTestId('api-media-send').click();
    await page.getByText('Token inválido. Verifique o token da conexão.').waitFor({ timeout: 5_000 });
    // The refused token did not end the admin's session.
    expect(new URL(page.url()).pathname).toBe('/messages-api');
  });

  it('sends a company whose plan lacks the API back to / with a warning', async () => {
    await system.signUpCompany('Empresa Sem API', 'admin@sem-api.dev', 'senhaB1', 0);
    const other = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await logIn(other, web.url, 'admin@sem-api.dev', 'senhaB1');
      // Without the plan flag the menu has no entry; typing the address sends the admin away.
      await other.getByTestId('menu-users').waitFor({ timeout: 5_000 });
      expect(await other.getByTestId('menu-messages-api').count()).toBe(0);
      await other.goto(`${web.url}/messages-api`);
      await other
        .getByText('Esta empresa não tem permissão para acessar esta página! Redirecionando...')
        .waitFor({ timeout: 5_000 });
      await other.waitForURL((u) => u.pathname === '/', { timeout: 5_000 });
    } finally {
      await other.close();
    }
  });
});
