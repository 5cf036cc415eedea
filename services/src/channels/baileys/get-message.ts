import type { proto } from '@whiskeysockets/baileys';
import type { MediaType } from '@zelo/contracts/messaging/events';
import {
  inboundMessageId,
  loadMessage,
  messageIdFromWaId,
  messageStreamId,
} from '../../messaging/handlers.ts';
import type { Deps } from '../../platform/command-handler.ts';

export type LookupMessage = (whatsappId: string, waMessageId: string) => Promise<proto.IMessage | undefined>;

/**
 * A message's content as WhatsApp knew it, rebuilt from Zelo's event store: for Baileys' getMessage
 * (a recipient asking for a resend) and for quoting. Only this connection's messages are answered.
 */
export function messageLookup(deps: Deps): LookupMessage {
  return async (whatsappId, waMessageId) => {
    const messageId = messageIdFromWaId(waMessageId) ?? inboundMessageId(whatsappId, waMessageId);
    const state = await loadMessage(deps, messageId);
    if (state.kind !== 'exists' || state.deleted || state.ref.whatsappId !== whatsappId) return undefined;
    // The state keeps no text: the content is the creation event's, or the latest edit's body.
    const { events } = await deps.store.readStream(messageStreamId(messageId));
    let content: { body: string; mediaType: MediaType } | undefined;
    for (const e of events) {
      const data = e.data as { body?: unknown; mediaType?: MediaType };
      if (typeof data.body !== 'string') continue;
      content = { body: data.body, mediaType: data.mediaType ?? content?.mediaType ?? 'chat' };
    }
    return content && protoOf(content.body, content.mediaType);
  };
}

/**
 * Text, places and contact cards are whole again; a file is only its caption (enough for a quote's
 * preview, not for a resend: see `isResendable`), since Zelo keeps the file, not WhatsApp's media keys.
 */
export function protoOf(body: string, mediaType: MediaType): proto.IMessage {
  switch (mediaType) {
    case 'image':
      return { imageMessage: { caption: body } };
    case 'video':
      return { videoMessage: { caption: body } };
    case 'audio':
      return { audioMessage: { ptt: true } };
    case 'application':
      return { documentMessage: { fileName: body } };
    case 'vcard':
    case 'contactMessage':
      return { contactMessage: { vcard: body } };
    case 'locationMessage': {
      const at = locationOf(body);
      return at ? { locationMessage: at } : { conversation: body };
    }
    default:
      return { conversation: body };
  }
}

/** A file rebuilt without its media keys would reach the recipient broken: better not to resend it. */
export const isResendable = (m: proto.IMessage | undefined) =>
  !!m && !(m.imageMessage || m.videoMessage || m.audioMessage || m.documentMessage);

/** Latitude and longitude from a location body's map link (`…?q=lat%2Clng…`, see translate.ts). */
export function locationOf(body: string): proto.Message.ILocationMessage | null {
  const [, link = '', ...rest] = body.split('|');
  const m = /[?&]q=(-?\d+(?:\.\d+)?)(?:,|%2C)(-?\d+(?:\.\d+)?)/i.exec(link);
  if (!m) return null;
  const name = rest.join('|').trim();
  return { degreesLatitude: Number(m[1]), degreesLongitude: Number(m[2]), ...(name ? { name } : {}) };
}
