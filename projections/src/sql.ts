/** A LIKE pattern matching `text` anywhere, lower-cased; `%`, `_` and `\` typed by a user match themselves. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A number as a list item, a recipient and a contact are the same person by (the erasure's rule,
 * services/src/privacy/erasure-collect.ts): its digits, as SQL on `column`.
 */
export const numberDigits = (column: string) => `regexp_replace(${column}, '\\D', '', 'g')`;

/**
 * A list item (alias `i`) is the person whose number's digits are `digits` (an SQL expression): its
 * number's digits, or the number WhatsApp validated for it, are those. One rule for the erasure that
 * destroys the items' keys (services/src/privacy/erasure-collect.ts) and the projection that blanks them.
 */
export const sameNumber = (i: string, digits: string) =>
  `(${numberDigits(`${i}.number`)} = ${digits} OR ${i}.validated_number = ${digits})`;
