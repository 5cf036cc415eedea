import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import {
  browserToken,
  closeAll,
  launchChromium,
  logIn,
  startProductAndWeb,
  type startWeb,
} from './browser.ts';

// A quick reply with an attachment: kept from the dialog, shown with a paperclip, sent with its text
// from the input's slash menu. And desktop notifications away from /tickets (section 4).
describe('quick reply attachments and notifications everywhere, in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  let ticketId: string;
  const number = '5511955556666';

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['notifications'], { origin: web.url });
    // Records every notification the page shows, so the test can read them.
    await context.addInitScript(() => {
      const shown: string[] = [];
      (window as unknown as { shown: string[] }).shown = shown;
      class Recorded {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        onclick: unknown = null;
        constructor(title: string) {
          shown.push(title);
        }
        close() {}
      }
      (window as unknown as { Notification: unknown }).Notification = Recorded;
    });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
    token = (await system.login(DEMO.email, DEMO.password)).token;
    const contact = await system.api('POST', '/contacts', { token, body: { name: 'Lia Cliente', number } });
    const ticket = await system.api('POST', '/tickets', {
      token,
      body: { contactId: contact.body.id, queueId: DEMO.queueId, status: 'open' },
    });
    ticketId = ticket.body.id;
    await logIn(page, web.url, DEMO.email, DEMO.password);
    token = await browserToken(page); // the API login's token ended with the browser's login
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('notifies a customer message while the agent is on another page', async () => {
    await page.goto(`${web.url}/quick-messages`);
    await page.getByTestId('qm-add').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Lia Cliente' }, 'Olá?');
    await page.waitForFunction(() => (window as unknown as { shown: string[] }).shown.length > 0, null, {
      timeout: 5_000,
    });
  });

  it('keeps an attachment on a quick reply from its dialog', async () => {
    await page.getByTestId('qm-add').click();
    await page.getByTestId('qm-shortcode').fill('tabela');
    await page.getByTestId('qm-message').fill('Segue nossa tabela de preços.');
    await page.getByTestId('qm-file').setInputFiles({
      name: 'tabela.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 pretend'),
    });
    await expect(page.getByTestId('qm-attachment-name').textContent()).resolves.toContain('tabela.pdf');
    await page.getByTestId('qm-save').click();
    const row = page.getByTestId('qm-row').filter({ hasText: '/tabela' });
    await row.getByTestId('qm-paperclip').waitFor({ timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/quick-message-attachment.png' });
  });

  it('sends the attachment with the text when the quick reply is picked', async () => {
    await page.goto(`${web.url}/tickets/${ticketId}`);
    const input = page.getByTestId('message-input');
    await input.fill('/ta');
    await page.getByTestId('quick-answer').first().click();
    await page.getByTestId('stored-attachment').filter({ hasText: 'tabela.pdf' }).waitFor({ timeout: 5_000 });
    await page.getByTestId('message-send').click();
    await page.getByTestId('message').filter({ hasText: 'Segue nossa tabela' }).waitFor({ timeout: 5_000 });
    // The box clears once the send is answered, which may come just after the socket's push.
    await page.getByTestId('stored-attachment').waitFor({ state: 'detached', timeout: 5_000 });
    const messages = await system.api('GET', `/messages/${ticketId}`, { token });
    const sent = messages.body.messages.find((m: { body: string }) => m.body.includes('Segue nossa tabela'));
    expect(sent).toMatchObject({ mediaType: 'application', fromMe: true });
    expect(sent.mediaUrl).toMatch(new RegExp(`^/public/${DEMO.companyId}/`));
  });

  it('stores and shows an attachment name with underscores for its spaces (doc 2 §2.7)', async () => {
    await page.goto(`${web.url}/quick-messages`);
    await page.getByTestId('qm-add').click();
    await page.getByTestId('qm-shortcode').fill('arquivo');
    await page.getByTestId('qm-message').fill('Segue o arquivo.');
    await page.getByTestId('qm-file').setInputFiles({
      name: 'meu arquivo teste.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 pretend'),
    });
    // The dialog already shows the name it will be stored under.
    expect(await page.getByTestId('qm-attachment-name').textContent()).toContain('meu_arquivo_teste.pdf');
    await page.getByTestId('qm-save').click();
    const row = page.getByTestId('qm-row').filter({ hasText: '/arquivo' });
    await row
      .getByTestId('qm-paperclip')
      .filter({ hasText: 'meu_arquivo_teste.pdf' })
      .waitFor({ timeout: 5_000 });
    const list = await system.api('GET', '/quick-messages?searchParam=arquivo', { token });
    const stored = list.body.records.find((m: { shortcode: string }) => m.shortcode === 'arquivo');
    expect(stored.mediaName).toBe('meu_arquivo_teste.pdf');
  });
});
