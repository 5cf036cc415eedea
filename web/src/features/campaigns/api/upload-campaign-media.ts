import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import { API_URL, ApiError, endSession, refreshSession } from '../../../lib/api.ts';
import { getToken } from '../../../lib/store.ts';

function postFile(id: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getToken();
  // No Content-Type header: the browser writes the multipart boundary itself.
  return fetch(new URL(`/campaigns/${encodeURIComponent(id)}/media-upload`, API_URL), {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
    body: form,
    credentials: 'include',
  });
}

/** POST /campaigns/{id}/media-upload: attaches (or replaces) the campaign's file, sent with every message. */
export async function uploadCampaignMedia(id: string, file: File): Promise<CampaignView> {
  let res = await postFile(id, file);
  // As apiRequest does: a 403 may be an expired token, refreshed once.
  if (res.status === 403) {
    if (await refreshSession()) res = await postFile(id, file);
    else endSession();
  }
  if (res.status === 401) endSession();
  const data = await res.json().catch(() => ({}));
  if (res.ok) return data as CampaignView;
  const code = typeof data.error === 'string' ? data.error : 'ERR_INTERNAL_SERVER_ERROR';
  throw new ApiError(res.status, code, typeof data.message === 'string' ? data.message : code, data);
}
