import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import { apiRequest } from '../../../lib/api.ts';

/** CANCELADA → EM_ANDAMENTO, resuming at the first contact not yet sent to (doc 2 §4). */
export const restartCampaign = (id: string) =>
  apiRequest<CampaignView>(`/campaigns/${encodeURIComponent(id)}/restart`, { method: 'POST' });
