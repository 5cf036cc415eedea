import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { apiRequest } from '../../../lib/api.ts';
import { toastError } from '../../../lib/toaster.ts';

/** The server's limits (doc 1 §7 multipart POST /messages/{ticketId}), checked here to fail fast. */
export const MEDIA_LIMITS = { files: 10, fileSize: 16 * 1024 * 1024 } as const;

export interface SendMediaInput {
  files: File[];
  /** Shown under the first file. */
  caption?: string;
}

/** One multipart request; resolves to the messages created, one per file, in order. */
export function sendMedia(ticketId: string, { files, caption }: SendMediaInput): Promise<MessageView[]> {
  const form = new FormData();
  // Fields before files: the server reads the caption without buffering the files.
  if (caption?.trim()) form.append('body', caption.trim());
  form.append('fromMe', 'true');
  for (const f of files) form.append('medias', f, f.name);
  return apiRequest<MessageView[]>(`/messages/${encodeURIComponent(ticketId)}`, {
    method: 'POST',
    body: form,
  });
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
