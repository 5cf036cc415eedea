import { apiRequest } from '../../../lib/api.ts';

/** Any status; a running campaign is cancelled by the server first. */
export const deleteCampaign = (id: string) =>
  apiRequest<unknown>(`/campaigns/${encodeURIComponent(id)}`, { method: 'DELETE' });
