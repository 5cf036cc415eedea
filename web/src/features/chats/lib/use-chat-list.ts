import type { ChatView } from '@zelo/contracts/chats/read-models';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { listChats } from '../api/chats.ts';
import { appendChatPage, applyChatFrame, upsertChat, withReadBy } from './chat-list.ts';

/** Doc 2 §9: the chats search waits 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * The chats page's list: a debounced search, further pages on demand, and the chat frames applied
 * live (new chats appear, edits update, deletes go). `openChatId`'s new messages count as read.
 */
export function useChatList(search: string, openChatId: string | null, refreshKey: number) {
  const user = useAtomValue(sessionAtom)?.user;
  const query = useDebounced(search, SEARCH_DEBOUNCE_MS).trim();
  // The query and the page change together, so a new search never fetches its page 3.
  const [cursor, setCursor] = useState({ query, page: 1, refreshKey });
  const [chats, setChats] = useState<ChatView[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  // Set at once, not at the next render: two scroll events in a row must not skip a page.
  const fetching = useRef(true);

  useEffect(
    () =>
      setCursor((c) =>
        c.query === query && c.refreshKey === refreshKey ? c : { query, page: 1, refreshKey },
      ),
    [query, refreshKey],
  );

  useEffect(() => {
    const ctrl = new AbortController();
    fetching.current = true;
    setLoading(true);
    listChats(cursor.query, cursor.page, ctrl.signal)
      .then((r) => {
        if (ctrl.signal.aborted) return;
        setChats((prev) => (cursor.page === 1 ? r.records : appendChatPage(prev, r.records)));
        setHasMore(r.hasMore);
      })
      // Doc 2 §8: chat errors are silent; the list keeps what it had.
      .catch(() => undefined)
      .finally(() => {
        if (ctrl.signal.aborted) return;
        fetching.current = false;
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [cursor]);

  useSocketEvent(user ? `company-${user.companyId}-chat` : null, (frame) => {
    if (!user) return;
    setChats((prev) => applyChatFrame(prev, frame, { userId: user.id, openChatId, search: query }));
  });

  const loadMore = useCallback(() => {
    if (fetching.current || !hasMore) return;
    fetching.current = true;
    setCursor((c) => ({ ...c, page: c.page + 1 }));
  }, [hasMore]);

  /** Our own answers (a save, a read) show before the socket's frame arrives. */
  const putChat = useCallback((chat: ChatView) => setChats((prev) => upsertChat(prev, chat, query)), [query]);
  const removeChat = useCallback((id: string) => setChats((prev) => prev.filter((c) => c.id !== id)), []);
  const markRead = useCallback(
    (id: string, userId: string) =>
      setChats((prev) => prev.map((c) => (c.id === id ? withReadBy(c, userId) : c))),
    [],
  );

  return { chats, loading, hasMore, loadMore, putChat, removeChat, markRead };
}
