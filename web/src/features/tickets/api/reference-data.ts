import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import type { ContactPage, ContactView } from '@zelo/contracts/contacts/read-models';
import type { QueueView } from '@zelo/contracts/queues/read-models';
import type { UserListItem, UserPage } from '@zelo/contracts/users/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

// What the ticket dialogs pick from. Kept here rather than imported from the contacts or users
// features: features do not import each other.

/** What the dialogs use of a contact, a user, a queue or a tag, a connection (the contracts' shapes). */
export type ContactOption = Pick<ContactView, 'id' | 'name' | 'number'>;
export type UserOption = Pick<UserListItem, 'id' | 'name'>;
export type QueueOption = Pick<QueueView, 'id' | 'name' | 'color'>;
export type ConnectionOption = Pick<ConnectionView, 'id' | 'name' | 'isDefault'>;

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

export const listUsers = (signal?: AbortSignal) => apiRequest<UserListItem[]>('/users/list', { signal });
export const listQueues = (signal?: AbortSignal) => apiRequest<QueueView[]>('/queue', { signal });
export const listTags = (signal?: AbortSignal) => apiRequest<QueueOption[]>('/tags/list', { signal });
export const listConnections = (signal?: AbortSignal) =>
  apiRequest<ConnectionView[]>('/whatsapp', { signal });
