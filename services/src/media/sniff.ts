import { open } from 'node:fs/promises';
import { DomainError } from '@zelo/contracts/errors';
import { fileTypeFromBuffer } from 'file-type';
import { type FileMediaType, mediaTypeOf } from './media-type.ts';

/** How much of a file is read to tell its type (file-type's own sample size). */
const SAMPLE = 4100;

// Extensions a browser or a static server would treat as a page, a script or a style: a stored name
// never ends with one, whatever the upload said.
const RISKY_EXTENSION =
  /\.(html?|xhtml|shtml|xht|svgz?|xml|xsl|xslt|js|mjs|cjs|css|hta|swf|php\d?|phtml|jsp|aspx?|vbs|wsf)$/i;

// The start of markup (after a BOM and blanks): an HTML page, an SVG, an XML document, a script tag.
const MARKUP =
  /^(?:\uFEFF)?\s*<(?:!doctype|html|head|body|script|iframe|svg|\?xml|object|embed|meta|a\s|img|div|style|link|xml)/i;

// Signatures file-type needs more bytes to confirm (it reads a PNG's first chunk, for instance): a file
// that starts as one of these is that type, even cut short.
const SIGNATURES: { mime: string; ext: string; bytes: number[] }[] = [
  { mime: 'image/png', ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', ext: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { mime: 'application/pdf', ext: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

// Containers that carry sound alone as well as pictures: the bytes cannot tell a voice note from a film
// without parsing the tracks (a browser's recorded voice note is audio/webm, which file-type names
// video/webm), so between audio and video the declared kind decides.
const AUDIO_OR_VIDEO = new Set([
  'video/webm',
  'audio/webm',
  'video/ogg',
  'audio/ogg',
  'video/mp4',
  'audio/mp4',
  'video/x-matroska',
  'video/quicktime',
]);

export interface SniffedUpload {
  /** What the message carries: from the bytes when they say, else from the declared type. */
  mediaType: FileMediaType;
  /** The name to store under: its extension agrees with the bytes and is never a page's or a script's. */
  filename: string;
}

/**
 * The real type of an uploaded file, from its first bytes (file-type), checked against what the client
 * declared. A recognised format decides (a PDF sent as image/png is stored and sent as a document); a
 * page, a script or an XML/SVG document is refused whatever it is called; a file the bytes do not
 * recognise may only be a document (plain text, CSV ...), never an image, audio or video.
 */
export async function sniffUpload(
  path: string,
  declaredMime: string,
  filename: string,
): Promise<SniffedUpload> {
  const head = await readHead(path);
  const detected = (await fileTypeFromBuffer(head)) ?? bySignature(head);
  const declared = mediaTypeOf(declaredMime);
  const mismatch = (what: string) =>
    new DomainError(
      'ERR_MEDIA_TYPE_MISMATCH',
      `medias: ${filename} ${what}, not ${declaredMime || 'a file'}`,
    );
  if (detected) {
    const container = AUDIO_OR_VIDEO.has(detected.mime) && (declared === 'audio' || declared === 'video');
    const real = container ? declared : mediaTypeOf(detected.mime);
    if (!real) throw mismatch(`is ${detected.mime}`);
    return { mediaType: real, filename: withExtension(filename, detected.ext) };
  }
  if (MARKUP.test(new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 1024))))
    throw mismatch('is a web page or a script');
  if (declared !== 'application') throw mismatch('is not a known image, audio or video format');
  return {
    mediaType: 'application',
    filename: RISKY_EXTENSION.test(filename) ? `${filename}.txt` : filename,
  };
}

async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = new Uint8Array(SAMPLE);
    const { bytesRead } = await file.read(buffer, 0, SAMPLE, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function bySignature(head: Uint8Array) {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b));
}

/** `photo.html` that is a PNG becomes `photo.html.png`; `foto.jpeg` that is a JPEG stays. */
function withExtension(filename: string, ext: string): string {
  const current = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  const same =
    current === ext || (ext === 'jpg' && current === 'jpeg') || (ext === 'tif' && current === 'tiff');
  return same ? filename : `${filename}.${ext}`;
}
