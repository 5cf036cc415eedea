/** A LIKE pattern matching `text` anywhere, lower-cased; `%`, `_` and `\` typed by a user match themselves. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A number as a list item, a recipient and a contact are the same person by (the erasure's rule,
 * services/src/privacy/erasure-collect.ts): its digits, as SQL on `column`.
 */
export const numberDigits = (column: string) => `regexp_replace(${column}, '\\D', '', 'g')`;

/**
 * A list item (alias `i`) is the contact's (alias `c`) person: its number's digits, or the number
 * WhatsApp validated for it, are the contact's number's digits (the erasure's own rule, with which it
 * destroyed the items' keys: services/src/privacy/erasure-collect.ts).
 */
export const sameNumber = (i: string, c: string) =>
  `(${numberDigits(`${i}.number`)} = ${numberDigits(`${c}.number`)} OR ${i}.validated_number = ${numberDigits(`${c}.number`)})`;
