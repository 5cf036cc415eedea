/** Doc 2 §5 upload limits: kind, accepted extensions, MIME types and the size cap in MB. */
export const UPLOAD_LIMITS = {
  img: { extensions: ['png', 'jpg', 'jpeg'], mime: ['image/png', 'image/jpeg'], maxMb: 2 },
  audio: {
    extensions: ['ogg', 'mp3', 'opus'],
    mime: ['audio/ogg', 'audio/mpeg', 'audio/mp3', 'audio/opus'],
    maxMb: 5,
  },
  video: { extensions: ['mp4'], mime: ['video/mp4'], maxMb: 20 },
} as const;
export type MediaKind = keyof typeof UPLOAD_LIMITS;

/** Doc 2 §5: image compression quality. */
export const IMAGE_QUALITY = 0.7;

export type UploadProblem = { problem: 'type' } | { problem: 'size'; maxMb: number };

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** Null when the file may go up; otherwise why not (wrong type, or over the kind's size). */
export function checkUpload(kind: MediaKind, file: { name: string; type: string; size: number }) {
  const limit = UPLOAD_LIMITS[kind];
  const typeOk =
    (limit.extensions as readonly string[]).includes(extensionOf(file.name)) ||
    (limit.mime as readonly string[]).includes(file.type.split(';')[0] ?? '');
  if (!typeOk) return { problem: 'type' } satisfies UploadProblem;
  if (file.size > limit.maxMb * 1024 * 1024)
    return { problem: 'size', maxMb: limit.maxMb } satisfies UploadProblem;
  return null;
}

/** The `accept` attribute of the kind's file input. */
export const acceptOf = (kind: MediaKind) => UPLOAD_LIMITS[kind].extensions.map((e) => `.${e}`).join(',');

/**
 * Doc 2 §5: an image is re-encoded at quality 0.7 through a canvas before it goes up (a PNG keeps its
 * type; the browser then ignores the quality). Anything that fails keeps the original file.
 */
export async function compressImage(file: File): Promise<File> {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, type, IMAGE_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name, { type });
  } catch {
    return file;
  }
}
