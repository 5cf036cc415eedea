import type { MessageView } from '@zelo/contracts/messaging/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { toastError } from '../../../lib/toaster.ts';

/** Blank text is ignored (section 5), so an all-whitespace body never reaches the server. */
export const SendMessageInput = v.object({
  body: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  /** A reply names the message it quotes. */
  quotedMsg: v.optional(v.object({ id: v.string() })),
});
export type SendMessageInput = v.InferInput<typeof SendMessageInput>;

export const sendMessage = (ticketId: string, input: SendMessageInput) =>
  apiRequest<MessageView>(`/messages/${encodeURIComponent(ticketId)}`, {
    method: 'POST',
    body: { ...v.parse(SendMessageInput, input), fromMe: true, read: true },
  });

/** A file the company stored (a quick answer's attachment) sent by URL; the text is its caption. */
export const sendStoredMedia = (
  ticketId: string,
  mediaUrl: string,
  body: string,
  quoted?: MessageView | null,
) =>
  apiRequest<MessageView>(`/messages/${encodeURIComponent(ticketId)}`, {
    method: 'POST',
    body: {
      body: body.trim(),
      mediaUrl,
      fromMe: true,
      read: true,
      quotedMsg: quoted ? { id: quoted.id } : undefined,
    },
  });

/** Resolves to the stored message (ack 0) or null when the text was blank or the call failed. */
export function useSendMessage(ticketId: string) {
  return async (
    body: string,
    quoted?: MessageView | null,
    mediaUrl?: string,
  ): Promise<MessageView | null> => {
    const input: SendMessageInput = quoted ? { body, quotedMsg: { id: quoted.id } } : { body };
    if (!mediaUrl && !v.is(SendMessageInput, input)) return null;
    try {
      if (mediaUrl) return await sendStoredMedia(ticketId, mediaUrl, body, quoted);
      return await sendMessage(ticketId, input);
    } catch (err) {
      toastError(err);
      return null;
    }
  };
}
