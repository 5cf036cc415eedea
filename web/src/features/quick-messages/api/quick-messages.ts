import type { QuickMessagePage, QuickMessageView } from '@zelo/contracts/quick-messages/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';

// Doc 2 §5: the shortcode is required; one word, as it is typed after the slash.
export const QuickMessageInput = v.object({
  shortcode: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(1, 'validation.required'),
    v.maxLength(50, 'validation.tooLong'),
    v.regex(/^\/?\S+$/, 'quickMessages.noSpaces'),
  ),
  message: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required')),
  geral: v.boolean(),
  status: v.boolean(),
});
export type QuickMessageInput = v.InferOutput<typeof QuickMessageInput>;

export const searchQuickMessages = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<QuickMessagePage>('/quick-messages', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber },
  });

export const saveQuickMessage = (id: string | null, input: QuickMessageInput) =>
  apiRequest<QuickMessageView>(id ? `/quick-messages/${encodeURIComponent(id)}` : '/quick-messages', {
    method: id ? 'PUT' : 'POST',
    body: v.parse(QuickMessageInput, input),
  });

export const deleteQuickMessage = (id: string) =>
  apiRequest<{ message: string }>(`/quick-messages/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Attaches (or replaces) the quick message's file: one multipart request. */
export function uploadQuickMessageMedia(id: string, file: File): Promise<QuickMessageView> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<QuickMessageView>(`/quick-messages/${encodeURIComponent(id)}/media-upload`, {
    method: 'POST',
    body: form,
  });
}

export const removeQuickMessageMedia = (id: string) =>
  apiRequest<QuickMessageView>(`/quick-messages/${encodeURIComponent(id)}/media-upload`, {
    method: 'DELETE',
  });

/** The quick messages this user may send (active, company-wide or own), kept live by company events. */
export function useQuickMessages() {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const state = useRequest(
    (signal) => apiRequest<QuickMessageView[]>('/quick-messages/list', { signal }),
    [],
  );
  useSocketEvent(companyId ? `company-${companyId}-quickMessage` : null, () => state.reload());
  useResync(state.reload);
  return state.data ?? [];
}
