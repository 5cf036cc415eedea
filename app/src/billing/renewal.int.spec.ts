import { randomUUID } from 'node:crypto';
import { addRecurrence } from '@zelo/contracts/tenancy/recurrence';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, waitForMail } from '../testing/mailpit.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { withWorkflows } from '../testing/workflows.ts';

// The renewal as the product runs it: the sign-up's event starts the company's workflow through the
// reactor, the workflow issues the invoice and e-mails it (Mailpit), the payment moves the due date and
// re-plans the workflow, which issues the next invoice (the lead is widened here so that it is due at once).

interface Invoice {
  id: string;
  dueDate: string;
  status: string;
  detail: string;
  value: number;
}

describe('subscription renewal, end to end', () => {
  let system: TestSystem;
  let superToken: string;
  beforeAll(async () => {
    system = await startTestSystem({
      env: withWorkflows({
        ZELO_RENEWAL_ISSUE_LEAD_DAYS: '40',
      }),
    });
    superToken = (await system.login(DEMO.email, DEMO.password)).token;
  }, 300_000);
  afterAll(() => system?.close());

  it('a trial company gets its invoice and an e-mail; paying it renews the next one', async () => {
    const email = `renova-${randomUUID().slice(0, 8)}@padaria.example`;
    const company = await system.signUpCompany('Padaria Renova', email, 'senha123', 0);
    const plans = await system.api('GET', '/plans/list');
    const plan = plans.body[0];
    const first = await eventually(
      async () => {
        const list = await system.api('GET', '/invoices/all', { token: company.token });
        return (list.body as Invoice[])[0];
      },
      30_000,
      'the renewal issued the trial invoice',
    );
    const dueDate = (await system.api('GET', `/companies/${company.companyId}`, { token: company.token }))
      .body.dueDate;
    expect(first).toMatchObject({
      dueDate,
      status: 'open',
      detail: `Plano ${plan.name} - MENSAL`,
      value: plan.value,
    });
    const mail = await waitForMail(email, 1, 20_000);
    expect(mail.subject).toContain('vence em');
    expect(mail.text).toContain('/financeiro');

    const paid = await system.api('POST', `/invoices/${first.id}/pay`, { token: superToken });
    expect(paid.status).toBe(200);
    const next = addRecurrence(dueDate, 'MENSAL');
    const second = await eventually(
      async () => {
        const list = await system.api('GET', '/invoices/all', { token: company.token });
        return (list.body as Invoice[]).find((i) => i.dueDate === next);
      },
      30_000,
      'the next invoice, for the moved due date',
    );
    expect(second.status).toBe('open');
    const invoices = (await system.api('GET', '/invoices/all', { token: company.token })).body as Invoice[];
    expect(invoices.map((i) => [i.dueDate, i.status])).toEqual([
      [next, 'open'],
      [dueDate, 'paid'],
    ]);
    // One e-mail per invoice (the trial's second reminder would come with the first).
    await waitForMail(email, 2, 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mailsTo(email)).toHaveLength(2);
  }, 120_000);

  /** A company the super user creates with this recurrence and due date; its admin's e-mail and password. */
  async function companyDue(recurrence: string, dueDate: string) {
    const email = `${recurrence.toLowerCase()}-${randomUUID().slice(0, 8)}@padaria.example`;
    const plan = (await system.api('GET', '/plans/list')).body[0];
    const created = await system.api('POST', '/companies', {
      token: superToken,
      body: {
        name: `Padaria ${recurrence}`,
        email,
        phone: '11912345678',
        password: 'senha123',
        planId: plan.id,
        dueDate,
        recurrence,
      },
    });
    expect(created.status).toBe(201);
    return { companyId: created.body.id as string, email };
  }

  const invoiceOf = (companyId: string) =>
    eventually(
      async () => {
        const list = await system.api('GET', `/invoices/all?searchParam=`, { token: superToken });
        return (list.body as (Invoice & { companyId: string })[]).find((i) => i.companyId === companyId);
      },
      30_000,
      'the renewal issued the invoice',
    );

  it('a paid invoice moves the due date by the company recurrence (TRIMESTRAL, ANUAL), once', async () => {
    const dueDate = new Date(Date.now() + 10 * 86_400_000).toISOString();
    for (const recurrence of ['TRIMESTRAL', 'ANUAL'] as const) {
      const { companyId } = await companyDue(recurrence, dueDate);
      const invoice = await invoiceOf(companyId);
      expect(invoice.dueDate).toBe(dueDate);
      expect(invoice.detail).toContain(recurrence);
      expect((await system.api('POST', `/invoices/${invoice.id}/pay`, { token: superToken })).status).toBe(
        200,
      );
      // Paying again is refused and moves nothing.
      const again = await system.api('POST', `/invoices/${invoice.id}/pay`, { token: superToken });
      expect(again.body.error).toBe('ERR_INVOICE_ALREADY_PAID');
      const moved = await eventually(
        async () => {
          const c = (await system.api('GET', `/companies/${companyId}`, { token: superToken })).body;
          return c.dueDate !== dueDate ? c.dueDate : undefined;
        },
        20_000,
        'the due date moved',
      );
      expect(moved).toBe(addRecurrence(dueDate, recurrence));
    }
  }, 120_000);

  it('an invoice left unpaid past its due date refuses the login until it is paid', async () => {
    const dueDate = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const { companyId, email } = await companyDue('MENSAL', dueDate);
    const invoice = await invoiceOf(companyId);
    expect(invoice.status).toBe('expired');
    const refused = await system.api('POST', '/auth/login', { body: { email, password: 'senha123' } });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect((await system.api('POST', `/invoices/${invoice.id}/pay`, { token: superToken })).status).toBe(200);
    const moved = addRecurrence(dueDate, 'MENSAL');
    await eventually(
      async () =>
        (await system.api('GET', `/companies/${companyId}`, { token: superToken })).body.dueDate === moved,
      20_000,
      'the due date moved',
    );
    const allowed = await system.api('POST', '/auth/login', { body: { email, password: 'senha123' } });
    expect(allowed.status).toBe(200);
    // Paid late: a month on from the old due date, which may itself be past; a later login refusal
    // would then ask for the next invoice, not this one.
    expect(Date.parse(allowed.body.user.company.dueDate)).toBe(Date.parse(moved));
  }, 120_000);
});
