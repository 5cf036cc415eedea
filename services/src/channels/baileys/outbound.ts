import { join } from 'node:path';
import type { AnyMessageContent } from '@whiskeysockets/baileys';
import { DomainError } from '@zelo/contracts/errors';
import { PUBLIC_PREFIX } from '../../media/storage.ts';
import type { OutboundPayload } from '../port.ts';
import { locationOf } from './get-message.ts';

export const jidOf = (to: OutboundPayload['to']) => `${to.number}@${to.isGroup ? 'g.us' : 's.whatsapp.net'}`;

/** The file behind a `/public/...` URL of the local media storage; null for anything else. */
export function localMediaPath(root: string, url: string): string | null {
  if (!url.startsWith(`${PUBLIC_PREFIX}/`) || url.split('/').some((s) => s === '..' || s === '.'))
    return null;
  return join(root, ...url.slice(PUBLIC_PREFIX.length + 1).split('/'));
}

/** The name the sender gave the file: the stored name minus its `<timestamp>-<random>-` prefix. */
export const fileNameOf = (url: string) =>
  (url.split('/').pop() ?? 'file').replace(/^\d+-[0-9a-f]{32}-/, '') || 'file';

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  // WhatsApp plays voice notes only as Opus in Ogg.
  ogg: 'audio/ogg; codecs=opus',
  oga: 'audio/ogg; codecs=opus',
  opus: 'audio/ogg; codecs=opus',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  wav: 'audio/wav',
  webm: 'audio/webm',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
export const mimeOf = (fileName: string) =>
  MIME[fileName.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * What Baileys' sendMessage gets for a Zelo message. `filePath` resolves a stored media URL; a file that
 * is not there fails the send for good (a retry would not bring it back).
 */
export function outboundContent(
  p: OutboundPayload,
  filePath: (url: string) => string | null,
): AnyMessageContent {
  const file = () => {
    const path = p.mediaUrl ? filePath(p.mediaUrl) : null;
    if (!path) throw new DomainError('ERR_SENDING_WAPP_MSG', `media not found: ${p.mediaUrl}`);
    return { url: path };
  };
  const name = p.mediaUrl ? fileNameOf(p.mediaUrl) : '';
  // Stored media defaults its body to the file name: that is no caption.
  const caption = p.body && p.body !== name ? p.body : undefined;
  switch (p.mediaType) {
    case 'image':
      return { image: file(), caption, mimetype: mimeOf(name) };
    case 'video':
      return { video: file(), caption, mimetype: mimeOf(name) };
    case 'audio':
      return { audio: file(), ptt: true, mimetype: mimeOf(name) };
    case 'application':
      return { document: file(), fileName: name, mimetype: mimeOf(name), caption };
    case 'locationMessage': {
      const at = locationOf(p.body);
      return at ? { location: at } : { text: p.body };
    }
    case 'vcard':
    case 'contactMessage':
      return { contacts: { contacts: [{ vcard: p.body }] } };
    default:
      return { text: p.body };
  }
}
