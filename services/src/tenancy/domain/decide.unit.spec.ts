import {
  type CompanySignedUp,
  defaultCompanySettings,
  type TenancyEvent,
} from '@zelo/contracts/tenancy/events';
import { companySettingChanged, companySignedUp } from '@zelo/contracts/testing/events';
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
