/**
 * The search tab's text matching as the browser needs it (issue 24): where a searched text sits in a
 * message, ignoring case and accents as the server's search does (PostgreSQL's `unaccent` and `lower`,
 * projections/src/tickets/search-indexes.ts), to cut the excerpt around it and to highlight it.
 */

/** About this many characters of a matching message are shown in the search tab's row. */
export const EXCERPT_CHARS = 120;

// Latin letters that do not decompose into a letter and an accent, folded as `unaccent` folds them.
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};

/** One character without its case and accents ("Ç" → "c"): possibly empty (a lone accent) or longer. */
function foldChar(ch: string): string {
  const lower = ch.toLowerCase();
  return LETTERS[lower] ?? lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** `text` without case and accents. */
export const foldText = (text: string) => Array.from(text, foldChar).join('');

/**
 * Where `needle` first occurs in `haystack`, ignoring case and accents, as [start, end) offsets of
 * `haystack` itself; null when it does not occur (or is blank).
 */
export function findFolded(haystack: string, needle: string): { start: number; end: number } | null {
  const wanted = foldText(needle);
  if (!wanted.trim()) return null;
  // Each folded unit remembers the original character it came from.
  let folded = '';
  const from: { start: number; end: number }[] = [];
  let at = 0;
  for (const ch of haystack) {
    const f = foldChar(ch);
    folded += f;
    for (let i = 0; i < f.length; i++) from.push({ start: at, end: at + ch.length });
    at += ch.length;
  }
  const i = folded.indexOf(wanted);
  if (i < 0) return null;
  return { start: from[i].start, end: from[i + wanted.length - 1].end };
}

/**
 * A window of about `size` characters of `body` around the first occurrence of `text`, on one line,
 * cut between words where it can, with "…" where it cuts; the start of the body when `text` is not
 * found in it.
 */
export function excerptAround(body: string, text: string, size = EXCERPT_CHARS): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= size) return flat;
  const hit = findFolded(flat, text) ?? { start: 0, end: 0 };
  // The match in the middle, the window inside the body.
  let start = Math.max(
    0,
    Math.min(hit.start - Math.floor((size - (hit.end - hit.start)) / 2), flat.length - size),
  );
  let end = Math.max(start + size, hit.end);
  // Between words when a space is near (not past the match), and never between a surrogate pair.
  const SLACK = 15;
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < Math.min(start + SLACK, hit.start)) start = space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > Math.max(end - SLACK, hit.end)) end = space;
  }
  if (/[\uDC00-\uDFFF]/.test(flat[start] ?? '')) start++;
  if (/[\uD800-\uDBFF]/.test(flat[end - 1] ?? '')) end--;
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}
