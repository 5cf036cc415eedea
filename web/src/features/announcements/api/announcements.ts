import type { AnnouncementPage, AnnouncementView } from '@zelo/contracts/announcements/read-models';
import * as v from 'valibot';
import { API_URL, apiRequest } from '../../../lib/api.ts';

// Doc 2 §5: title and text required; priority 1 high, 2 medium, 3 low (default 3); status active or not.
export const AnnouncementInput = v.object({
  title: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(1, 'validation.required'),
    v.maxLength(100, 'validation.tooLong'),
  ),
  text: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(1, 'validation.required'),
    v.maxLength(5000, 'validation.tooLong'),
  ),
  priority: v.picklist([1, 2, 3]),
  status: v.boolean(),
});
export type AnnouncementInput = v.InferOutput<typeof AnnouncementInput>;

export const searchAnnouncements = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<AnnouncementPage>('/announcements/', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber },
  });

export const saveAnnouncement = (id: string | null, input: AnnouncementInput) =>
  apiRequest<AnnouncementView>(id ? `/announcements/${encodeURIComponent(id)}` : '/announcements', {
    method: id ? 'PUT' : 'POST',
    body: v.parse(AnnouncementInput, input),
  });

export const deleteAnnouncement = (id: string) =>
  apiRequest<{ message: string }>(`/announcements/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Attaches (or replaces) the announcement's image: one multipart request. */
export function uploadAnnouncementImage(id: string, file: File): Promise<AnnouncementView> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<AnnouncementView>(`/announcements/${encodeURIComponent(id)}/media-upload`, {
    method: 'POST',
    body: form,
  });
}

export const removeAnnouncementImage = (id: string) =>
  apiRequest<AnnouncementView>(`/announcements/${encodeURIComponent(id)}/media-upload`, { method: 'DELETE' });

/** The image's address: a public path on the API host (doc 1 §7). */
export const announcementImageUrl = (mediaPath: string) => new URL(mediaPath, API_URL).toString();
