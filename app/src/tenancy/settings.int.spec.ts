import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../testing/system.ts';
import { type Tenant, twoCompanies } from '../testing/two-companies.ts';

// Doc 1 §2 settings screen (Options, Schedules), §3 Setting keys, §7 PUT /companies/{id}/schedules.
let system: TestSystem;
let a: Tenant;
let b: Tenant;
let plain: Tenant;

beforeAll(async () => {
  system = await startTestSystem();
  ({ a, b, plain } = await twoCompanies(system, 'settings'));
}, 60_000);
afterAll(async () => system?.close());

const setting = async (t: Tenant, key: string) =>
  (await system.api('GET', '/settings', { token: t.token })).body.find((s: any) => s.key === key)?.value;

describe('Settings', () => {
  it('an admin changes a setting of their own company only', async () => {
    const r = await system.api('PUT', '/settings/scheduleType', {
      token: a.token,
      body: { value: 'company' },
    });
    expect(r.status).toBe(200);
    expect(await setting(a, 'scheduleType')).toBe('company');
    expect(await setting(b, 'scheduleType')).toBe('disabled');
  });

  it('refuses a value the setting does not take, and an unknown key', async () => {
    const bad = await system.api('PUT', '/settings/scheduleType', {
      token: a.token,
      body: { value: 'sometimes' },
    });
    expect(bad.body.error).toBe('ERR_VALIDATION');
    const unknown = await system.api('PUT', '/settings/darkMode', {
      token: a.token,
      body: { value: 'enabled' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_SETTING_FOUND');
  });

  it('a plain user reads the settings but cannot change them (403)', async () => {
    expect(await setting(plain, 'scheduleType')).toBe('company');
    const r = await system.api('PUT', '/settings/scheduleType', {
      token: plain.token,
      body: { value: 'queue' },
    });
    expect(r.status).toBe(403);
    expect(await setting(a, 'scheduleType')).toBe('company');
  });
});

describe('Company schedules', () => {
  const hours = [
    { weekday: 'monday', startTime: '09:00', endTime: '17:30' },
    { weekday: 'sunday', startTime: '00:00', endTime: '00:00' },
  ];

  it('an admin saves the weekly hours of their company and reads them back', async () => {
    const r = await system.api('PUT', `/companies/${a.companyId}/schedules`, {
      token: a.token,
      body: { schedules: hours },
    });
    expect(r.status).toBe(200);
    expect(r.body.schedules).toEqual(hours);
    const read = await system.api('GET', `/companies/${a.companyId}/schedules`, { token: plain.token });
    expect(read.body.schedules).toEqual(hours);
  });

  it('refuses times that are not HH:MM', async () => {
    const r = await system.api('PUT', `/companies/${a.companyId}/schedules`, {
      token: a.token,
      body: { schedules: [{ weekday: 'monday', startTime: '9h', endTime: '17:30' }] },
    });
    expect(r.body.error).toBe('ERR_VALIDATION');
  });

  it('a plain user cannot change them (403)', async () => {
    const r = await system.api('PUT', `/companies/${a.companyId}/schedules`, {
      token: plain.token,
      body: { schedules: [] },
    });
    expect(r.status).toBe(403);
  });

  it("B's admin cannot read or change A's hours (404), which stay as they were", async () => {
    const path = `/companies/${a.companyId}/schedules`;
    expect((await system.api('GET', path, { token: b.token })).status).toBe(404);
    const put = await system.api('PUT', path, { token: b.token, body: { schedules: [] } });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('ERR_NO_COMPANY_FOUND');
    expect((await system.api('GET', path, { token: a.token })).body.schedules).toEqual(hours);
    expect(
      (await system.api('GET', `/companies/${b.companyId}/schedules`, { token: b.token })).body.schedules,
    ).toEqual([]);
  });
});
