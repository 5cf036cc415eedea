import type { SessionUserView } from '@zelo/contracts/users/read-models';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore, sessionAtom } from '../../../lib/store.ts';
import { applyPayment } from './payment-frames.ts';

const user = {
  id: 'u1',
  companyId: 'c1',
  company: { id: 'c1', name: 'Padaria', dueDate: '2026-01-10T12:00:00.000Z' },
} as unknown as SessionUserView;

describe('a payment frame and the session', () => {
  afterEach(() => appStore.set(sessionAtom, null));

  it("moves the session's company due date to the paid one", () => {
    appStore.set(sessionAtom, { token: 't', user });
    applyPayment({
      action: 'CONCLUIDA',
      invoiceId: 'i1',
      company: { id: 'c1', dueDate: '2026-02-10T12:00:00.000Z' },
    });
    expect(appStore.get(sessionAtom)?.user.company.dueDate).toBe('2026-02-10T12:00:00.000Z');
    expect(appStore.get(sessionAtom)?.token).toBe('t');
  });

  it("leaves the session alone for another company's payment", () => {
    appStore.set(sessionAtom, { token: 't', user });
    applyPayment({
      action: 'CONCLUIDA',
      invoiceId: 'i2',
      company: { id: 'c2', dueDate: '2027-01-01T00:00:00.000Z' },
    });
    expect(appStore.get(sessionAtom)?.user.company.dueDate).toBe('2026-01-10T12:00:00.000Z');
  });
});
