import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

// What the ticket dialogs pick from. Kept here rather than imported from the contacts or users
// features: features do not import each other.

export interface ContactOption {
  id: string;
  name: string;
  number: string;
}
export interface UserOption {
  id: string;
  name: string;
}
export interface QueueOption {
  id: string;
  name: string;
  color: string;
}
export interface ConnectionOption {
  id: string;
  name: string;
  isDefault?: boolean;
}

export const searchContacts = (searchParam: string, signal?: AbortSignal) =>
  apiRequest<{ contacts: ContactOption[] }>('/contacts', { query: { searchParam }, signal }).then(
    (r) => r.contacts,
  );

export const NewContactInput = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(50)),
  number: v.pipe(v.string(), v.trim(), v.regex(/^\d{8,50}$/)),
});
export type NewContactInput = v.InferOutput<typeof NewContactInput>;

export const createContact = (input: NewContactInput) =>
  apiRequest<ContactOption>('/contacts', { method: 'POST', body: v.parse(NewContactInput, input) });

export const searchUsers = (searchParam: string, signal?: AbortSignal) =>
  apiRequest<{ users: UserOption[] }>('/users', { query: { searchParam }, signal }).then((r) => r.users);

export const listUsers = (signal?: AbortSignal) => apiRequest<UserOption[]>('/users/list', { signal });
export const listQueues = (signal?: AbortSignal) => apiRequest<QueueOption[]>('/queue', { signal });
export const listTags = (signal?: AbortSignal) => apiRequest<QueueOption[]>('/tags/list', { signal });
export const listConnections = (signal?: AbortSignal) =>
  apiRequest<ConnectionOption[]>('/whatsapp', { signal });
