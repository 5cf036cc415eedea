import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { apiRequest } from '../../../lib/api.ts';

/** Marks the message deleted (only its sender may, section 6); answers the message as it is now. */
export const deleteMessage = (id: string) =>
  apiRequest<MessageView>(`/messages/${encodeURIComponent(id)}`, { method: 'DELETE' });
