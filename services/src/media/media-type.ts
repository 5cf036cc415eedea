import type { MediaType } from '@zelo/contracts/messaging/events';

export type FileMediaType = Extract<MediaType, 'image' | 'audio' | 'video' | 'application'>;

// Types a browser would run as a page or a script if opened from our /public origin: refused outright.
const SCRIPTABLE =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/javascript|application\/(x-)?javascript|application\/ecmascript|text\/xml|application\/xml)$/;

/**
 * The message's mediaType from an uploaded file's MIME type (doc 1 §3): image, audio and video by family,
 * documents (application/*, plain text, csv) as application; anything else, or no type at all, is null.
 */
export function mediaTypeOf(mime: string | undefined | null): FileMediaType | null {
  const m = (mime ?? '').split(';')[0].trim().toLowerCase();
  if (!/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(m) || SCRIPTABLE.test(m)) return null;
  const [family] = m.split('/');
  if (family === 'image' || family === 'audio' || family === 'video') return family;
  if (family === 'application' || m === 'text/plain' || m === 'text/csv') return 'application';
  return null;
}

const MAX_NAME = 100;

/**
 * A name safe on any file system and in a URL: no directories, accents folded, anything outside
 * [A-Za-z0-9._-] replaced, no leading dots, at most 100 characters keeping the extension.
 */
export function safeFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+/, '');
  if (name.length > MAX_NAME) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME - ext.length) + ext;
  }
  return name || 'file';
}
