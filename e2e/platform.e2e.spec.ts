import { addRecurrence } from '@zelo/contracts/tenancy/recurrence';
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

const pad = (n: number) => String(n).padStart(2, '0');
/** A local date `days` from today: yyyy-MM-dd for the date input, dd/MM/yyyy as the table shows it. */
const localDay = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return {
    input: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    shown: `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`,
    // Midday, so the calendar day is the same in any zone near this machine's.
    iso: new Date(d.getFullYear(), d.getMonth(), d.getDate(), 12).toISOString(),
  };
};
const ddmmyyyy = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
};

// The platform's owner (the demo admin is its super user) sells a one-user plan to a new company from
// the settings page; that company's admin sees its usage and is refused a second user with the limit
// named. The companies tab colours rows by days to the due date and its Expire button moves the date.
describe('companies and plans in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  /** The new company's admin, in a browser of its own. */
  let owner: Page;
  const companyEmail = 'dono@padaria-solo.test';
  const companyPassword = 'solo12345';

  const newPage = async () => {
    const p = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    p.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
    return p;
  };
  const openTab = async (p: Page, tab: 'companies' | 'plans') => {
    await p.goto(`${web.url}/settings`);
    await p.getByTestId(`settings-${tab}-tab`).click();
    await p.getByTestId(`${tab}-panel`).waitFor({ timeout: 10_000 });
  };

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    browser = await launchChromium();
    page = await newPage();
    await logIn(page, web.url, DEMO.email, DEMO.password);
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('the super user creates a plan allowing one user, priced in BRL', async () => {
    await openTab(page, 'plans');
    await page.getByTestId('plan-row').filter({ hasText: 'Profissional' }).waitFor({ timeout: 10_000 });
    await page.getByTestId('plans-add').click();
    await page.getByTestId('plan-name').fill('Solo');
    await page.getByTestId('plan-users').fill('1');
    await page.getByTestId('plan-connections').fill('1');
    await page.getByTestId('plan-queues').fill('2');
    await page.getByTestId('plan-value').fill('49.9');
    await page.getByTestId('plan-useKanban').dispatchEvent('click');
    await expect(page.getByTestId('plan-useKanban').isChecked()).resolves.toBe(false);
    await page.screenshot({ path: 'e2e/screenshots/platform-plan-dialog.png' });
    await page.getByTestId('plan-save').click();
    const row = page.getByTestId('plan-row').filter({ hasText: 'Solo' });
    await row.waitFor({ timeout: 10_000 });
    await expect(row.getByTestId('plan-row-value').textContent()).resolves.toBe('R$\u00a049,90');
    await expect(row.getByTestId('plan-flag-useKanban').getAttribute('data-on')).resolves.toBe('false');
    await expect(row.getByTestId('plan-flag-useCampaigns').getAttribute('data-on')).resolves.toBe('true');
  });

  it('refuses a second plan of the same name, saying why', async () => {
    // The first plan's dialog closed (under load it can still be on its way out), a new one open.
    await page.getByTestId('plan-name').waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByTestId('plans-add').click();
    await page.getByTestId('plan-name').waitFor({ timeout: 10_000 });
    await page.getByTestId('plan-name').fill('solo');
    await page.getByTestId('plan-save').click();
    await page.getByText('Já existe um plano com este nome.', { exact: false }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
  });

  it('creates a company on that plan, its first admin with it', async () => {
    await openTab(page, 'companies');
    await page.getByTestId('companies-add').click();
    await page.getByTestId('company-name').fill('Padaria Solo');
    await page.getByTestId('company-email').fill(companyEmail);
    await page.getByTestId('company-phone').fill('11987654321');
    await expect(page.getByTestId('company-phone').inputValue()).resolves.toBe('(11) 98765-4321');
    await page.getByTestId('company-password').fill(companyPassword);
    await page.getByTestId('company-plan').selectOption({ label: 'Solo' });
    await page.getByTestId('company-due-date').fill(localDay(30).input);
    await page.getByTestId('company-save').click();
    const row = page.getByTestId('company-row').filter({ hasText: 'Padaria Solo' });
    await row.waitFor({ timeout: 10_000 });
    await expect(row.textContent()).resolves.toContain('Solo');
    await expect(row.getByTestId('company-row-due').textContent()).resolves.toBe(localDay(30).shown);
    await expect(row.getAttribute('data-due-colour')).resolves.toBe('none');
  });

  it("the company's admin sees the usage and is refused a second user, the limit named", async () => {
    owner = await newPage();
    await logIn(owner, web.url, companyEmail, companyPassword);
    await owner.goto(`${web.url}/users`);
    await expect(owner.getByTestId('usage-users').textContent()).resolves.toBe('Usuários: 1 / 1');
    await owner.getByTestId('users-add').click();
    await owner.getByTestId('user-name').fill('Segunda Pessoa');
    await owner.getByTestId('user-email').fill('segunda@padaria-solo.test');
    await owner.getByTestId('user-password').fill('segunda123');
    await owner.getByTestId('user-save').click();
    const toast = owner.locator('.bp6-toast').filter({ hasText: 'Seu plano não permite mais usuários' });
    await toast.waitFor({ timeout: 10_000 });
    await expect(toast.textContent()).resolves.toContain('O plano permite 1.');
    await owner.screenshot({ path: 'e2e/screenshots/platform-user-limit.png' });
    await owner.keyboard.press('Escape');
  });

  it('the same admin sees the connections usage, and a queue beyond the plan is refused', async () => {
    await owner.goto(`${web.url}/connections`);
    await expect(owner.getByTestId('usage-connections').textContent()).resolves.toBe('Conexões: 0 / 1');
    await owner.goto(`${web.url}/queues`);
    await expect(owner.getByTestId('usage-queues').textContent()).resolves.toBe('Filas: 0 / 2');
    for (const name of ['Vendas', 'Suporte']) {
      await owner.getByTestId('queues-add').click();
      await owner.getByTestId('queue-name').fill(name);
      await owner.getByTestId('queue-save').click();
      await owner.getByTestId('queues-row').filter({ hasText: name }).waitFor({ timeout: 10_000 });
    }
    await expect
      .poll(() => owner.getByTestId('usage-queues').textContent(), { timeout: 5_000 })
      .toBe('Filas: 2 / 2');
    await owner.getByTestId('queues-add').click();
    await owner.getByTestId('queue-name').fill('Financeiro');
    await owner.getByTestId('queue-save').click();
    const toast = owner.locator('.bp6-toast').filter({ hasText: 'Seu plano não permite mais filas' });
    await toast.waitFor({ timeout: 10_000 });
    await expect(toast.textContent()).resolves.toContain('O plano permite 2.');
    // An admin who is not the super user keeps to the company's own settings.
    await owner.goto(`${web.url}/settings`);
    await owner.getByTestId('settings-options').waitFor({ timeout: 10_000 });
    await expect(owner.getByTestId('settings-companies-tab').count()).resolves.toBe(0);
    await expect(owner.getByTestId('settings-plans-tab').count()).resolves.toBe(0);
    await expect(owner.getByTestId('settings-helps-tab').count()).resolves.toBe(0);
    await owner.context().close();
  });

  it('colours company rows by days to the due date', async () => {
    const token = await browserToken(page);
    const plans = await system.api('GET', '/plans/all', { token });
    const planId = (plans.body as { id: string; name: string }[]).find((p) => p.name === 'Solo')?.id;
    for (const [name, days] of [
      ['Cinco Dias', 5],
      ['Dois Dias', 2],
      ['Vencida Quatro', -4],
      ['Vencida Dez', -10],
    ] as const) {
      const r = await system.api('POST', '/companies', {
        token,
        body: {
          name,
          email: `${name.toLowerCase().replace(/ /g, '.')}@cores.test`,
          phone: '11912345678',
          password: 'cores123',
          planId,
          dueDate: localDay(days).iso,
          recurrence: 'MENSAL',
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    await openTab(page, 'companies');
    const colour = (name: string) =>
      page.getByTestId('company-row').filter({ hasText: name }).getAttribute('data-due-colour');
    await page.getByTestId('company-row').filter({ hasText: 'Vencida Dez' }).waitFor({ timeout: 10_000 });
    await expect(colour('Cinco Dias')).resolves.toBe('pale-yellow');
    await expect(colour('Dois Dias')).resolves.toBe('orange');
    await expect(colour('Vencida Quatro')).resolves.toBe('red');
    await expect(colour('Vencida Dez')).resolves.toBe('none');
    await page.screenshot({ path: 'e2e/screenshots/platform-companies.png' });
  });

  it('the Expire button moves a due date by the recurrence, and search narrows the rows', async () => {
    await page.getByTestId('companies-search').fill('vencida quatro');
    const row = page.getByTestId('company-row').filter({ hasText: 'Vencida Quatro' });
    await expect.poll(() => page.getByTestId('company-row').count(), { timeout: 5_000 }).toBe(1);
    const before = localDay(-4).iso;
    await row.getByTestId('company-expire').click();
    const after = ddmmyyyy(addRecurrence(before, 'MENSAL'));
    await expect
      .poll(() => row.getByTestId('company-row-due').textContent(), { timeout: 10_000 })
      .toBe(after);
    await expect(row.getAttribute('data-due-colour')).resolves.toBe('none');
  });

  it('edits a company (switched off shows as inactive) and deletes one after confirming', async () => {
    await page.getByTestId('companies-search').fill('');
    const solo = page.getByTestId('company-row').filter({ hasText: 'Padaria Solo' });
    await solo.waitFor({ timeout: 10_000 });
    await solo.getByTestId('company-edit').click();
    await expect(page.getByTestId('company-name').inputValue()).resolves.toBe('Padaria Solo');
    await page.getByTestId('company-recurrence').selectOption('TRIMESTRAL');
    // A dispatched click toggles the hidden input wherever the dialog's opening transition has it.
    const status = page.getByTestId('company-status');
    await status.dispatchEvent('click');
    await expect(status.isChecked()).resolves.toBe(false);
    await page.getByTestId('company-save').click();
    await expect.poll(() => solo.textContent(), { timeout: 10_000 }).toContain('Inativa');
    await expect(solo.textContent()).resolves.toContain('Trimestral');
    await expect(solo.getByTestId('company-row-due').textContent()).resolves.toBe(localDay(30).shown);

    const gone = page.getByTestId('company-row').filter({ hasText: 'Vencida Dez' });
    await gone.getByTestId('company-delete').click();
    await page.getByTestId('company-confirm-delete').waitFor({ timeout: 5_000 });
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect.poll(() => gone.count(), { timeout: 10_000 }).toBe(0);
  });

  it('refuses to delete a plan a company still uses, saying so', async () => {
    await openTab(page, 'plans');
    const solo = page.getByTestId('plan-row').filter({ hasText: 'Solo' });
    await solo.getByTestId('plan-delete').click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir', exact: true }).click();
    await page
      .locator('.bp6-toast')
      .filter({ hasText: 'Este plano ainda é usado por empresas' })
      .waitFor({ timeout: 10_000 });
    await expect(solo.count()).resolves.toBe(1);
  });

  it('reads in English and in Spanish', async () => {
    for (const [lang, tab, due, monthly, plans] of [
      ['en', 'Companies', 'Due date', 'Monthly', 'Plans'],
      ['es', 'Empresas', 'Vencimiento', 'Mensual', 'Planes'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
      await openTab(page, 'companies');
      await expect(page.getByTestId('settings-companies-tab').textContent()).resolves.toBe(tab);
      await expect(page.getByTestId('settings-plans-tab').textContent()).resolves.toBe(plans);
      await page.getByRole('columnheader', { name: due }).waitFor({ timeout: 5_000 });
      await page.getByTestId('company-row').first().getByText(monthly).waitFor({ timeout: 5_000 });
    }
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'pt'));
  });
});
