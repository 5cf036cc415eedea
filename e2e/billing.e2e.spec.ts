import { addRecurrence } from '@zelo/contracts/tenancy/recurrence';
import { issueInvoice } from '@zelo/services/billing/handlers';
import { eventually } from '@zelo/services/testing/eventually';
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
/** dd/MM/yyyy in this machine's time zone, as the browser beside it writes a date. */
const ddmmyyyy = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
};

/** The checkout's steps up to the Pix code: the payer's data, the plan, the review; answers the total shown. */
async function checkoutToPix(p: Page, invoice: { value: number }) {
  const data = {
    firstName: 'Rita',
    lastName: 'Souza',
    address: 'Rua das Flores, 10',
    city: 'Campinas',
    state: 'SP',
    zipcode: '13010-000',
    country: 'Brasil',
  };
  for (const [field, value] of Object.entries(data)) await p.getByTestId(`checkout-${field}`).fill(value);
  await p.getByTestId('checkout-next').click();
  // Step 2: the company's plan, its limits and price.
  await p.getByTestId('checkout-plan-summary').waitFor();
  await p.getByTestId('checkout-next').click();
  // Step 3: the review charges the invoice's value.
  await expect(p.getByTestId('checkout-review').textContent()).resolves.toContain('Rita Souza');
  const total = (await p.getByTestId('checkout-total').textContent())?.replace(/\s/g, ' ');
  expect(total).toBe(`R$ ${invoice.value.toFixed(2).replace('.', ',')}`);
  await p.getByTestId('checkout-next').click();
  await p.getByTestId('checkout-pix').waitFor({ timeout: 10_000 });
  return total;
}

interface Invoice {
  id: string;
  companyId: string;
  status: string;
  dueDate: string;
  value: number;
}

