import type { FileMediaType } from './media-type.ts';
import { PUBLIC_PREFIX } from './storage.ts';

// What `localMediaStorage.save` writes: <yyyy>/<mm>/<timestamp>-<32 hex>-<safe name>, nothing else.
const STORED_NAME = /^\d{4}\/\d{2}\/\d+-[0-9a-f]{32}-[A-Za-z0-9_][A-Za-z0-9._-]*$/;

const BY_EXTENSION: Record<string, FileMediaType> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  mp3: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  m4a: 'audio',
  wav: 'audio',
  aac: 'audio',
  amr: 'audio',
  weba: 'audio',
  mp4: 'video',
  '3gp': 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  avi: 'video',
};

/**
 * A media URL a client asks to send again (a quick answer's attachment): accepted only when it names
 * a file this company stored, `/public/<companyId>/...` in the storage's own shape, so that no other
 * company's file, no external address and no path trick gets through. The message's mediaType comes
 * from the extension the stored name kept; anything unknown goes as a document. Null when refused.
 */
export function storedMediaRef(
  url: string,
  companyId: string,
): { mediaType: FileMediaType; filename: string } | null {
  const prefix = `${PUBLIC_PREFIX}/${companyId}/`;
  if (!url.startsWith(prefix)) return null;
  const rest = url.slice(prefix.length);
  if (!STORED_NAME.test(rest) || rest.includes('..')) return null;
  const stored = rest.split('/').pop() as string;
  // The original (sanitized) name follows the timestamp and the random part.
  const filename = stored.replace(/^\d+-[0-9a-f]{32}-/, '');
  const dot = filename.lastIndexOf('.');
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  return { mediaType: BY_EXTENSION[ext] ?? 'application', filename };
}
