import type { ContactView } from '@zelo/contracts/contacts/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

type Messages = { required: string; tooShort: string; tooLong: string; invalidEmail: string };

/** Doc 1 §5 contact form: name 2–50, number 8–50, email valid. Messages are i18n keys. */
export function contactSchema(m: Messages) {
  const text = v.pipe(v.string(m.required), v.trim());
  return v.object({
    name: v.pipe(text, v.nonEmpty(m.required), v.minLength(2, m.tooShort), v.maxLength(50, m.tooLong)),
    number: v.pipe(text, v.nonEmpty(m.required), v.minLength(8, m.tooShort), v.maxLength(50, m.tooLong)),
    email: v.optional(
      v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email(m.invalidEmail))], m.invalidEmail),
      '',
    ),
    extraInfo: v.optional(
      v.array(
        v.object({
          name: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100, m.tooLong)),
          value: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(500, m.tooLong)),
        }),
      ),
      [],
    ),
  });
}

/** The contacts page's dialog uses the app's shared validation texts. */
export const ContactInput = contactSchema({
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
});
/** The drawer's inline form has its own texts (doc 1 §5: 'Too Short!', 'Too Long!', 'Required', 'Invalid email'). */
export const DrawerContactInput = contactSchema({
  required: 'contacts.drawerRequired',
  tooShort: 'contacts.drawerTooShort',
  tooLong: 'contacts.drawerTooLong',
  invalidEmail: 'contacts.drawerInvalidEmail',
});
export type ContactInput = v.InferInput<typeof ContactInput>;

function body(input: ContactInput) {
  const parsed = v.parse(ContactInput, input);
  // Rows the user left blank are dropped rather than sent as empty pairs.
  return { ...parsed, extraInfo: parsed.extraInfo.filter((x) => x.name || x.value) };
}

export const createContact = (input: ContactInput) =>
  apiRequest<ContactView>('/contacts', { method: 'POST', body: body(input) });

export const updateContact = (id: string, input: ContactInput) =>
  apiRequest<ContactView>(`/contacts/${encodeURIComponent(id)}`, { method: 'PUT', body: body(input) });

export const getContact = (id: string, signal?: AbortSignal) =>
  apiRequest<ContactView>(`/contacts/${encodeURIComponent(id)}`, { signal });

export const deleteContact = (id: string) =>
  apiRequest<{ message: string }>(`/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' });
