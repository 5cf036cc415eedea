import type { ChatView } from '@zelo/contracts/chats/read-models';
import { useEffect } from 'react';
import { useSocketEvent } from '../../../lib/socket.ts';
import { appStore, atom, refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { listChats, listUnreadChats } from '../api/chats.ts';
import { applyChatFrame, mergeChatLists, unreadChatCount, withReadBy } from './chat-list.ts';

// The viewer's most recently active chats (page 1 of GET /chats) and those she has not read, however
// old, shared by the top bar's chat bell and the side menu's dot badge, and told by the chats page
// which chat is being read.

interface Inbox {
  /** Whose inbox this is, so a later login in the same tab never shows the previous user's chats. */
  userId: string;
  chats: ChatView[];
}
export const inboxAtom = atom<Inbox | null>(null);

/** The chat open on screen while the tab is visible: its new messages are read as they arrive. */
export const readingChatAtom = atom<string | null>(null);

let inflight: Promise<void> | null = null;

function loadInbox(userId: string) {
  inflight ??= Promise.all([listChats('', 1), listUnreadChats()])
    .then(([recent, unread]) =>
      appStore.set(inboxAtom, { userId, chats: mergeChatLists(recent.records, unread.records) }),
    )
    // Chat errors are silent (doc 2 §8): the bell stays as it was.
    .catch(() => undefined)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** The chats page read a chat: the bell and the dot forget its unread messages at once. */
export function markReadInInbox(chatId: string, userId: string) {
  const inbox = appStore.get(inboxAtom);
  if (!inbox || inbox.userId !== userId) return;
  appStore.set(inboxAtom, {
    ...inbox,
    chats: inbox.chats.map((c) => (c.id === chatId ? withReadBy(c, userId) : c)),
  });
}

/**
 * The inbox, loaded once per user (and again on the top bar's refresh) and kept live by the chat
 * frames. Several components may use it: frames carry the chat's whole state, so each of them
 * applying the same frame gives the same list.
 */
export function useChatInbox(): { chats: ChatView[]; unreadChats: number } {
  const user = useAtomValue(sessionAtom)?.user;
  const inbox = useAtomValue(inboxAtom);
  const refreshKey = useAtomValue(refreshKeyAtom);
  const userId = user?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the top bar's refresh reloads the inbox
  useEffect(() => {
    if (userId) void loadInbox(userId);
  }, [userId, refreshKey]);

  useSocketEvent(user ? `company-${user.companyId}-chat` : null, (frame) => {
    const current = appStore.get(inboxAtom);
    if (!userId || !current || current.userId !== userId) return;
    const openChatId = appStore.get(readingChatAtom);
    appStore.set(inboxAtom, { userId, chats: applyChatFrame(current.chats, frame, { userId, openChatId }) });
  });

  const chats = inbox && inbox.userId === userId ? inbox.chats : [];
  return { chats, unreadChats: userId ? unreadChatCount(chats, userId) : 0 };
}
