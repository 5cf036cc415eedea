import type { UploadRowError } from '@zelo/contracts/contacts/read-models';
import type { TKey, Translate } from '../../../lib/i18n.ts';

const FIELD_LABEL: Record<string, TKey> = {
  name: 'contactLists.name',
  number: 'contactLists.number',
  email: 'contactLists.email',
};
const REASON: Record<string, TKey> = {
  'too short': 'validation.tooShort',
  'too long': 'validation.tooLong',
  'invalid email': 'validation.invalidEmail',
};

/**
 * A refused row in the user's language (doc 2 §8: the contact's name and the message): a catalogue
 * code by its translation, a validation refusal as "Field: reason" per field (the server's message
 * lists them as `field: reason; ...`).
 */
export function describeRowError(e: UploadRowError, t: Translate): string {
  if (e.error !== 'ERR_VALIDATION') {
    const key = `errors.${e.error}` as TKey;
    const text = t(key);
    return text === key ? e.message : text;
  }
  return e.message
    .split('; ')
    .map((part) => {
      const [field, reason = ''] = part.split(': ');
      const label = FIELD_LABEL[field] ? t(FIELD_LABEL[field]) : field;
      return `${label}: ${t(REASON[reason] ?? 'validation.required')}`;
    })
    .join('; ');
}

/** What the import accepts (doc 2 §5): the server reads the bytes; this only saves a pointless upload. */
export const isSpreadsheetName = (name: string) => /\.xlsx?$/i.test(name);
