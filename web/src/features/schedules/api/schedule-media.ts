import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import { API_URL, ApiError, apiRequest, endSession, refreshSession } from '../../../lib/api.ts';
import { getToken } from '../../../lib/store.ts';

/** Doc 2 §2.8: what the picker offers; the server judges the bytes, this only spares a useless upload. */
export const SCHEDULE_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

export const isScheduleImage = (file: Pick<File, 'name'>) => /\.(png|jpe?g)$/i.test(file.name);

function postFile(id: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getToken();
  // No Content-Type header: the browser writes the multipart boundary itself.
  return fetch(new URL(`/schedules/${encodeURIComponent(id)}/media-upload`, API_URL), {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
    body: form,
    credentials: 'include',
  });
}

/** Attaches (or replaces) the schedule's image: one multipart request, answered with the schedule. */
export async function uploadScheduleMedia(id: string, file: File): Promise<ScheduleView> {
  let res = await postFile(id, file);
  // As apiRequest does: a 403 may be an expired token, refreshed once.
  if (res.status === 403) {
    if (await refreshSession()) res = await postFile(id, file);
    else endSession();
  }
  if (res.status === 401) endSession();
  const data = await res.json().catch(() => ({}));
  if (res.ok) return data as ScheduleView;
  const code = typeof data.error === 'string' ? data.error : 'ERR_INTERNAL_SERVER_ERROR';
  throw new ApiError(res.status, code, typeof data.message === 'string' ? data.message : code, data);
}

export const removeScheduleMedia = (id: string) =>
  apiRequest<ScheduleView>(`/schedules/${encodeURIComponent(id)}/media-upload`, { method: 'DELETE' });

/** Where the browser opens the stored image (the API host serves /public). */
export const scheduleMediaHref = (mediaUrl: string) => new URL(mediaUrl, API_URL).toString();
