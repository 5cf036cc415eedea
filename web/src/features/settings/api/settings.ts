import type { CompanySchedulesView, SettingView } from '@zelo/contracts/tenancy/read-models';
import type { DayHours } from '@zelo/contracts/weekly-hours';
import { apiRequest } from '../../../lib/api.ts';

export const listSettings = (signal?: AbortSignal) => apiRequest<SettingView[]>('/settings', { signal });

export const updateSetting = (key: string, value: string) =>
  apiRequest<SettingView>(`/settings/${encodeURIComponent(key)}`, { method: 'PUT', body: { value } });

export const getCompanySchedules = (companyId: string, signal?: AbortSignal) =>
  apiRequest<CompanySchedulesView>(`/companies/${encodeURIComponent(companyId)}/schedules`, { signal });

export const saveCompanySchedules = (companyId: string, schedules: DayHours[]) =>
  apiRequest<CompanySchedulesView>(`/companies/${encodeURIComponent(companyId)}/schedules`, {
    method: 'PUT',
    body: { schedules },
  });
