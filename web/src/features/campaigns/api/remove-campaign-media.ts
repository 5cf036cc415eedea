import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import { apiRequest } from '../../../lib/api.ts';

/** DELETE /campaigns/{id}/media-upload: the campaign goes without its attachment. */
export const removeCampaignMedia = (id: string) =>
  apiRequest<CampaignView>(`/campaigns/${encodeURIComponent(id)}/media-upload`, { method: 'DELETE' });
