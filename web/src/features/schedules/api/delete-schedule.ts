import { apiRequest } from '../../../lib/api.ts';

export const deleteSchedule = (id: string) =>
  apiRequest<{ message: string }>(`/schedules/${encodeURIComponent(id)}`, { method: 'DELETE' });
