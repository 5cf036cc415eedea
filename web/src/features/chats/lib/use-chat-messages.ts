import type { ChatMessageView } from '@zelo/contracts/chats/read-models';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { listChatMessages } from '../api/chat-messages.ts';
import { addChatMessage, prependChatPage } from './chat-messages.ts';

export type ChatListChange = 'reset' | 'older' | 'new';

/**
 * One chat's messages: page 1 is the newest, older pages come in front via loadOlder, new ones
 * (the chat frames' and our own) at the end. `lastChange` tells the view how to scroll. The view is
 * keyed by the chat (and the refresh), so another chat starts from fresh state.
 */
export function useChatMessages(chatId: string) {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const lastChange = useRef<ChatListChange>('reset');
  // Set at once, not at the next render: two scroll events in a row must not skip a page.
  const fetching = useRef(true);

  useEffect(() => {
    const ctrl = new AbortController();
    fetching.current = true;
    setLoading(true);
    listChatMessages(chatId, page, ctrl.signal)
      .then((r) => {
        if (ctrl.signal.aborted) return;
        lastChange.current = page === 1 ? 'reset' : 'older';
        // Live messages that arrived meanwhile are newer than any page, so pages go in front.
        setMessages((prev) => prependChatPage(prev, r.records));
        setHasMore(r.hasMore);
      })
      // Doc 2 §8: silent; an empty or partial conversation stays usable.
      .catch(() => undefined)
      .finally(() => {
        if (ctrl.signal.aborted) return;
        fetching.current = false;
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [chatId, page]);

  useSocketEvent(companyId ? `company-${companyId}-chat` : null, (frame) => {
    if (frame.action !== 'new-message' || frame.newMessage.chatId !== chatId) return;
    lastChange.current = 'new';
    setMessages((prev) => addChatMessage(prev, frame.newMessage));
  });

  const loadOlder = useCallback(() => {
    if (fetching.current || !hasMore) return;
    fetching.current = true;
    setPage((p) => p + 1);
  }, [hasMore]);

  const appendOwn = useCallback((message: ChatMessageView) => {
    lastChange.current = 'new';
    setMessages((prev) => addChatMessage(prev, message));
  }, []);

  return { messages, loading, hasMore, loadOlder, appendOwn, lastChange };
}
