import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { withWorkflows } from '../app/src/testing/workflows.ts';
import { browserToken, closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// LGPD (issue 25) in Chromium against the real product, with the workflows role on (the export and the
// erasure are workflows): an admin sets the privacy words, opts a customer out of campaigns from the
// contact's drawer (a campaign's report then counts them as "Descadastrado") and back in, exports the
// customer's data and downloads the zip once, then erases them.

const CUSTOMER = { number: '5511955557777', name: 'Helena Sigilo' };
const OTHER = { number: '5511955558888', name: 'Otávio Recebe' };

describe('privacy (LGPD) in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  let drawer: Locator;
  let listId: string;

  const row = () => page.getByTestId('contact-row').filter({ hasText: CUSTOMER.name });

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb(withWorkflows()));
    // The customer writes first, so the contact has a conversation that the export and erasure cover.
    await system.simulator!.customerSends(DEMO.whatsappId, CUSTOMER, 'Olá, quero saber do meu pedido 4471');
    ({ browser, page } = await openPage({ page: { acceptDownloads: true } }));
    await logIn(page, web.url, DEMO.email, DEMO.password);
    page.setDefaultTimeout(10_000);
    token = await browserToken(page);
    // A campaign list holding the customer's number and another's, both known to WhatsApp (the simulator).
    await system.simulator!.addPhone(OTHER.number, OTHER.name);
    const list = await system.api('POST', '/contact-lists', { token, body: { name: 'Clientes LGPD' } });
    listId = list.body.id;
    for (const r of [CUSTOMER, OTHER]) {
      const item = await system.api('POST', '/contact-list-items', {
        token,
        body: { contactListId: listId, name: r.name, number: r.number, email: '' },
      });
      expect(item.status).toBe(201);
      // The validation reactor asks the simulator about the number.
      const deadline = Date.now() + 30_000;
      while (
        !(await system.api('GET', `/contact-list-items/${item.body.id}`, { token })).body.isWhatsappValid
      ) {
        if (Date.now() > deadline) throw new Error(`${r.number} was not found on WhatsApp in 30 s`);
        await new Promise((done) => setTimeout(done, 250));
      }
    }
    drawer = page.getByTestId('contact-drawer-body');
  }, 180_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('saves the privacy settings, refusing a retention out of range on its field', async () => {
    await page.goto(`${web.url}/settings`);
    await page.getByTestId('settings-privacy-tab').click();
    const words = page.getByTestId('privacy-optOutWords');
    expect(await words.inputValue()).toBe('SAIR, PARAR, STOP, CANCELAR');
    await words.fill('SAIR, PARAR, STOP, CANCELAR, DESCADASTRAR');
    const days = page.getByTestId('privacy-messageRetentionDays');
    await days.fill('10');
    await page.getByTestId('privacy-save').click();
    await page.getByText('Informe 0 (desligado) ou de 30 a 3650 dias.').waitFor({ timeout: 2_000 });
    await page.screenshot({ path: 'e2e/screenshots/privacy-settings.png' });
    await days.fill('90');
    await page.getByTestId('privacy-save').click();
    await page.getByText('Configurações de privacidade salvas.').waitFor({ timeout: 5_000 });
    const settings = await system.api('GET', '/settings', { token });
    const value = (key: string) => settings.body.find((s: { key: string }) => s.key === key)?.value;
    expect(value('optOutWords')).toBe('SAIR, PARAR, STOP, CANCELAR, DESCADASTRAR');
    expect(value('messageRetentionDays')).toBe('90');
  });

  it('opts the customer out from the drawer; the contacts and the campaign list mark them', async () => {
    await page.goto(`${web.url}/contacts`);
    await row().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500); // the socket is connected
    expect(await row().getByTestId('opted-out-tag').count()).toBe(0);
    await row().getByTestId('contact-open').click();
    const state = drawer.getByTestId('contact-opt-out-state');
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe('Recebe campanhas');

    await drawer.getByTestId('contact-opt-out').click();
    await expect
      .poll(() => state.textContent(), { timeout: 5_000 })
      .toMatch(/^Descadastrado de campanhas desde \d{2}\/\d{2}\/\d{4}$/);
    await row().getByTestId('opted-out-tag').waitFor({ timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/privacy-drawer.png' });

    await page.goto(`${web.url}/contact-lists/${listId}/contacts`);
    const item = page.getByTestId('cli-row').filter({ hasText: CUSTOMER.name });
    await item.getByTestId('opted-out-tag').waitFor();
    const other = page.getByTestId('cli-row').filter({ hasText: OTHER.name });
    expect(await other.getByTestId('opted-out-tag').count()).toBe(0);
  }, 60_000);

  it('a campaign to the list skips the opted-out customer; the report says "Descadastrado"', async () => {
    await system.api('POST', '/campaign-settings', {
      token,
      body: { settings: { messageInterval: 0, longerIntervalAfter: 0 } },
    });
    const created = await system.api('POST', '/campaigns', {
      token,
      body: {
        name: 'Ofertas LGPD',
        message1: 'Olá {nome}, temos ofertas!',
        message2: '',
        message3: '',
        message4: '',
        message5: '',
        whatsappId: DEMO.whatsappId,
        scheduledAt: new Date(Date.now() + 1_500).toISOString(),
        contactListId: listId,
        tagListId: '',
        fileListId: '',
        status: 'PROGRAMADA',
        companyId: DEMO.companyId,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await page.goto(`${web.url}/campaign/${created.body.id}/report`);
    await expect
      .poll(() => page.getByTestId('report-status').getAttribute('data-status'), { timeout: 60_000 })
      .toBe('FINALIZADA');
    await expect.poll(() => page.getByTestId('report-optedOut').textContent(), { timeout: 10_000 }).toBe('1');
    expect(await page.getByTestId('report-failed').textContent()).toBe('0');
    const skipped = page.getByTestId('shipment-row').filter({ hasText: CUSTOMER.name });
    expect(await skipped.getAttribute('data-status')).toBe('optedOut');
    expect(await skipped.textContent()).toContain('Descadastrado');
    expect(await skipped.textContent()).not.toContain('optedOut'); // no failure shown for it
    const sent = page.getByTestId('shipment-row').filter({ hasText: OTHER.name });
    expect(await sent.getAttribute('data-status')).not.toBe('optedOut');
    await page.screenshot({ path: 'e2e/screenshots/privacy-campaign-report.png' });
  }, 90_000);

  it('opts the customer back in from the drawer', async () => {
    await page.goto(`${web.url}/contacts`);
    await row().getByTestId('opted-out-tag').waitFor();
    await page.waitForTimeout(500); // the socket is connected
    await row().getByTestId('contact-open').click();
    const state = drawer.getByTestId('contact-opt-out-state');
    await drawer.getByTestId('contact-opt-in').click();
    await expect.poll(() => state.textContent(), { timeout: 5_000 }).toBe('Recebe campanhas');
    await row().getByTestId('opted-out-tag').waitFor({ state: 'detached', timeout: 5_000 });
  }, 30_000);

  it("exports the customer's data and downloads the zip once", async () => {
    await drawer.getByTestId('contact-export-request').click();
    const downloadButton = drawer.getByTestId('contact-export-download');
    await downloadButton.waitFor({ timeout: 60_000 });
    await page.screenshot({ path: 'e2e/screenshots/privacy-export-ready.png' });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await readFile((await download.path()) as string);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const files = unzipSync(new Uint8Array(zip));
    const contactJson = Object.keys(files).find((name) => name.split('/').pop() === 'contact.json');
    expect(contactJson).toBeDefined();
    expect(strFromU8(files[contactJson as string])).toContain(CUSTOMER.name);

    // Once: the drawer says so, and the server answers a second download with 410.
    await drawer.getByTestId('contact-export-note').waitFor({ timeout: 5_000 });
    expect(await drawer.getByTestId('contact-export').getAttribute('data-status')).toBe('downloaded');
    const exportId = await drawer.getByTestId('contact-export').getAttribute('data-export-id');
    const again = await system.api('GET', `/contacts/exports/${exportId}/download`, { token });
    expect(again.status).toBe(410);
  }, 120_000);

  it('erases the customer only once the number is typed, and the name leaves the contacts list', async () => {
    await drawer.getByTestId('contact-erase').click();
    const dialog = page.getByTestId('erase-dialog');
    const confirm = page.getByTestId('erase-confirm');
    await page.getByTestId('erase-confirmation').fill('5511955550000');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('erase-confirmation').fill('+55 (11) 95555-7777');
    expect(await confirm.isDisabled()).toBe(false);
    await dialog.screenshot({ path: 'e2e/screenshots/privacy-erase-dialog.png' });
    await confirm.click();

    await drawer.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText(`Os dados pessoais de ${CUSTOMER.name} estão sendo apagados.`).waitFor();
    await row().waitFor({ state: 'detached', timeout: 10_000 });

    // A fresh load, once the erasure has run: a search for the name finds nobody (the empty state shows,
    // so the list did load), and the server's list agrees.
    await expect
      .poll(
        async () => {
          await page.goto(`${web.url}/contacts`);
          await page.getByTestId('contacts-search').fill('Helena');
          await page
            .getByText('Nenhum contato', { exact: true })
            .or(row())
            .first()
            .waitFor({ timeout: 5_000 });
          return page.getByText('Nenhum contato', { exact: true }).isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    const found = await system.api('GET', '/contacts?searchParam=helena', { token });
    expect(found.body.contacts).toEqual([]);
  }, 90_000);
});
