import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import { apiRequest } from '../../../lib/api.ts';

/** EM_ANDAMENTO → CANCELADA (doc 2 §4); a refusal is shown in a toast by the caller (§8). */
export const cancelCampaign = (id: string) =>
  apiRequest<CampaignView>(`/campaigns/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
