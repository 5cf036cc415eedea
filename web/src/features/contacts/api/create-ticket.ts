import { apiRequest } from '../../../lib/api.ts';

/**
 * The contacts table's "new ticket" shortcut: an open ticket for the contact on the default connection.
 * A non-admin must name a queue (doc 1 §5), so theirs goes to their first queue; the full new-ticket
 * dialog lets anyone choose.
 */
export const createTicketFor = (contactId: string, queueId: string | null) =>
  apiRequest<{ id: string }>('/tickets', {
    method: 'POST',
    body: { contactId, status: 'open', ...(queueId ? { queueId } : {}) },
  });
