import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { addRecurrence } from '@zelo/contracts/tenancy/recurrence';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, waitForMail } from '../testing/mailpit.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

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
    Runtime.install({ logger: new DefaultLogger('WARN') });
    execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/setup.mjs', import.meta.url))], {
      stdio: 'pipe',
    });
    system = await startTestSystem({
      env: {
        ZELO_ROLES: 'api,projections,channels,workflows',
        TEMPORAL_TASK_QUEUE: `zelo-test-${randomUUID()}`,
        ZELO_RENEWAL_ISSUE_LEAD_DAYS: '40',
      },
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
});
