import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { withWorkflows } from '../app/src/testing/workflows.ts';
import { browserToken, closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Doc 2 §2.9 campaigns in Chromium against the real product, with the workflows role on (a task queue
// of its own), so the Temporal worker really sends the campaign through the simulator at its time.

const RECIPIENTS = Array.from({ length: 20 }, (_, i) => ({
  name: `Cliente ${String(i + 1).padStart(2, '0')}`,
  number: `55119777${String(i + 1).padStart(5, '0')}`,
}));
const LIST_NAME = 'Clientes VIP';

/** A datetime-local value `ms` ahead in the browser's own wall-clock time, as a person would type it. */
const aheadInBrowser = (page: Page, ms: number) =>
  page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);

describe('campaigns in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  let listId: string;
  let connectionName: string;

  const row = (name: string) => page.getByTestId('campaign-row').filter({ hasText: name });

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb(withWorkflows()));
    ({ token } = await system.login(DEMO.email, DEMO.password));
    const connections = await system.api('GET', '/whatsapp', { token });
    connectionName = connections.body.find((c: { id: string }) => c.id === DEMO.whatsappId).name;

    // Twenty phones the simulated network knows (so WhatsApp calls them valid), in one contact list.
    for (const r of RECIPIENTS) await system.simulator!.addPhone(r.number, r.name);
    const list = await system.api('POST', '/contact-lists', { token, body: { name: LIST_NAME } });
    expect(list.status).toBe(201);
    listId = list.body.id;
    for (const r of RECIPIENTS) {
      const item = await system.api('POST', '/contact-list-items', {
        token,
        body: { contactListId: listId, name: r.name, number: r.number, email: '' },
      });
      expect(item.status).toBe(201);
    }
    // The validation reactor asks the connected simulator about each number.
    const validItems = async () => {
      let valid = 0;
      for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
        const r = await system.api(
          'GET',
          `/contact-list-items?contactListId=${listId}&pageNumber=${pageNumber}`,
          {
            token,
          },
        );
        valid += r.body.contacts.filter((c: { isWhatsappValid: boolean | null }) => c.isWhatsappValid).length;
        if (!r.body.hasMore) break;
      }
      return valid;
    };
    const deadline = Date.now() + 30_000;
    while ((await validItems()) < RECIPIENTS.length) {
      if (Date.now() > deadline) throw new Error('the list items were not found WhatsApp-valid in 30 s');
      await new Promise((r) => setTimeout(r, 250));
    }

    ({ browser, page } = await openPage());
    await logIn(page, web.url, DEMO.email, DEMO.password);
    token = await browserToken(page); // the API login's token ended with the browser's login
  }, 180_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('saves the campaign settings: no interval, a variable once (a repeated key is ignored), the safeguards', async () => {
    await page.getByTestId('menu-campaigns-config').click();
    await page.waitForURL(/\/campaigns-config$/);
    await page.getByTestId('settings-messageInterval').waitFor({ timeout: 10_000 });
    // Doc 2 §9's defaults before anything was saved.
    expect(await page.getByTestId('settings-messageInterval').inputValue()).toBe('20');
    expect(await page.getByTestId('settings-greaterInterval').inputValue()).toBe('60');

    await page.getByTestId('settings-messageInterval').selectOption('0');
    await page.getByTestId('settings-longerIntervalAfter').selectOption('0');
    await page.getByTestId('settings-variable-key').fill('loja');
    await page.getByTestId('settings-variable-value').fill('Loja Centro');
    await page.getByTestId('settings-variable-add').click();
    await page.getByTestId('settings-variable-key').fill('loja');
    await page.getByTestId('settings-variable-value').fill('Outra loja');
    await page.getByTestId('settings-variable-add').click();
    await page.getByText('A variável loja já existe: a repetida foi ignorada.').waitFor();
    expect(await page.getByTestId('settings-variable').count()).toBe(1);
    await page.getByTestId('settings-jitter').fill('0');
    await page.getByTestId('settings-daily-limit').fill('1000');
    await page.screenshot({ path: 'e2e/screenshots/campaign-settings.png' });
    await page.getByTestId('settings-save').click();
    await page.getByText('Configurações salvas').waitFor({ timeout: 5_000 });

    const rows = await system.api('GET', '/campaign-settings', { token });
    const saved = Object.fromEntries(
      rows.body.map((r: { key: string; value: string }) => [r.key, JSON.parse(r.value)]),
    );
    expect(saved).toMatchObject({
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 60,
      variables: [{ key: 'loja', value: 'Loja Centro' }],
      dailyLimitPerConnection: 1000,
      sendingWindow: null,
    });
  }, 30_000);

  it('sends a campaign to the twenty contacts of a list at its time, and the report follows it live', async () => {
    await page.getByTestId('menu-campaigns').click();
    await page.waitForURL(/\/campaigns$/);
    await page.getByTestId('campaigns-add').click();
    const dialog = page.locator('.campaign-dialog');
    await dialog.waitFor();
    await page.getByTestId('campaign-name').fill('Promoção de março');
    await page.getByTestId('campaign-message1').fill('Olá {nome}, a {loja} tem novidades!');
    // The settings' variable is offered beside the contact's three.
    expect(await page.getByTestId('campaign-placeholders').textContent()).toContain(
      '{nome}{email}{numero}{loja}',
    );
    await page.getByTestId('campaign-whatsapp').selectOption(DEMO.whatsappId);
    await page.getByTestId('campaign-contact-list').selectOption({ label: LIST_NAME });
    await page.getByTestId('campaign-scheduled-at').fill(await aheadInBrowser(page, 8_000));
    await page.screenshot({ path: 'e2e/screenshots/campaign-dialog.png' });
    await page.getByTestId('campaign-save').click();
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });

    const campaign = row('Promoção de março');
    await campaign.waitFor({ timeout: 5_000 });
    expect(await campaign.getAttribute('data-status')).toBe('PROGRAMADA');
    expect(await campaign.textContent()).toContain(LIST_NAME);

    await campaign.getByTestId('campaign-report').click();
    await page.waitForURL(/\/campaign\/[^/]+\/report$/);
    await page.getByTestId('report-name').filter({ hasText: 'Promoção de março' }).waitFor();
    expect(await page.getByTestId('report-connection').textContent()).toBe(connectionName);
    await page.screenshot({ path: 'e2e/screenshots/campaign-report-scheduled.png' });

    // Live: the counters climb as the frames arrive, without a reload.
    const shipmentLoads: number[] = [];
    const onRequest = (r: { url(): string }) =>
      r.url().includes('/shipments') && shipmentLoads.push(Date.now());
    page.on('request', onRequest);
    // Every status the report shows, as it shows it: twenty messages at interval 0 may run for less than
    // a locator's polling interval, so the running state is recorded by the page itself.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
      const note = () => {
        const status = document.querySelector('[data-testid="report-status"]')?.getAttribute('data-status');
        if (status && seen[seen.length - 1] !== status) seen.push(status);
      };
      note();
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-status'],
      });
    });
    await page
      .locator('[data-testid="report-status"][data-status="FINALIZADA"]')
      .waitFor({ timeout: 90_000 });
    expect(await page.evaluate(() => (window as unknown as { statusesSeen: string[] }).statusesSeen)).toEqual(
      ['PROGRAMADA', 'EM_ANDAMENTO', 'FINALIZADA'],
    );
    // Doc 2 §2.9: the report reloads 5 s after the finished update arrives, not at once.
    const finishedAt = Date.now();
    await expect
      .poll(() => shipmentLoads.filter((t) => t > finishedAt).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(shipmentLoads.find((t) => t > finishedAt)! - finishedAt).toBeGreaterThanOrEqual(4_000);
    page.off('request', onRequest);
    await expect
      .poll(() => page.getByTestId('report-delivered').textContent(), { timeout: 15_000 })
      .toBe('20');
    expect(await page.getByTestId('report-validContacts').textContent()).toBe('20');
    expect(await page.getByTestId('report-sent').textContent()).toBe('20');
    expect(await page.getByTestId('report-failed').textContent()).toBe('0');
    expect(await page.getByTestId('report-pending').textContent()).toBe('0');
    await expect.poll(() => page.getByTestId('shipment-row').count()).toBe(20);
    expect(await page.getByTestId('report-progress').getAttribute('aria-valuenow')).toBe('100');
    await page.screenshot({ path: 'e2e/screenshots/campaign-report.png' });

    // Each phone got exactly one message, with its name and the company's variable substituted.
    for (const r of RECIPIENTS) {
      const outbound = (await system.simulator!.phoneMessages(DEMO.whatsappId, r.number)).filter(
        (m) => m.direction === 'outbound',
      );
      expect(outbound.map((m) => m.body)).toEqual([`Olá ${r.name}, a Loja Centro tem novidades!`]);
    }
  }, 150_000);

  it('refuses to edit a running campaign and says why; cancels and restarts it from the list', async () => {
    // Five seconds between messages: the run lasts long enough to be caught running.
    const settings = await system.api('POST', '/campaign-settings', {
      token,
      body: { settings: { messageInterval: 5 } },
    });
    expect(settings.status).toBe(200);
    const created = await system.api('POST', '/campaigns', {
      token,
      body: {
        name: 'Lembrete lento',
        message1: 'Oi {nome}',
        whatsappId: DEMO.whatsappId,
        contactListId: listId,
        scheduledAt: new Date(Date.now() + 3_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);

    await page.getByTestId('report-back').click();
    await page.waitForURL(/\/campaigns$/);
    const campaign = row('Lembrete lento');
    await page
      .locator('[data-testid="campaign-row"][data-status="EM_ANDAMENTO"]')
      .filter({ hasText: 'Lembrete lento' })
      .waitFor({ timeout: 30_000 });

    await campaign.getByTestId('campaign-edit').click();
    const dialog = page.locator('.campaign-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('campaign-locked').textContent()).toContain(
      'Somente leitura: a campanha está em andamento',
    );
    expect(await page.getByTestId('campaign-save').count()).toBe(0);
    expect(await page.getByTestId('campaign-name').isDisabled()).toBe(true);
    expect(await page.getByTestId('campaign-message1').isDisabled()).toBe(true);
    await page.getByTestId('campaign-close').click();
    await dialog.waitFor({ state: 'detached' });
    // The server says the same to a client that tries anyway.
    const edit = await system.api('PUT', `/campaigns/${created.body.id}`, {
      token,
      body: { name: 'Outro nome', message1: 'x', whatsappId: DEMO.whatsappId, contactListId: listId },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');

    await campaign.getByTestId('campaign-cancel').click();
    // Doc 2 §8: the cancel's success toast, translated, which stays this area's 3 s (§2.1, §9).
    const cancelled = page.locator('.bp6-toast.bp6-intent-success').filter({ hasText: 'Campanha cancelada' });
    await cancelled.waitFor({ timeout: 5_000 });
    const shownAt = Date.now();
    await cancelled.waitFor({ state: 'detached', timeout: 8_000 });
    // Shown for 3 s, then 350 ms of fading out (the shared 2 s toast is gone after about 2.35 s).
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(3_000);
    await page
      .locator('[data-testid="campaign-row"][data-status="CANCELADA"]')
      .filter({ hasText: 'Lembrete lento' })
      .waitFor({ timeout: 10_000 });
    expect(await campaign.getByTestId('campaign-cancel').count()).toBe(0);

    // A cancelled campaign keeps its save button and its messages open (doc 2 §4).
    await campaign.getByTestId('campaign-edit').click();
    await dialog.waitFor();
    expect(await page.getByTestId('campaign-save').count()).toBe(1);
    expect(await page.getByTestId('campaign-message1').isDisabled()).toBe(false);
    expect(await page.getByTestId('campaign-name').isDisabled()).toBe(true);
    await page.getByTestId('campaign-close').click();
    await dialog.waitFor({ state: 'detached' });

    await campaign.getByTestId('campaign-restart').click();
    await page.getByText('Campanha reiniciada').waitFor({ timeout: 5_000 });
    await page
      .locator('[data-testid="campaign-row"][data-status="EM_ANDAMENTO"]')
      .filter({ hasText: 'Lembrete lento' })
      .waitFor({ timeout: 10_000 });

    // Deleting it (admins, after confirming) stops the run and drops the row.
    await campaign.getByTestId('campaign-delete').click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Campanha excluída com sucesso!').waitFor({ timeout: 5_000 });
    await campaign.waitFor({ state: 'detached', timeout: 5_000 });
  }, 90_000);

  it('a scheduled campaign’s report counts its list’s valid contacts, and follows the list live', async () => {
    const phones = ['5511966660001', '5511966660002', '5511966660003'];
    for (const [i, number] of phones.entries()) await system.simulator!.addPhone(number, `Agenda ${i}`);
    const list = await system.api('POST', '/contact-lists', { token, body: { name: 'Lista agendada' } });
    const add = (number: string) =>
      system.api('POST', '/contact-list-items', {
        token,
        body: { contactListId: list.body.id, name: `Contato ${number.slice(-1)}`, number, email: '' },
      });
    for (const number of phones.slice(0, 2)) expect((await add(number)).status).toBe(201);
    const created = await system.api('POST', '/campaigns', {
      token,
      body: {
        name: 'Agendada para depois',
        message1: 'Oi {nome}',
        whatsappId: DEMO.whatsappId,
        contactListId: list.body.id,
        scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    try {
      await page.goto(`${web.url}/campaign/${created.body.id}/report`);
      const valid = page.getByTestId('report-validContacts');
      await expect.poll(() => valid.textContent(), { timeout: 30_000 }).toBe('2');
      expect(await page.getByTestId('report-status').getAttribute('data-status')).toBe('PROGRAMADA');
      // A contact added to the list elsewhere (checked valid by the connection) shows without a reload.
      expect((await add(phones[2])).status).toBe(201);
      await expect.poll(() => valid.textContent(), { timeout: 30_000 }).toBe('3');
    } finally {
      await system.api('DELETE', `/campaigns/${created.body.id}`, { token });
    }
  }, 90_000);

  it('shows why a campaign could not start: a list without a WhatsApp number', async () => {
    const list = await system.api('POST', '/contact-lists', { token, body: { name: 'Sem WhatsApp' } });
    const item = await system.api('POST', '/contact-list-items', {
      token,
      body: { contactListId: list.body.id, name: 'Telefone fixo', number: '551133334444', email: '' },
    });
    expect(item.status).toBe(201);
    const created = await system.api('POST', '/campaigns', {
      token,
      body: {
        name: 'Sem destinatários',
        message1: 'Oi {nome}',
        whatsappId: DEMO.whatsappId,
        contactListId: list.body.id,
        scheduledAt: new Date(Date.now() + 2_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);

    await page.goto(`${web.url}/campaign/${created.body.id}/report`);
    await page.getByTestId('report-last-error').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('report-last-error').textContent()).toBe(
      'A campanha não pôde começar: A lista da campanha não tem nenhum contato com WhatsApp válido.',
    );
    expect(await page.getByTestId('report-status').getAttribute('data-status')).toBe('INATIVA');
    await page.getByTestId('report-back').click();
    await page.waitForURL(/\/campaigns$/);
  }, 45_000);

  it('a plan without campaigns hides the group; the cshow entry shows it, and the server still sends the page away', async () => {
    const other = await system.signUpCompany('Sem Campanhas', 'semcampanhas@zelo.dev', 'semcamp1', 0);
    expect(other.user.company.plan.useCampaigns).toBe(false);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const second = await context.newPage();
    try {
      await logIn(second, web.url, 'semcampanhas@zelo.dev', 'semcamp1');
      await second.getByTestId('menu-queues').waitFor({ timeout: 10_000 });
      expect(await second.getByTestId('menu-campaigns').count()).toBe(0);
      await second.goto(`${web.url}/campaigns-config`);
      await second
        .getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
        .waitFor({ timeout: 10_000 });
      await second.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });

      // Doc 2 §2.1: the cshow entry opens the campaign pages in the menu; the plan is still the server's call.
      await second.evaluate(() => localStorage.setItem('cshow', 'true'));
      await second.reload();
      await second.getByTestId('menu-campaigns').click();
      await second
        .getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
        .waitFor({ timeout: 10_000 });
      await second.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('keeps a draft without a date, with its attachment, and removes the attachment again', async () => {
    await page.getByTestId('campaigns-add').click();
    const dialog = page.locator('.campaign-dialog');
    await dialog.waitFor();
    await page.getByTestId('campaign-name').fill('A');
    await page.getByTestId('campaign-save').click();
    await dialog.getByText('Muito curto!').waitFor({ timeout: 2_000 });
    await page.getByTestId('campaign-name').fill('Rascunho com anexo');
    await page.getByTestId('campaign-draft-hint').waitFor();
    await page.getByTestId('campaign-file').setInputFiles({
      name: 'tabela.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 pretend'),
    });
    expect(await page.getByTestId('campaign-attachment-name').textContent()).toContain('tabela.pdf');
    await page.getByTestId('campaign-save').click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });

    const draft = row('Rascunho com anexo');
    await draft.waitFor();
    expect(await draft.getAttribute('data-status')).toBe('INATIVA');
    await draft.getByTestId('campaign-edit').click();
    await dialog.waitFor();
    expect(await page.getByTestId('campaign-locked').count()).toBe(0);
    expect(await page.getByTestId('campaign-attachment-name').textContent()).toContain('tabela.pdf');
    await page.getByTestId('campaign-remove-attachment').click();
    await page.getByTestId('campaign-save').click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await draft.getByTestId('campaign-edit').click();
    await dialog.waitFor();
    expect(await page.getByTestId('campaign-attachment-name').textContent()).toBe('Nenhum anexo');
    await page.getByTestId('campaign-close').click();
    await dialog.waitFor({ state: 'detached' });
  }, 30_000);

  it('speaks English after a language switch', async () => {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('campaigns-page').getByRole('heading', { name: 'Campaigns' }).waitFor();
    await page.getByTestId('menu-campaigns-config').filter({ hasText: 'Settings' }).waitFor();
    await page.getByRole('columnheader', { name: 'Contact list' }).waitFor();
    // The search settles for 500 ms, then asks the server.
    await expect.poll(() => page.getByTestId('campaign-row').count()).toBe(3);
    await page.getByTestId('campaigns-search').fill('PROMO');
    await expect.poll(() => page.getByTestId('campaign-row').count(), { timeout: 5_000 }).toBe(1);
    expect(await row('Promoção de março').getByTestId('campaign-status').textContent()).toBe('Finished');
    await row('Promoção de março').getByTestId('campaign-report').click();
    await page.getByText('Valid contacts').waitFor();
    await page.getByText('Delivered', { exact: true }).first().waitFor();
    await page.getByTestId('report-back').click();
    await page.getByTestId('menu-campaigns-config').click();
    await page.getByText('Interval between messages').waitFor();
    await page.getByText('Protection against number bans').waitFor();
  }, 30_000);
});
