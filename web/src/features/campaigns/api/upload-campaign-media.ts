import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import { apiRequest } from '../../../lib/api.ts';

/** POST /campaigns/{id}/media-upload: attaches (or replaces) the campaign's file, sent with every message. */
export function uploadCampaignMedia(id: string, file: File): Promise<CampaignView> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<CampaignView>(`/campaigns/${encodeURIComponent(id)}/media-upload`, {
    method: 'POST',
    body: form,
  });
}
