import { apiRequest } from '../../../lib/api.ts';
import type { Message } from '../types.ts';

/** Marks the message deleted (only its sender may, section 6); answers the message as it is now. */
export const deleteMessage = (id: string) =>
  apiRequest<Message>(`/messages/${encodeURIComponent(id)}`, { method: 'DELETE' });
