import type { ContactPage, ContactView } from '@zelo/contracts/contacts/read-models';
import { apiRequest } from '../../../lib/api.ts';

// The contacts the dialog picks from. Asked here rather than imported from the contacts feature:
// features do not import each other.

export const searchContacts = (searchParam: string, signal?: AbortSignal) =>
  apiRequest<ContactPage>('/contacts', { query: { searchParam }, signal }).then((r) => r.contacts);

/** The contact a `?contactId=` link preselects. */
export const getContact = (id: string, signal?: AbortSignal) =>
  apiRequest<ContactView>(`/contacts/${encodeURIComponent(id)}`, { signal });
