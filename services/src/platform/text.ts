// Text PostgreSQL cannot store: a NUL character (text and jsonb refuse it) and a lone UTF-16
// surrogate (jsonb refuses its escape). Requests and socket messages carrying it are refused
// (api/validation.ts); text that arrives from WhatsApp is cleaned with `storableText` and kept.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LONE = new RegExp(LONE_SURROGATE.source);

export const isStorableText = (s: string) => !s.includes('\u0000') && !LONE.test(s);

/**
 * The first place in `value` (a request's params, query or JSON body, a socket message, a multipart
 * field) holding unstorable text, as a dot path; keys count as text too. Null when all text is storable.
 */
export function unstorableTextAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || '(value)';
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return here;
    const hit = unstorableTextAt(item, here);
    if (hit) return hit;
  }
  return null;
}

/** Outside text made storable: NUL characters removed, lone surrogates replaced by U+FFFD. */
export function storableText(s: string): string {
  return isStorableText(s) ? s : s.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** `storableText` applied to every string (and key) of a value, keeping its shape (dates, buffers as they are). */
export function storableDeep<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value))
    return value;
  if (Array.isArray(value)) return value.map(storableDeep) as T;
  return Object.fromEntries(
    Object.entries(value).map(([k, item]) => [storableText(k), storableDeep(item)]),
  ) as T;
}
