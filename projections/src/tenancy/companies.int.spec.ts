import type { AnyEvent } from '@zelo/contracts/events';
import {
  companySchedulesChanged,
  companySettingChanged,
  companySignedUp,
  planCreated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { tenancyProjection } from './companies.ts';
import { companySettings, companySettingsAndHours, getPlan, signedUpCompany } from './queries.ts';
import { companySchedules } from './schedules-queries.ts';

describe('tenancy read model (plans, companies, settings)', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => (await db.given([tenancyProjection], events)).history;

  it('shows a plan with its limits and features', async () => {
    const plan = planCreated({
      name: 'Pro',
      users: 25,
      connections: 3,
      queues: 8,
      value: 199.9,
      useOpenAi: true,
    });
    await given(plan);
    expect(await getPlan(db.pool, plan.data.planId)).toEqual({
      ...plan.data,
      id: plan.data.planId,
      planId: undefined,
    });
  });

  it('shows a signed-up company, its settings as changed since, and its weekly hours', async () => {
    const plan = planCreated();
    const company = companySignedUp({
      planId: plan.data.planId,
      name: 'Acme',
      email: 'owner@acme.example',
      recurrence: 'ANUAL',
      dueDate: '2026-02-01T00:00:00.000Z',
      settings: { userRating: 'disabled', chatBotType: 'text' },
    });
    const { companyId } = company.data;
    const hours = [
      { weekday: 'monday' as const, startTime: '09:00', endTime: '17:00' },
      { weekday: 'saturday' as const, startTime: '09:00', endTime: '12:00' },
    ];
    await given(
      plan,
      company,
      companySettingChanged({ companyId, key: 'userRating', value: 'enabled' }),
      companySettingChanged({ companyId, key: 'scheduleType', value: 'company' }),
      companySchedulesChanged({ companyId, schedules: hours }),
    );
    expect(await signedUpCompany(db.pool, companyId)).toEqual({
      id: companyId,
      name: 'Acme',
      email: 'owner@acme.example',
      dueDate: '2026-02-01T00:00:00.000Z',
      planId: plan.data.planId,
      recurrence: 'ANUAL',
    });
    expect(await companySettings(db.pool, companyId)).toEqual([
      { key: 'chatBotType', value: 'text' },
      { key: 'scheduleType', value: 'company' },
      { key: 'userRating', value: 'enabled' },
    ]);
    expect(await companySchedules(db.pool, companyId)).toEqual(hours);
    expect(await companySettingsAndHours(db.pool, companyId)).toEqual({
      settings: { chatBotType: 'text', scheduleType: 'company', userRating: 'enabled' },
      schedules: hours,
    });
  });
});
