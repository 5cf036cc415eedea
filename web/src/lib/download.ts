/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (UTF-8, percent-encoded)
 * wins over the plain `filename`; null when the header names none. Any folder part is dropped.
 */
export function contentDispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/
    .exec(header)
    ?.slice(1)
    .find((s) => s !== undefined);
  name = name?.replace(/\\(.)/g, '$1').split(/[/\\]/).pop()?.trim();
  return name ? name : null;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
