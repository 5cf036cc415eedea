/** A LIKE pattern matching `text` anywhere, lower-cased; `%`, `_` and `\` typed by a user match themselves. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
