import type { AnyEvent } from '@zelo/contracts/events';
import {
  companyCreated,
  companyDeleted,
  companyDueDateMoved,
  companySettingChanged,
  companySignedUp,
  companyUpdated,
  invoiceIssued,
  invoicePaid,
} from '@zelo/contracts/testing/events';
import type { ProjectionEvent } from '@zelo/projections/runner';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { invoicePaymentsReactor } from './payment-reactor.ts';
import { type SubscriptionRenewals, subscriptionRenewalsReactor } from './renewal-reactor.ts';

// Which call each event makes on the reactors' ports (Temporal's client, the tenancy handler).

const companyId = '00000000-0000-4000-8000-000000000001';
const dueDate = '2030-01-31T23:59:59.000Z';
const recorded = (e: AnyEvent) =>
  ({
    ...e,
    metadata: { companyId, actor: 'x', correlationId: 'c-1', at: dueDate },
  }) as unknown as ProjectionEvent;

async function renewalCallsFor(e: AnyEvent) {
  const calls: unknown[][] = [];
  const renewals: SubscriptionRenewals = {
    plan: async (id, d) => void calls.push(['plan', id, d]),
    stop: async (id) => void calls.push(['stop', id]),
  };
  await subscriptionRenewalsReactor(renewals).handle({} as pg.PoolClient, recorded(e));
  return calls;
}

describe('subscription renewals reactor', () => {
  it('a new company starts its renewal at its due date', async () => {
    expect(await renewalCallsFor(companySignedUp({ companyId, dueDate }))).toEqual([
      ['plan', companyId, dueDate],
    ]);
    expect(await renewalCallsFor(companyCreated({ companyId, dueDate: null }))).toEqual([
      ['plan', companyId, null],
    ]);
  });
  it('an edit or a payment re-plans it with the due date the event tells', async () => {
    expect(await renewalCallsFor(companyUpdated({ companyId, dueDate }))).toEqual([
      ['plan', companyId, dueDate],
    ]);
    expect(await renewalCallsFor(companyDueDateMoved({ companyId, dueDate }))).toEqual([
      ['plan', companyId, dueDate],
    ]);
  });
  it('a deleted company stops it; other events do nothing', async () => {
    expect(await renewalCallsFor(companyDeleted({ companyId }))).toEqual([['stop', companyId]]);
    expect(await renewalCallsFor(companySettingChanged({ companyId }))).toEqual([]);
  });
});

describe('invoice payments reactor', () => {
  it("a paid invoice moves its company's due date from the invoice's, in the payment's correlation", async () => {
    const invoiceId = '00000000-0000-4000-8000-0000000000a1';
    const moves: unknown[][] = [];
    const reactor = invoicePaymentsReactor(
      async (...args) => void moves.push(args),
      async (id) => (id === invoiceId ? dueDate : null),
    );
    await reactor.handle({} as pg.PoolClient, recorded(invoicePaid({ invoiceId, companyId })));
    await reactor.handle({} as pg.PoolClient, recorded(invoiceIssued({ invoiceId, companyId })));
    await reactor.handle({} as pg.PoolClient, recorded(invoicePaid({ companyId })));
    expect(moves).toEqual([
      [companyId, { invoiceId, dueDate }, { companyId, actor: 'system:billing', correlationId: 'c-1' }],
    ]);
  });
});
