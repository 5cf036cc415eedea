import type { ChatView } from '@zelo/contracts/chats/read-models';
import type { ChatFrame } from '@zelo/contracts/realtime/frames';

/** How many of the chat's messages the viewer has not seen (0 when she is not listed). */
export function unreadsOf(chat: ChatView, userId: string): number {
  return chat.users.find((u) => u.userId === userId)?.unreads ?? 0;
}

/** The chats with something unread for the viewer: the top bar bell's count. */
export function unreadChatCount(chats: ChatView[], userId: string): number {
  return chats.filter((c) => unreadsOf(c, userId) > 0).length;
}

/** The chat as the viewer sees it after reading it: her counter back to 0, the others untouched. */
export function withReadBy(chat: ChatView, userId: string): ChatView {
  if (unreadsOf(chat, userId) === 0) return chat;
  return { ...chat, users: chat.users.map((u) => (u.userId === userId ? { ...u, unreads: 0 } : u)) };
}

const newestFirst = (a: ChatView, b: ChatView) => b.updatedAt.localeCompare(a.updatedAt);

/** Whether a chat belongs in a list searched for `search` (the server's search is on the title). */
export function matchesSearch(chat: ChatView, search: string): boolean {
  const q = search.trim().toLowerCase();
  return q === '' || chat.title.toLowerCase().includes(q);
}

/** Puts the chat's latest state in the list, most recently active first; a searched list skips non-matches. */
export function upsertChat(list: ChatView[], chat: ChatView, search = ''): ChatView[] {
  const known = list.some((c) => c.id === chat.id);
  if (!known && !matchesSearch(chat, search)) return list;
  const rest = list.filter((c) => c.id !== chat.id);
  return [...rest, chat].sort(newestFirst);
}

/** Appends a further page, keeping each chat once (a live one may already be there). */
export function appendChatPage(list: ChatView[], page: ChatView[]): ChatView[] {
  const known = new Set(list.map((c) => c.id));
  return [...list, ...page.filter((c) => !known.has(c.id))];
}

/** Two lists of chats as one, each chat once, most recently active first. */
export function mergeChatLists(a: ChatView[], b: ChatView[]): ChatView[] {
  return appendChatPage(a, b).sort(newestFirst);
}

/**
 * A `company-<id>-chat` frame applied to a list. The frame carries the chat as the server has it now
 * (counters included), so applying the same frame twice changes nothing. `openChatId` is the chat the
 * viewer is reading: its messages count as read at once.
 */
export function applyChatFrame(
  list: ChatView[],
  frame: ChatFrame,
  viewer: { userId: string; openChatId?: string | null; search?: string },
): ChatView[] {
  if (frame.action === 'delete') return list.filter((c) => c.id !== frame.id);
  const chat = frame.chat.id === viewer.openChatId ? withReadBy(frame.chat, viewer.userId) : frame.chat;
  return upsertChat(list, chat, viewer.search);
}