// A company on its trial pays the invoice its renewal issued, by Pix in the sandbox: the checkout's
// steps, the QR and code, then the payment seen live (success, home, the top bar's new due date) and
// the invoice paid in /financeiro. The operator's side is the super user marking it paid.
describe('billing in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let admin: Page;
  let companyId: string;
  let invoice: Invoice;
  let trialEnd: string;
  const email = 'caixa@padaria-pix.test';
  const password = 'padaria123';

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    const company = await system.signUpCompany('Padaria Pix', email, password, 0);
    companyId = company.companyId;
    // What the renewal workflow does when fewer than 20 days remain (the trial ends in 3): the invoice of
    // the company's due date, priced by its plan.
    const me = await system.api('GET', `/companies/${companyId}`, { token: company.token });
    trialEnd = me.body.dueDate;
    const plan = (await system.api('GET', '/plans/list')).body[0];
    await issueInvoice(
      system.deps,
      { companyId, dueDate: me.body.dueDate, detail: `Plano ${plan.name} - MENSAL`, value: plan.value },
      { actor: 'system:renewal', companyId },
    );
    await eventually(async () => {
      const list = await system.api('GET', '/invoices/all?pageNumber=1', { token: company.token });
      invoice = (list.body as Invoice[]).find((i) => i.status === 'open') as Invoice;
      return !!invoice;
    });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.url });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
    await logIn(page, web.url, email, password);
    admin = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await logIn(admin, web.url, DEMO.email, DEMO.password);
  }, 180_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('shows the trial days left, the charge e-mail and a way to sign', async () => {
    await page.goto(`${web.url}/subscription`);
    // Doc 2 §9: rounded-up days to the trial's end (three days ahead, at the end of that day).
    const days = Math.ceil((new Date(trialEnd).getTime() - Date.now()) / 86_400_000);
    expect(days).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('subscription-days').textContent()).resolves.toBe(`${days} dias restantes`);
    await expect(page.getByTestId('subscription-due').textContent()).resolves.toContain(ddmmyyyy(trialEnd));
    await expect(page.getByTestId('subscription-email').textContent()).resolves.toContain(email);
    await page.locator('[data-testid="subscription-sign-now"]:not([disabled])').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: 'e2e/screenshots/billing-subscription.png' });
  });

  it('lists the open invoice in /financeiro from the menu', async () => {
    await page.getByText('Financeiro', { exact: true }).click();
    await page.waitForURL(/\/financeiro$/);
    const row = page.getByTestId('invoice-row').filter({ hasText: invoice.id.slice(0, 8) });
    await expect(row.getAttribute('data-status')).resolves.toBe('open');
    await expect(row.getByTestId('invoice-status').textContent()).resolves.toBe('Em aberto');
    await expect(row.textContent()).resolves.toContain(ddmmyyyy(invoice.dueDate));
    // Only the super user's list names the company.
    await expect(page.getByRole('columnheader', { name: 'Empresa' }).count()).resolves.toBe(0);
  });

  it('walks the checkout to the Pix code of the invoice', async () => {
    await page
      .getByTestId('invoice-row')
      .filter({ hasText: invoice.id.slice(0, 8) })
      .getByTestId('invoice-pay')
      .click();
    // Step 1 refuses empty data.
    await page.getByTestId('checkout-next').click();
    await expect(page.getByText('Obrigatório').count()).resolves.toBeGreaterThan(0);
    const total = await checkoutToPix(page, invoice);
    // The Pix step: a BR Code (EMV, starting with its payload format indicator) drawn as a 256 px QR.
    const code = await page.getByTestId('checkout-pix-code').inputValue();
    expect(code).toMatch(/^000201/);
    const qr = page.getByTestId('checkout-pix-qr').locator('svg');
    await expect(qr.getAttribute('width')).resolves.toBe('256');
    await expect(page.getByTestId('checkout-pix-value').textContent()).resolves.toContain(total?.slice(3));
    await page.getByTestId('checkout-pix-copy').click();
    await page.getByTestId('checkout-pix-copy').getByText('Copiado!').waitFor({ timeout: 1_000 });
    // The confirmation lasts 1 s.
    await page.getByTestId('checkout-pix-copy').getByText('Copiar').waitFor({ timeout: 3_000 });
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);
    // The company admin is no super user: no sandbox button.
    await expect(page.getByTestId('checkout-mark-paid').count()).resolves.toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/billing-pix.png' });
  });

  it('the operator marks it paid: the payer sees the renewal, goes home, and the due date moves', async () => {
    await admin.goto(`${web.url}/financeiro`);
    await admin.getByRole('columnheader', { name: 'Empresa' }).waitFor();
    const row = admin.getByTestId('invoice-row').filter({ hasText: 'Padaria Pix' });
    await admin.screenshot({ path: 'e2e/screenshots/billing-invoices-super.png' });
    await row.getByTestId('invoice-mark-paid').click();

    await page.getByTestId('checkout-paid').waitFor({ timeout: 15_000 });
    const company = await system.api('GET', `/companies/${companyId}`, { token: await browserToken(admin) });
    const newDue = ddmmyyyy(company.body.dueDate);
    expect(new Date(company.body.dueDate).getTime()).toBeGreaterThan(new Date(invoice.dueDate).getTime());
    await expect(page.getByTestId('checkout-paid').textContent()).resolves.toContain(newDue);
    await page.getByText('Assinatura renovada com sucesso!').first().waitFor();
    await expect(page.getByTestId('top-bar-due-date').textContent()).resolves.toContain(newDue);
    const paidAt = Date.now();
    await page.waitForURL(`${web.url}/`, { timeout: 10_000 });
    expect(Date.now() - paidAt).toBeGreaterThan(2_000);
  });

  it('shows the invoice paid in /financeiro, with nothing left to pay', async () => {
    await page.goto(`${web.url}/financeiro`);
    const row = page.getByTestId('invoice-row').filter({ hasText: invoice.id.slice(0, 8) });
    await expect(row.getAttribute('data-status')).resolves.toBe('paid');
    await expect(row.getByTestId('invoice-status').textContent()).resolves.toBe('Pago');
    await expect(row.getByTestId('invoice-pay').count()).resolves.toBe(0);
    await page.goto(`${web.url}/subscription`);
    await page.getByTestId('subscription-no-invoice').waitFor();
  });

  it('reads the invoices in English and Spanish', async () => {
    for (const [lang, title, paid] of [
      ['en', 'Invoices', 'Paid'],
      ['es', 'Facturas', 'Pagada'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
      await page.goto(`${web.url}/financeiro`);
      await page.getByRole('heading', { name: title }).waitFor();
      await expect(page.getByTestId('invoice-status').first().textContent()).resolves.toBe(paid);
    }
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'pt'));
  });

  it("the super user pays its own company's invoice with the sandbox button of the Pix step", async () => {
    const token = await browserToken(admin);
    const demo = await system.api('GET', `/companies/${DEMO.companyId}`, { token });
    const { invoiceId } = await issueInvoice(
      system.deps,
      {
        companyId: DEMO.companyId,
        dueDate: demo.body.dueDate,
        detail: 'Plano Profissional - MENSAL',
        value: 199.9,
      },
      { actor: 'system:renewal', companyId: DEMO.companyId },
    );
    await admin.goto(`${web.url}/financeiro`);
    const row = admin.getByTestId('invoice-row').filter({ hasText: invoiceId.slice(0, 8) });
    await row.getByTestId('invoice-pay').click();
    await checkoutToPix(admin, { value: 199.9 });
    await admin.getByTestId('checkout-mark-paid').click();
    const newDue = ddmmyyyy(addRecurrence(demo.body.dueDate, 'MENSAL'));
    await admin.getByTestId('checkout-paid').filter({ hasText: newDue }).waitFor({ timeout: 15_000 });
    await expect(admin.getByTestId('top-bar-due-date').textContent()).resolves.toContain(newDue);
    await admin.waitForURL(`${web.url}/`, { timeout: 10_000 });
  });

  it('an unpaid invoice past its due date shows as expired, highlighted and still payable', async () => {
    const { invoiceId } = await issueInvoice(
      system.deps,
      {
        companyId,
        dueDate: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        detail: 'Plano Básico - MENSAL',
        value: 99,
      },
      { actor: 'system:renewal', companyId },
    );
    await page.goto(`${web.url}/financeiro`);
    const row = page.getByTestId('invoice-row').filter({ hasText: invoiceId.slice(0, 8) });
    await expect(row.getAttribute('data-status')).resolves.toBe('expired');
    await expect(row.getByTestId('invoice-status').textContent()).resolves.toBe('Vencido');
    const background = await row.evaluate((tr) => getComputedStyle(tr).backgroundColor);
    expect(background).toBe('rgba(205, 66, 70, 0.15)');
    await row.getByTestId('invoice-pay').waitFor();
  });
});
