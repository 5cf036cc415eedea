import { randomUUID } from 'node:crypto';
import { issueInvoice, loadInvoice } from '@zelo/services/billing/handlers';
import { eventStoreMigrations, PostgresEventStore } from '@zelo/services/event-store/postgres';
import { systemClock } from '@zelo/services/platform/clock';
import { createTestDatabase, type TestDatabase } from '@zelo/services/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runZelo } from '../../testing/run-zelo.tsx';

describe('zelo billing pay', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let invoiceId: string;
  const companyId = randomUUID();

  beforeAll(async () => {
    db = await createTestDatabase([...eventStoreMigrations]);
    store = new PostgresEventStore(db.pool, db.url);
    ({ invoiceId } = await issueInvoice(
      { store, clock: systemClock },
      { companyId, dueDate: '2026-03-10T23:59:59.000Z', detail: 'Plano Básico - MENSAL', value: 49.9 },
      { companyId, actor: 'system:test' },
    ));
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('refuses with Efí configured: Efí notifies payments itself', async () => {
    process.env.PAYMENTS_PROVIDER = 'efi';
    try {
      const run = await runZelo(['billing', 'pay', invoiceId], { databaseUrl: db.url });
      expect(run.exitCode).toBe(1);
      expect(run.screen).toContain('ERR_PAYMENT_SANDBOX_ONLY');
    } finally {
      delete process.env.PAYMENTS_PROVIDER;
    }
  });

  it('marks a sandbox invoice paid, once', async () => {
    const run = await runZelo(['billing', 'pay', invoiceId], { databaseUrl: db.url });
    expect(run.exitCode).toBe(0);
    expect(run.screen).toContain(`✔ Invoice ${invoiceId} marked paid.`);
    expect(run.screen).toContain('Plano Básico - MENSAL, due 2026-03-10');
    const state = await loadInvoice({ store, clock: systemClock }, invoiceId);
    expect(state.kind === 'issued' && state.paid?.txid).toBe('sandbox');

    const again = await runZelo(['billing', 'pay', invoiceId], { databaseUrl: db.url });
    expect(again.exitCode).toBe(1);
    expect(again.screen).toContain('ERR_INVOICE_ALREADY_PAID');
  });

  it('names what is wrong with the id', async () => {
    const bad = await runZelo(['billing', 'pay', 'nope'], { databaseUrl: db.url });
    expect(bad.screen).toContain('"nope" is not an invoice id');
    const unknown = await runZelo(['billing', 'pay', randomUUID()], { databaseUrl: db.url });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.screen).toContain('ERR_NO_INVOICE_FOUND');
  });
});
