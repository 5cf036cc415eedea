import type { DayHours } from '@zelo/contracts/weekly-hours';
import { apiRequest } from '../../../lib/api.ts';

export interface Setting {
  key: string;
  value: string;
}

export const listSettings = (signal?: AbortSignal) => apiRequest<Setting[]>('/settings', { signal });

export const updateSetting = (key: string, value: string) =>
  apiRequest<Setting>(`/settings/${encodeURIComponent(key)}`, { method: 'PUT', body: { value } });

export const getCompanySchedules = (companyId: string, signal?: AbortSignal) =>
  apiRequest<{ schedules: DayHours[] }>(`/companies/${encodeURIComponent(companyId)}/schedules`, { signal });

export const saveCompanySchedules = (companyId: string, schedules: DayHours[]) =>
  apiRequest<{ schedules: DayHours[] }>(`/companies/${encodeURIComponent(companyId)}/schedules`, {
    method: 'PUT',
    body: { schedules },
  });
