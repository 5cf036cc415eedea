/** Puts `insert` in place of the selection [start, end) and says where the caret goes after it. */
export function insertAtCaret(
  text: string,
  insert: string,
  start: number | null,
  end: number | null,
): { text: string; caret: number } {
  // No known selection (the box never had focus): append, as the caret would sit at the end.
  const from = Math.min(start ?? text.length, text.length);
  const to = Math.max(from, Math.min(end ?? from, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
