import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { API_URL, ApiError, endSession, refreshSession } from '../../../lib/api.ts';
import { getToken } from '../../../lib/store.ts';
import { toastError } from '../../../lib/toaster.ts';

/** The server's limits (doc 1 §7 multipart POST /messages/{ticketId}), checked here to fail fast. */
export const MEDIA_LIMITS = { files: 10, fileSize: 16 * 1024 * 1024 } as const;

export interface SendMediaInput {
  files: File[];
  /** Shown under the first file. */
  caption?: string;
}

function post(ticketId: string, { files, caption }: SendMediaInput) {
  const form = new FormData();
  // Fields before files: the server reads the caption without buffering the files.
  if (caption?.trim()) form.append('body', caption.trim());
  form.append('fromMe', 'true');
  for (const f of files) form.append('medias', f, f.name);
  const token = getToken();
  // No Content-Type header: the browser writes the multipart boundary itself.
  return fetch(new URL(`/messages/${encodeURIComponent(ticketId)}`, API_URL), {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
    body: form,
    credentials: 'include',
  });
}

/** One multipart request; resolves to the messages created, one per file, in order. */
export async function sendMedia(ticketId: string, input: SendMediaInput): Promise<MessageView[]> {
  let res = await post(ticketId, input);
  if (res.status === 403) {
    if (await refreshSession()) res = await post(ticketId, input);
    else endSession();
  }
  if (res.status === 401) endSession();
  const data = await res.json().catch(() => ({}));
  if (res.ok) return data as MessageView[];
  const code = typeof data.error === 'string' ? data.error : 'ERR_INTERNAL_SERVER_ERROR';
  throw new ApiError(res.status, code, typeof data.message === 'string' ? data.message : code, data);
}

/** Resolves to the created messages, or null when the call failed (the error is toasted). */
export function useSendMedia(ticketId: string) {
  return async (input: SendMediaInput): Promise<MessageView[] | null> => {
    if (input.files.length === 0) return null;
    try {
      return await sendMedia(ticketId, input);
    } catch (err) {
      toastError(err);
      return null;
    }
  };
}
