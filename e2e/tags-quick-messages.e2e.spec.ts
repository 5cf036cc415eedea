import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, startLoggedIn, type startWeb } from './browser.ts';

// An agent keeps quick replies and tags, tags a conversation from its header (creating the tag on the
// fly), sees the chip on the ticket row, and answers with "/shortcode" from the message input.
describe('tags and quick replies in the browser', () => {
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

  it('creates a quick reply on its page', async () => {
    await page.goto(`${web.url}/quick-messages`);
    await page.getByTestId('qm-add').click();
    await page.getByTestId('qm-shortcode').fill('horario');
    await page.getByTestId('qm-message').fill('Atendemos de segunda a sexta, das 8h às 18h, e aos sábados.');
    await page.getByTestId('qm-save').click();
    await page.getByTestId('qm-row').filter({ hasText: '/horario' }).waitFor({ timeout: 5_000 });
  });

  it('creates a tag on its page, and refuses a duplicate name with a translated error', async () => {
    await page.goto(`${web.url}/tags`);
    await page.getByTestId('tags-add').click();
    await page.getByTestId('tag-name').fill('Cliente VIP');
    await page.getByTestId('tag-save').click();
    await page.getByTestId('tag-row').filter({ hasText: 'Cliente VIP' }).waitFor({ timeout: 5_000 });
    await page.getByTestId('tags-add').click();
    await page.getByTestId('tag-name').fill('cliente vip');
    await page.getByTestId('tag-save').click();
    await page.getByText('Já existe uma tag com este nome.').waitFor({ timeout: 5_000 });
    await page.keyboard.press('Escape');
  });

  it('tags a conversation from the header, creating a tag on the fly, and the row shows it', async () => {
    await page.goto(`${web.url}/tickets`);
    await page.getByTestId('tab-pending').click();
    await page.waitForTimeout(500);
    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number: '5511955554444', name: 'Rita Cliente' },
      'Oi!',
    );
    const row = page.getByTestId('ticket-row').filter({ hasText: 'Rita Cliente' });
    await row.waitFor({ timeout: 5_000 });
    await row.hover();
    await row.getByTestId('ticket-accept').click();
    await page.getByTestId('tag-picker-open').click();
    await page.getByTestId('tag-picker-input').fill('Urgente');
    await page.getByTestId('tag-picker-create').click();
    await page.getByTestId('tag-picker').getByText('Urgente').waitFor({ timeout: 5_000 });
    await page.getByTestId('tag-picker-input').fill('vip');
    await page.getByRole('menuitem', { name: 'Cliente VIP' }).click();
    await page.getByTestId('tag-picker').getByText('Cliente VIP').waitFor({ timeout: 5_000 });
    await page.keyboard.press('Escape');
    await page
      .getByTestId('tab-open')
      .click()
      .catch(() => {});
    const openRow = page.getByTestId('ticket-row').filter({ hasText: 'Rita Cliente' });
    await openRow.getByTestId('ticket-row-tag').filter({ hasText: 'Urgente' }).waitFor({ timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/ticket-tagged.png' });
  });

  it('offers quick replies after "/" and two characters, and inserts the chosen one', async () => {
    const input = page.getByTestId('message-input');
    await input.fill('/h');
    expect(await page.getByTestId('quick-answers').count()).toBe(0);
    await input.fill('/ho');
    const option = page.getByTestId('quick-answer').first();
    await option.waitFor({ timeout: 5_000 });
    await expect(option.textContent()).resolves.toBe('/horario - Atendemos de segunda a sexta, das 8...');
    await page.screenshot({ path: 'e2e/screenshots/quick-answers.png' });
    await option.click();
    await expect(input.inputValue()).resolves.toBe(
      'Atendemos de segunda a sexta, das 8h às 18h, e aos sábados.',
    );
  });
});
