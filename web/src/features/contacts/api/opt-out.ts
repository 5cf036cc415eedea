import type { ContactView } from '@zelo/contracts/contacts/read-models';
import { apiRequest } from '../../../lib/api.ts';

// LGPD (issue 25): an admin records a customer's opt-out of campaigns, or takes it back.

export const optOutContact = (id: string) =>
  apiRequest<ContactView>(`/contacts/${encodeURIComponent(id)}/opt-out`, { method: 'POST', body: {} });

export const optInContact = (id: string) =>
  apiRequest<ContactView>(`/contacts/${encodeURIComponent(id)}/opt-out`, { method: 'DELETE' });
