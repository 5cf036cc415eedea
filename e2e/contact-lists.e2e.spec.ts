import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// An admin creates a contact list, imports a real .xlsx with one bad row, reads the error report (the
// contact's name and why), and sees the good rows in the list with WhatsApp's answer per number.
describe('contact lists in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    ({ browser, page } = await openPage());
    dir = await mkdtemp(join(tmpdir(), 'zelo-contact-lists-e2e-'));
    await logIn(page, web.url, DEMO.email, DEMO.password);
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates a list from the menu', async () => {
    await page.getByTestId('menu-contact-lists').click();
    await page.getByTestId('contact-lists-page').waitFor({ timeout: 10_000 });
    await page.getByTestId('cl-add').click();
    await page.getByTestId('cl-name').fill('Clientes da Feira');
    await page.getByTestId('cl-save').click();
    const row = page.getByTestId('cl-row').filter({ hasText: 'Clientes da Feira' });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getByTestId('cl-row-count').textContent()).toBe('0');
  });

  it('imports an .xlsx: the bad row is reported by name, the good rows appear with their WhatsApp state', async () => {
    // One of the numbers has WhatsApp on the simulated network; the other does not.
    await system.simulator!.addPhone('5511987650001', 'Marta');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['nome', 'numero', 'email'],
        ['Marta Rocha', '5511987650001', 'marta@example.com'],
        ['Z', '5511987650002', ''],
        ['Otávio Lima', 5511987650003, ''],
      ]),
      'Contatos',
    );
    const file = join(dir, 'feira.xlsx');
    await writeFile(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));

    await page.getByTestId('cl-row').filter({ hasText: 'Clientes da Feira' }).getByTestId('cl-open').click();
    await page.getByTestId('contact-list-items-page').waitFor({ timeout: 10_000 });
    await page.getByText('Contatos da lista Clientes da Feira').waitFor({ timeout: 10_000 });
    await page.getByTestId('cli-import').click();
    await page.getByTestId('cli-import-file').setInputFiles(file);
    await page.getByTestId('cli-import-submit').click();

    const report = page.getByTestId('cli-import-result');
    await report.waitFor({ timeout: 15_000 });
    expect(await report.textContent()).toContain('2 contatos importados, 1 linha recusada.');
    const errors = page.getByTestId('cli-import-error');
    expect(await errors.count()).toBe(1);
    expect(await errors.first().textContent()).toMatch(/Linha 3.*Z.*Nome: Muito curto!/);
    await page.screenshot({ path: 'e2e/screenshots/contact-list-import.png' });
    await page.getByTestId('cli-import-close').click();

    const rows = page.getByTestId('cli-row');
    await rows.filter({ hasText: 'Otávio Lima' }).waitFor({ timeout: 10_000 });
    expect(await rows.getByTestId('cli-row-name').allTextContents()).toEqual(['Marta Rocha', 'Otávio Lima']);
    // WhatsApp's answers arrive live: Marta is on WhatsApp, Otávio is not.
    await rows
      .filter({ hasText: 'Marta Rocha' })
      .locator('[data-testid="cli-whatsapp"][data-state="valid"]')
      .waitFor({ timeout: 15_000 });
    await rows
      .filter({ hasText: 'Otávio Lima' })
      .locator('[data-testid="cli-whatsapp"][data-state="invalid"]')
      .waitFor({ timeout: 15_000 });

    await page.getByTestId('cli-back').click();
    const list = page.getByTestId('cl-row').filter({ hasText: 'Clientes da Feira' });
    await list.getByTestId('cl-row-count').filter({ hasText: '2' }).waitFor({ timeout: 10_000 });
  });
});
