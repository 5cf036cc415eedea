import type { ChatMessageView } from '@zelo/contracts/chats/read-models';
import { useCallback, useRef } from 'react';
import { usePagedFetch } from '../../../components/use-paged-fetch.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { listChatMessages } from '../api/chat-messages.ts';
import { addChatMessage, prependChatPage } from './chat-messages.ts';

export type ChatListChange = 'reset' | 'older' | 'new';

/** Doc 2 §8: silent; an empty or partial conversation stays usable. */
const silent = () => undefined;

/**
 * One chat's messages: page 1 is the newest, older pages come in front via loadOlder, new ones
 * (the chat frames' and our own) at the end. `lastChange` tells the view how to scroll. The view is
 * keyed by the chat (and the refresh), so another chat starts from fresh state.
 */
export function useChatMessages(chatId: string) {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const lastChange = useRef<ChatListChange>('reset');
  const list = usePagedFetch(
    chatId,
    (page, signal) =>
      listChatMessages(chatId, page, signal).then((r) => {
        if (!signal.aborted) lastChange.current = page === 1 ? 'reset' : 'older';
        return r;
      }),
    // Live messages that arrived meanwhile are newer than any page, so pages go in front.
    { merge: prependChatPage, onError: silent },
  );
  const { setRecords } = list;

  useSocketEvent(companyId ? `company-${companyId}-chat` : null, (frame) => {
    if (frame.action !== 'new-message' || frame.newMessage.chatId !== chatId) return;
    lastChange.current = 'new';
    setRecords((prev) => addChatMessage(prev, frame.newMessage));
  });

  const appendOwn = useCallback(
    (message: ChatMessageView) => {
      lastChange.current = 'new';
      setRecords((prev) => addChatMessage(prev, message));
    },
    [setRecords],
  );

  return {
    messages: list.records,
    loading: list.loading,
    hasMore: list.hasMore,
    loadOlder: list.loadMore,
    appendOwn,
    lastChange,
  };
}
