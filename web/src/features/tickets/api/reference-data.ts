import type { ContactPage, ContactView } from '@zelo/contracts/contacts/read-models';
import type { UserListItem, UserPage } from '@zelo/contracts/users/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

// What the ticket dialogs search and pick from. Kept here rather than imported from the contacts or
// users features: features do not import each other. The company's queues, connections, users and
// tags come from lib/reference-lists.ts.

/** What the dialogs use of a contact and a user (the contracts' shapes). */
export type ContactOption = Pick<ContactView, 'id' | 'name' | 'number'>;
export type UserOption = Pick<UserListItem, 'id' | 'name'>;

export const searchContacts = (searchParam: string, signal?: AbortSignal) =>
  apiRequest<ContactPage>('/contacts', { query: { searchParam }, signal }).then((r) => r.contacts);

export const NewContactInput = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(50)),
  number: v.pipe(v.string(), v.trim(), v.regex(/^\d{8,50}$/)),
});
export type NewContactInput = v.InferOutput<typeof NewContactInput>;

export const createContact = (input: NewContactInput) =>
  apiRequest<ContactView>('/contacts', { method: 'POST', body: v.parse(NewContactInput, input) });

export const searchUsers = (searchParam: string, signal?: AbortSignal) =>
  apiRequest<UserPage>('/users', { query: { searchParam }, signal }).then((r) => r.users);
