import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { sendMedia } from './send-media.ts';

/** A recording is one more media message: the same multipart call, one file, no caption. */
export async function sendAudio(
  ticketId: string,
  audio: Blob,
  fileName: string,
): Promise<MessageView | null> {
  const file = new File([audio], fileName, { type: audio.type || 'audio/webm' });
  const [message] = await sendMedia(ticketId, { files: [file] });
  return message ?? null;
}
