import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemporalTest, type TemporalTest } from '../../testing/temporal.ts';
import { createRenewalActivities, type RenewalSubscription } from './activities.ts';
import { subscriptionRenewalsClient } from './client.ts';
import { renewalWorkflowId } from './workflow.ts';

// The renewal on the real Temporal dev server with short real durations (seconds for days). Its
// activities are built by the real factory over fake handlers: invoices keyed by company and due date
// (issuing twice issues once, as the invoice stream decides), and an outbox for the e-mails.

const companies = new Map<string, RenewalSubscription>();
const invoices = new Map<
  string,
  { companyId: string; dueDate: string; detail: string; value: number; paid: boolean }
>();
const mails: { to: string; subject: string; at: number }[] = [];

const activities = createRenewalActivities({
  async loadSubscription(companyId) {
    return companies.get(companyId) ?? null;
  },
  async issueInvoice(i) {
    const invoiceId = `${i.companyId}:${i.dueDate}`;
    if (!invoices.has(invoiceId)) invoices.set(invoiceId, { ...i, paid: false });
    return { invoiceId, paid: invoices.get(invoiceId)?.paid ?? false };
  },
  async invoicePaid(invoiceId) {
    return invoices.get(invoiceId)?.paid ?? false;
  },
  async sendMail(m) {
    mails.push({ to: m.to, subject: m.subject, at: Date.now() });
  },
  webUrl: 'http://localhost:5173',
});

let temporal: TemporalTest;
let renewals: ReturnType<typeof subscriptionRenewalsClient>;

beforeAll(async () => {
  temporal = await startTemporalTest('renewals', activities);
  // A "day" of the renewal is a second here: issue 4 s ahead, second reminder 2 s ahead.
  renewals = subscriptionRenewalsClient(temporal.client, temporal.taskQueue, {
    issueLeadMs: 4_000,
    reminderLeadMs: 2_000,
  });
});

afterAll(() => temporal?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
async function until<T>(fn: () => T | undefined | false, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(100);
  }
}

function company(email: string) {
  const companyId = randomUUID();
  companies.set(companyId, {
    name: 'Padaria',
    email,
    planName: 'Profissional',
    recurrence: 'MENSAL',
    value: 199.9,
    active: true,
  });
  return companyId;
}
const invoicesOf = (companyId: string) => [...invoices.values()].filter((i) => i.companyId === companyId);
const mailsTo = (email: string) => mails.filter((m) => m.to === email);

describe('renew subscription workflow', () => {
  it('issues the invoice ahead of the due date, reminds twice, and after the payment renews the next one', async () => {
    const companyId = company('a@renewal.example');
    const dueDate = inMs(6_000);
    const started = Date.now();
    await renewals.plan(companyId, dueDate);
    // Nothing before the lead time.
    await sleep(1_000);
    expect(invoicesOf(companyId)).toEqual([]);
    const [invoice] = await until(() => invoicesOf(companyId).length > 0 && invoicesOf(companyId));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_800);
    expect(invoice).toMatchObject({ dueDate, detail: 'Plano Profissional - MENSAL', value: 199.9 });
    await until(() => mailsTo('a@renewal.example').length === 1);
    await until(() => mailsTo('a@renewal.example').length === 2);
    expect(mailsTo('a@renewal.example').map((m) => m.subject)).toEqual([
      expect.stringContaining('vence em'),
      expect.stringContaining('vence em breve'),
    ]);

    // Paid: the company's due date moves (the reactor's signal), and the next invoice follows it.
    invoice.paid = true;
    const next = inMs(5_000);
    await renewals.plan(companyId, next);
    await until(() => invoicesOf(companyId).some((i) => i.dueDate === next));
    expect(invoicesOf(companyId)).toHaveLength(2);
  }, 40_000);

  it('a trial due within the reminder lead gets one e-mail; re-planning the same date sends nothing again', async () => {
    const companyId = company('b@renewal.example');
    const dueDate = inMs(1_500);
    await renewals.plan(companyId, dueDate);
    await until(() => mailsTo('b@renewal.example').length === 1);
    await renewals.plan(companyId, dueDate);
    await sleep(2_500);
    expect(mailsTo('b@renewal.example')).toHaveLength(1);
    expect(invoicesOf(companyId)).toHaveLength(1);
  }, 30_000);

  it('a paid invoice is not reminded; a deleted company stops the renewal', async () => {
    const companyId = company('c@renewal.example');
    const dueDate = inMs(3_000);
    invoices.set(`${companyId}:${dueDate}`, {
      companyId,
      dueDate,
      detail: 'x',
      value: 1,
      paid: true,
    });
    await renewals.plan(companyId, dueDate);
    await sleep(2_000);
    expect(mailsTo('c@renewal.example')).toHaveLength(0);
    await renewals.stop(companyId);
    const result = await temporal.client.workflow.getHandle(renewalWorkflowId(companyId)).result();
    expect(result).toBe('stopped');
    await renewals.stop(companyId);
  }, 30_000);

  it('a company without a due date waits, issuing nothing, until one is set', async () => {
    const companyId = company('d@renewal.example');
    await renewals.plan(companyId, null);
    await sleep(1_500);
    expect(invoicesOf(companyId)).toEqual([]);
    const dueDate = inMs(2_000);
    await renewals.plan(companyId, dueDate);
    await until(() => invoicesOf(companyId).length === 1);
    await renewals.stop(companyId);
  }, 30_000);
});
