import { apiRequest } from '../../../lib/api.ts';

export const deleteTicket = (id: string) =>
  apiRequest<{ message: string }>(`/tickets/${encodeURIComponent(id)}`, { method: 'DELETE' });
