import {
  type CompanySignedUp,
  defaultCompanySettings,
  type TenancyEvent,
} from '@zelo/contracts/tenancy/events';
import {
  companyCreated,
  companyDeleted,
  companyDueDateMoved,
  companySettingChanged,
  companySignedUp,
  companyUpdated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  type CompanyCommand,
  type CompanyState,
  daysUntilDue,
  decideCompany,
  evolveCompany,
  initialCompanyState,
  isSubscriptionActive,
  trialDueDate,
} from './company.ts';

const spec = decider<CompanyState, CompanyCommand, TenancyEvent>({
  initialState: initialCompanyState,
  evolve: evolveCompany,
  decide: decideCompany,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const company: CompanySignedUp['data'] = {
  companyId,
  name: 'Padaria Central',
  email: 'contato@padaria.example',
  phone: '11999990000',
  planId: '00000000-0000-4000-8000-000000000050',
  recurrence: 'MENSAL',
  dueDate: '2025-03-13T23:59:59.000Z',
  settings: defaultCompanySettings,
};
const signedUp = companySignedUp(company);
const changed = (key: string, value: string) => companySettingChanged({ companyId, key, value });

describe('Company', () => {
  describe('When not signed up', () => {
    it('signing up records the company with its settings', () =>
      spec.given([]).when({ type: 'SignUpCompany', company }).then([signedUp]));

    it('changing a setting refuses with ERR_NO_COMPANY_FOUND', () =>
      spec
        .given([])
        .when({ type: 'ChangeSetting', key: 'userRating', value: 'enabled' })
        .thenThrows('ERR_NO_COMPANY_FOUND'));
  });

  describe('When signed up', () => {
    it('signing up again (a double-clicked form) decides nothing', () =>
      spec.given([signedUp]).when({ type: 'SignUpCompany', company }).thenNothing());

    it('turning ratings on is recorded', () =>
      spec
        .given([signedUp])
        .when({ type: 'ChangeSetting', key: 'userRating', value: 'enabled' })
        .then([changed('userRating', 'enabled')]));

    it('saving a setting with the value it already has decides nothing', () =>
      spec.given([signedUp]).when({ type: 'ChangeSetting', key: 'call', value: 'enabled' }).thenNothing());

    it('a setting changed earlier is compared with its latest value', () =>
      spec
        .given([signedUp, changed('userRating', 'enabled')])
        .when({ type: 'ChangeSetting', key: 'userRating', value: 'enabled' })
        .thenNothing());

    it('a privacy setting (LGPD) it was created without is changed from its default', () => {
      spec
        .given([signedUp])
        .when({ type: 'ChangeSetting', key: 'messageRetentionDays', value: '90' })
        .then([changed('messageRetentionDays', '90')]);
      spec
        .given([signedUp])
        .when({ type: 'ChangeSetting', key: 'messageRetentionDays', value: '0' })
        .thenNothing();
    });

    it('an unknown setting refuses with ERR_NO_SETTING_FOUND', () =>
      spec
        .given([signedUp])
        .when({ type: 'ChangeSetting', key: 'darkMode', value: 'enabled' })
        .thenThrows('ERR_NO_SETTING_FOUND'));

    it('weekly hours are recorded as given', () => {
      const schedules = [{ weekday: 'monday' as const, startTime: '08:00', endTime: '18:00' }];
      spec
        .given([signedUp])
        .when({ type: 'ChangeSchedules', schedules })
        .then([{ type: 'CompanySchedulesChanged', data: { companyId, schedules } }]);
    });

    // `in` would also find Object.prototype members: PUT /settings/constructor must still be refused.
    it('a key named like a built-in object property is still an unknown setting', () =>
      spec
        .given([signedUp])
        .when({ type: 'ChangeSetting', key: 'constructor', value: 'enabled' })
        .thenThrows('ERR_NO_SETTING_FOUND'));
  });
});

describe('Company due date moved by a payment', () => {
  const invoiceId = '00000000-0000-4000-8000-0000000000a1';
  const pay = (id = invoiceId, invoiceDueDate = company.dueDate) => ({
    type: 'MoveDueDateForPayment' as const,
    invoiceId: id,
    invoiceDueDate,
  });
  const moved = (dueDate: string, previousDueDate: string | null, id = invoiceId) =>
    companyDueDateMoved({ companyId, dueDate, previousDueDate, invoiceId: id, reason: 'payment' });

  describe('When signed up (MENSAL)', () => {
    it('a paid invoice moves the due date one month on', () =>
      spec
        .given([signedUp])
        .when(pay())
        .then([moved('2025-04-13T23:59:59.000Z', company.dueDate)]));

    it('an invoice due later than the company moves from the invoice due date', () =>
      spec
        .given([signedUp])
        .when(pay(invoiceId, '2025-04-13T23:59:59.000Z'))
        .then([moved('2025-05-13T23:59:59.000Z', company.dueDate)]));

    it('a stale invoice (due before the company) moves from the company due date', () =>
      spec
        .given([signedUp])
        .when(pay(invoiceId, '2025-01-13T23:59:59.000Z'))
        .then([moved('2025-04-13T23:59:59.000Z', company.dueDate)]));

    it('a second notice for the same invoice decides nothing', () =>
      spec
        .given([signedUp, moved('2025-04-13T23:59:59.000Z', company.dueDate)])
        .when(pay())
        .thenNothing());

    it('another invoice moves it again from the new due date', () => {
      const other = '00000000-0000-4000-8000-0000000000a2';
      spec
        .given([signedUp, moved('2025-04-13T23:59:59.000Z', company.dueDate)])
        .when(pay(other, '2025-04-13T23:59:59.000Z'))
        .then([moved('2025-05-13T23:59:59.000Z', '2025-04-13T23:59:59.000Z', other)]);
    });
  });

  describe('When the super user set ANUAL and cleared the due date', () => {
    const edited = companyUpdated({
      companyId,
      name: company.name,
      email: company.email,
      phone: company.phone,
      planId: company.planId,
      status: true,
      dueDate: null,
      recurrence: 'ANUAL',
    });
    it('the invoice due date moves by a year', () =>
      spec
        .given([signedUp, edited])
        .when(pay(invoiceId, '2025-03-13T23:59:59.000Z'))
        .then([moved('2026-03-13T23:59:59.000Z', null)]));
  });

  describe('When deleted', () => {
    it('a payment refuses with ERR_NO_COMPANY_FOUND', () =>
      spec
        .given([signedUp, companyDeleted({ companyId })])
        .when(pay())
        .thenThrows('ERR_NO_COMPANY_FOUND'));
  });

  describe('When unknown', () => {
    it('a payment refuses with ERR_NO_COMPANY_FOUND', () =>
      spec.given([]).when(pay()).thenThrows('ERR_NO_COMPANY_FOUND'));
  });
});

describe('Company by the super user', () => {
  const created = companyCreated({ companyId, ...profile(), settings: { ...defaultCompanySettings } });
  function profile() {
    return {
      name: 'Padaria Central',
      email: 'contato@padaria.example',
      phone: '11999990000',
      planId: company.planId,
      status: true,
      dueDate: null as string | null,
      recurrence: 'MENSAL' as const,
    };
  }

  it('creating records the company once', () => {
    spec.given([]).when({ type: 'CreateCompany', company: created.data }).then([created]);
    spec.given([created]).when({ type: 'CreateCompany', company: created.data }).thenNothing();
  });

  it('an update records the whole profile with the changed fields', () =>
    spec
      .given([created])
      .when({ type: 'UpdateCompany', changes: { status: false, name: undefined } })
      .then([companyUpdated({ companyId, ...profile(), status: false })]));

  it('an update that changes nothing decides nothing', () =>
    spec
      .given([created])
      .when({ type: 'UpdateCompany', changes: { name: 'Padaria Central' } })
      .thenNothing());

  it('campaignsEnabled is the company setting of that name', () =>
    spec
      .given([created])
      .when({ type: 'UpdateCompany', changes: {}, campaignsEnabled: false })
      .then([changed('campaignsEnabled', 'disabled')]));

  it('deleting records it once; a deleted company is not found', () => {
    spec
      .given([created])
      .when({ type: 'DeleteCompany' })
      .then([companyDeleted({ companyId })]);
    spec
      .given([created, companyDeleted({ companyId })])
      .when({ type: 'DeleteCompany' })
      .thenNothing();
    spec
      .given([created, companyDeleted({ companyId })])
      .when({ type: 'UpdateCompany', changes: { name: 'X' } })
      .thenThrows('ERR_NO_COMPANY_FOUND');
  });

  it('only a deleted company is erased, once', () => {
    spec.given([created]).when({ type: 'EraseCompany' }).thenNothing();
    spec
      .given([created, companyDeleted({ companyId })])
      .when({ type: 'EraseCompany' })
      .then([{ type: 'CompanyErased', data: { companyId } }]);
  });
});

describe('Subscription dates', () => {
  it('a trial is due three days after sign-up, at the end of that day', () => {
    expect(trialDueDate(new Date('2025-03-10T15:30:00.000Z'))).toBe('2025-03-13T23:59:59.000Z');
  });

  it('a trial started near the end of a month is due in the next month', () => {
    expect(trialDueDate(new Date('2025-02-27T00:00:00.000Z'))).toBe('2025-03-02T23:59:59.000Z');
  });

  it('a subscription is active until, but not at, its due instant', () => {
    const due = '2025-03-13T23:59:59.000Z';
    expect(isSubscriptionActive(due, new Date('2025-03-13T23:59:58.999Z'))).toBe(true);
    expect(isSubscriptionActive(due, new Date(due))).toBe(false);
    expect(isSubscriptionActive(due, new Date('2025-03-14T00:00:00.000Z'))).toBe(false);
  });

  it('counts whole days left, a part of a day counting as a day', () => {
    const due = '2025-03-15T12:00:00.000Z';
    expect(daysUntilDue(due, new Date('2025-03-10T12:00:00.000Z'))).toBe(5);
    expect(daysUntilDue(due, new Date('2025-03-11T12:00:00.000Z'))).toBe(4);
    expect(daysUntilDue(due, new Date('2025-03-15T11:00:00.000Z'))).toBe(1);
  });

  it('counts days past due as negative', () => {
    expect(daysUntilDue('2025-03-15T12:00:00.000Z', new Date('2025-03-19T12:00:00.000Z'))).toBe(-4);
  });
});
