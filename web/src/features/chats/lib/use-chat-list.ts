import type { ChatView } from '@zelo/contracts/chats/read-models';
import { useCallback } from 'react';
import { usePagedFetch } from '../../../components/use-paged-fetch.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { listChats } from '../api/chats.ts';
import { applyChatFrame, upsertChat, withReadBy } from './chat-list.ts';

/** Doc 2 §9: the chats search waits 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;

/** Doc 2 §8: chat errors are silent; the list keeps what it had. */
const silent = () => undefined;

/**
 * The chats page's list: a debounced search, further pages on demand, and the chat frames applied
 * live (new chats appear, edits update, deletes go). `openChatId`'s new messages count as read.
 */
export function useChatList(search: string, openChatId: string | null, refreshKey: number) {
  const user = useAtomValue(sessionAtom)?.user;
  const query = useDebounced(search, SEARCH_DEBOUNCE_MS).trim();
  const {
    records: chats,
    setRecords: setChats,
    loading,
    hasMore,
    loadMore,
  } = usePagedFetch(`${refreshKey}:${query}`, (page, signal) => listChats(query, page, signal), {
    onError: silent,
  });

  useSocketEvent(user ? `company-${user.companyId}-chat` : null, (frame) => {
    if (!user) return;
    setChats((prev) => applyChatFrame(prev, frame, { userId: user.id, openChatId, search: query }));
  });

  /** Our own answers (a save, a read) show before the socket's frame arrives. */
  const putChat = useCallback(
    (chat: ChatView) => setChats((prev) => upsertChat(prev, chat, query)),
    [query, setChats],
  );
  const removeChat = useCallback(
    (id: string) => setChats((prev) => prev.filter((c) => c.id !== id)),
    [setChats],
  );
  const markRead = useCallback(
    (id: string, userId: string) =>
      setChats((prev) => prev.map((c) => (c.id === id ? withReadBy(c, userId) : c))),
    [setChats],
  );

  return { chats, loading, hasMore, loadMore, putChat, removeChat, markRead };
}
