import { readFile } from 'node:fs/promises';
import { strToU8, zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { browserToken, closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

/** A minimal .xlsx (inline strings, numbers as numbers), as a spreadsheet program would save it. */
function xlsx(rows: (string | number)[][]): Buffer {
  const col = (i: number) => String.fromCharCode(65 + i);
  const cell = (v: string | number, ref: string) =>
    typeof v === 'number'
      ? `<c r="${ref}"><v>${v}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map((r, i) => `<row r="${i + 1}">${r.map((v, j) => cell(v, `${col(j)}${i + 1}`)).join('')}</row>`)
    .join('')}</sheetData></worksheet>`;
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheet,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));
}

// Doc 1 §2 contacts page and contact drawer, in Chromium against the real product.
describe('contacts in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    // Before the browser logs in: a later login would tell the browser's session it was "accessed from
    // another computer" and reload it.
    ({ token } = await system.login(DEMO.email, DEMO.password));
    ({ browser, page } = await openPage({ page: { acceptDownloads: true } }));
    await logIn(page, web.url, DEMO.email, DEMO.password);
    token = await browserToken(page); // the API login's token ended with the browser's login
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('adds a contact with extra info from the contacts page', async () => {
    await page.goto(`${web.url}/contacts`);
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-name').fill('Joana Conceição');
    await page.getByTestId('contact-number').fill('5511955554444');
    await page.getByTestId('contact-email').fill('joana@cliente.com');
    await page.getByTestId('contact-add-extra').click();
    await page.locator('[name="extraInfo[0].name"]').fill('CPF');
    await page.locator('[name="extraInfo[0].value"]').fill('123.456.789-00');
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-row').filter({ hasText: 'Joana Conceição' }).waitFor({ timeout: 5_000 });
  });

  it('refuses a short name in the dialog', async () => {
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-name').fill('J');
    await page.getByTestId('contact-number').fill('5511955554445');
    await page.getByTestId('contact-save').click();
    await page.getByText('Muito curto!').waitFor({ timeout: 2_000 });
    await page.getByTestId('contact-cancel').click();
  });

  it('imports an .xlsx and shows the rows it refused', async () => {
    await page.getByTestId('contacts-import').click();
    const file = xlsx([
      ['Nome', 'Número', 'E-mail'],
      ['Pedro Planilha', 5511944443333, 'pedro@x.com'],
      ['X', '5511944443334', ''],
      ['Rita Planilha', '5511944443335', 'rita-sem-arroba'],
      ['Sara Planilha', '5511944443336', ''],
    ]);
    await page.getByTestId('contacts-import-file').setInputFiles({
      name: 'contatos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByTestId('contacts-import-submit').click();
    const result = page.getByTestId('contacts-import-result');
    await result.waitFor({ timeout: 10_000 });
    expect(await result.textContent()).toContain('2 contatos importados, 2 com erro');
    const errors = await page.getByTestId('contacts-import-error').allTextContents();
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('Linha 3');
    expect(errors[1]).toContain('Linha 4');
    expect(errors[1]).toContain('E-mail inválido');
    await page.screenshot({ path: 'e2e/screenshots/contacts-import.png' });
    await page.getByTestId('contacts-import-close').click();
    await page.getByTestId('contact-row').filter({ hasText: 'Pedro Planilha' }).waitFor({ timeout: 5_000 });
  });

  it('refuses a file that is not .xlsx', async () => {
    await page.getByTestId('contacts-import').click();
    await page.getByTestId('contacts-import-file').setInputFiles({
      name: 'contatos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name;number\nAna;5511'),
    });
    await page.getByTestId('contacts-import-problem').waitFor({ timeout: 2_000 });
    expect(await page.getByTestId('contacts-import-submit').isDisabled()).toBe(true);
    await page.getByTestId('contacts-import-close').click();
  });

  it('searches (debounced) and exports contatos.csv with a BOM and semicolons', async () => {
    await page.getByTestId('contacts-search').fill('planilha');
    await expect.poll(async () => page.getByTestId('contact-row').count(), { timeout: 5_000 }).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('contacts-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('contatos.csv');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('name;number;email');
    expect(text).toContain('Joana Conceição;5511955554444;joana@cliente.com');
    await page.getByTestId('contacts-search').fill('');
  });

  it('opens the new-ticket dialog from a contact, then the drawer shows it; edits it and keeps notes', async () => {
    const row = page.getByTestId('contact-row').filter({ hasText: 'Joana Conceição' });
    const contactId = (await row.getAttribute('data-contact-id'))!;
    const ticketsOfJoana = async () =>
      (await system.api('GET', '/tickets?showAll=true&searchParam=joana', { token })).body.tickets.filter(
        (t: { contactId: string }) => t.contactId === contactId,
      );
    await row.getByTestId('contact-new-ticket').click();
    // Doc 1 §2: "Abrir atendimento" opens the new-ticket dialog with the contact chosen; nothing is
    // created until the agent confirms, with the queue the dialog's rules ask for.
    const contactBox = page.getByTestId('new-ticket-contact');
    await contactBox.waitFor({ timeout: 5_000 });
    await expect(contactBox.inputValue()).resolves.toBe('Joana Conceição');
    await page.waitForTimeout(300);
    expect(await ticketsOfJoana()).toEqual([]);
    await page.screenshot({ path: 'e2e/screenshots/contact-new-ticket-dialog.png' });
    await page.getByTestId('new-ticket-queue').selectOption(DEMO.queueId);
    await page.getByTestId('new-ticket-submit').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}/, { timeout: 10_000 });
    const [created] = await ticketsOfJoana();
    expect(created).toMatchObject({ status: 'open', queueId: DEMO.queueId });
    expect(page.url()).toContain(created.id);
    await page.getByTestId('ticket-contact-info').click();
    const drawer = page.getByTestId('contact-drawer-body');
    await drawer.getByText('joana@cliente.com').waitFor({ timeout: 5_000 });
    expect(await drawer.getByTestId('contact-extra-info').textContent()).toContain('123.456.789-00');

    await drawer.getByTestId('contact-drawer-edit').click();
    await drawer.getByTestId('contact-name').fill('Jo');
    await drawer.getByTestId('contact-name').fill('J');
    await drawer.getByTestId('contact-drawer-save').click();
    await drawer.getByText('Muito curto!').waitFor({ timeout: 2_000 });
    await drawer.getByTestId('contact-name').fill('Joana C. Lima');
    await drawer.getByTestId('contact-drawer-save').click();
    await drawer
      .getByTestId('contact-drawer-name')
      .filter({ hasText: 'Joana C. Lima' })
      .waitFor({ timeout: 5_000 });

    await drawer.getByTestId('ticket-note-input').fill('Cliente prefere contato à tarde');
    await drawer.getByTestId('ticket-note-add').click();
    await page.getByText('Observação adicionada com sucesso!').waitFor({ timeout: 5_000 });
    await drawer.getByTestId('ticket-note').filter({ hasText: 'prefere contato' }).waitFor();
    await page.screenshot({ path: 'e2e/screenshots/contact-drawer.png' });
    await drawer.getByTestId('ticket-note-delete').click();
    await page.getByText('Observação excluída com sucesso!').waitFor({ timeout: 5_000 });
    expect(await drawer.getByTestId('ticket-note').count()).toBe(0);
  });
  it('shows a contact made elsewhere (a new customer writing) without a reload, and drops a deleted one', async () => {
    await page.goto(`${web.url}/contacts`);
    await page.getByTestId('contact-row').first().waitFor();
    await page.waitForTimeout(500); // the socket is connected
    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number: '5511977120001', name: 'Rita Ao Vivo' },
      'Primeira mensagem',
    );
    const row = page.getByTestId('contact-row').filter({ hasText: 'Rita Ao Vivo' });
    await row.waitFor({ timeout: 5_000 });
    const found = await system.api('GET', '/contacts?searchParam=rita ao vivo', { token });
    const deleted = await system.api('DELETE', `/contacts/${found.body.contacts[0].id}`, { token });
    expect(deleted.status).toBe(200);
    await row.waitFor({ state: 'detached', timeout: 5_000 });
  });
});
