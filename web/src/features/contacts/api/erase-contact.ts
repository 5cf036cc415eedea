import type { EraseContactRequest } from '@zelo/contracts/contacts/privacy';
import { apiRequest } from '../../../lib/api.ts';

/** LGPD (issue 25): the contact's number typed again confirms it; the erasure runs in the background. */
export const eraseContact = (id: string, body: EraseContactRequest) =>
  apiRequest<{ contactId: string; status: 'erasing' }>(`/contacts/${encodeURIComponent(id)}/erasure`, {
    method: 'POST',
    body,
  });
