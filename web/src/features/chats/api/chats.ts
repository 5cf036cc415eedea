import type { ChatPage, ChatView } from '@zelo/contracts/chats/read-models';
import { apiRequest } from '../../../lib/api.ts';
import type { ChatInput } from '../lib/chat-input.ts';

// Doc 2 §7 /chats calls. Errors reach the callers, who swallow them (doc 2 §8).

const chatPath = (id: string) => `/chats/${encodeURIComponent(id)}`;

export const listChats = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<ChatPage>('/chats', { signal, query: { searchParam: searchParam || undefined, pageNumber } });

/** The viewer's chats with messages she has not read (the first 20 of them is plenty for a bell). */
export const listUnreadChats = () =>
  apiRequest<ChatPage>('/chats', { query: { pageNumber: 1, withUnreadMessages: 'true' } });

export const getChat = (id: string, signal?: AbortSignal) => apiRequest<ChatView>(chatPath(id), { signal });

export const saveChat = (id: string | null, input: ChatInput) =>
  apiRequest<ChatView>(id ? chatPath(id) : '/chats', { method: id ? 'PUT' : 'POST', body: input });

export const deleteChat = (id: string) => apiRequest<unknown>(chatPath(id), { method: 'DELETE' });

/** Marks the chat's messages as read by the viewer (the spec's client names itself by userId). */
export const markChatRead = (id: string, userId: string) =>
  apiRequest<unknown>(`${chatPath(id)}/read`, { method: 'POST', body: { userId } });
