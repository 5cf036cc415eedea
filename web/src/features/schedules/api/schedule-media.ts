import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import { API_URL, apiRequest } from '../../../lib/api.ts';

/** Doc 2 §2.8: what the picker offers; the server judges the bytes, this only spares a useless upload. */
export const SCHEDULE_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

export const isScheduleImage = (file: Pick<File, 'name'>) => /\.(png|jpe?g)$/i.test(file.name);

/** Attaches (or replaces) the schedule's image: one multipart request, answered with the schedule. */
export function uploadScheduleMedia(id: string, file: File): Promise<ScheduleView> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ScheduleView>(`/schedules/${encodeURIComponent(id)}/media-upload`, {
    method: 'POST',
    body: form,
  });
}

export const removeScheduleMedia = (id: string) =>
  apiRequest<ScheduleView>(`/schedules/${encodeURIComponent(id)}/media-upload`, { method: 'DELETE' });

/** Where the browser opens the stored image (the API host serves /public). */
export const scheduleMediaHref = (mediaUrl: string) => new URL(mediaUrl, API_URL).toString();
