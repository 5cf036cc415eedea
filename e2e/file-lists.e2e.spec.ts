import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSystem } from '../app/src/testing/system.ts';
import { closeAll, startLoggedIn, type startWeb } from './browser.ts';

// File lists (doc 2 §2.11) in Chromium: a list with two options and their files made in the dialog
// (with its busy state while the files go up), listed, found by the search, edited and deleted; and a
// list another session makes appears without a reload.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('file lists, in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  const api = (method: string, path: string, body?: unknown) => system.api(method, path, { token, body });
  const row = (name: string) => page.getByTestId('fl-row').filter({ hasText: name });

  beforeAll(async () => {
    ({ system, web, browser, page, token } = await startLoggedIn());
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('opens from the menu entry', async () => {
    const entry = page.getByTestId('menu-files');
    await expect(entry.textContent()).resolves.toContain('Lista de arquivos');
    await entry.click();
    await page.waitForURL(/\/files$/, { timeout: 10_000 });
    await page.getByTestId('file-lists-page').waitFor({ timeout: 10_000 });
  });

  it('creates a list with two options and their files, showing a busy state while they upload', async () => {
    // Each upload answers a moment late, so the busy state can be seen.
    await page.route('**/files/uploadList/**', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByTestId('fl-add').click();
    await page.getByTestId('fl-name').fill('Catálogo de verão');
    await page.getByTestId('fl-message').fill('Segue o nosso catálogo');
    await page.getByTestId('fl-add-option').click();
    await page.getByTestId('fl-add-option').click();
    const options = page.getByTestId('fl-option');
    await options.nth(0).getByTestId('fl-option-name').fill('Tabela de preços');
    await options.nth(0).getByTestId('fl-option-file').setInputFiles({
      name: 'tabela.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    // An unnamed option takes its file's name.
    await options.nth(1).getByTestId('fl-option-file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(options.nth(1).getByTestId('fl-option-name').inputValue()).resolves.toBe('logo');
    await page.getByTestId('fl-save').click();
    const busy = page.getByTestId('fl-busy');
    await busy.filter({ hasText: 'Enviando arquivo 1 de 2' }).waitFor({ timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/file-list-dialog-busy.png' });
    await busy.filter({ hasText: 'Enviando arquivo 2 de 2' }).waitFor({ timeout: 5_000 });
    await page.getByTestId('fl-name').waitFor({ state: 'detached', timeout: 10_000 });
    await page.unroute('**/files/uploadList/**');
    await row('Catálogo de verão').waitFor({ timeout: 5_000 });
    await expect(row('Catálogo de verão').textContent()).resolves.toContain('2/2');

    const listed = (await api('GET', '/files/?searchParam=verão')).body.files;
    expect(listed).toHaveLength(1);
    expect(listed[0].options).toMatchObject([
      { name: 'Tabela de preços', file: 'tabela.pdf', mediaType: 'application' },
      { name: 'logo', file: 'logo.png', mediaType: 'image' },
    ]);
  });

  it('shows a list made elsewhere without a reload, and finds lists by name', async () => {
    const made = await api('POST', '/files', { name: 'Contratos', message: 'Seguem os contratos' });
    expect(made.status).toBe(201);
    await row('Contratos').waitFor({ timeout: 10_000 });
    await page.getByTestId('fl-search').fill('contra');
    await expect.poll(async () => page.getByTestId('fl-row').count(), { timeout: 5_000 }).toBe(1);
    await page.getByTestId('fl-search').fill('');
    await row('Catálogo de verão').waitFor({ timeout: 5_000 });
  });

  it('edits a list: renames it and removes an option', async () => {
    await row('Catálogo de verão').getByRole('button', { name: 'Editar lista de arquivos' }).click();
    const options = page.getByTestId('fl-option');
    await expect(options.nth(0).getByTestId('fl-option-file-name').textContent()).resolves.toContain(
      'tabela.pdf',
    );
    await page.getByTestId('fl-name').fill('Catálogo de inverno');
    await options.nth(1).getByTestId('fl-option-remove').click();
    await page.getByTestId('fl-save').click();
    await row('Catálogo de inverno').waitFor({ timeout: 10_000 });
    await expect(row('Catálogo de inverno').textContent()).resolves.toContain('1/1');
    const list = (await api('GET', '/files/?searchParam=inverno')).body.files[0];
    expect(list.options).toMatchObject([{ name: 'Tabela de preços', file: 'tabela.pdf' }]);
    await page.screenshot({ path: 'e2e/screenshots/file-lists.png' });
  });

  it('deletes a list after confirming', async () => {
    await row('Catálogo de inverno').getByRole('button', { name: 'Excluir' }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir' }).click();
    await row('Catálogo de inverno').waitFor({ state: 'detached', timeout: 10_000 });
    expect((await api('GET', '/files/?searchParam=inverno')).body.files).toEqual([]);
  });
});
