import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import { apiRequest } from '../../../lib/api.ts';

export const getCampaign = (id: string, signal?: AbortSignal) =>
  apiRequest<CampaignView>(`/campaigns/${encodeURIComponent(id)}`, { signal });
