import type { ChatMessagePage, ChatMessageView } from '@zelo/contracts/chats/read-models';
import { apiRequest } from '../../../lib/api.ts';

const messagesPath = (chatId: string) => `/chats/${encodeURIComponent(chatId)}/messages`;

/** Page 1 holds the newest messages, oldest first within the page. */
export const listChatMessages = (chatId: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<ChatMessagePage>(messagesPath(chatId), { signal, query: { pageNumber } });

export const sendChatMessage = (chatId: string, message: string) =>
  apiRequest<ChatMessageView>(messagesPath(chatId), { method: 'POST', body: { message } });
