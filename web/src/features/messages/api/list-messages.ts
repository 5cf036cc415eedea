import type { MessagePage, MessageView } from '@zelo/contracts/messaging/read-models';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { useSocketEvent, useSocketRoom } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError } from '../../../lib/toaster.ts';
import { addMessage, prependPage, replaceMessage } from '../lib/message-list.ts';

export const ListMessagesInput = v.object({
  ticketId: v.pipe(v.string(), v.nonEmpty()),
  pageNumber: v.pipe(v.number(), v.minValue(1)),
});
export type ListMessagesInput = v.InferOutput<typeof ListMessagesInput>;

export function listMessages(input: ListMessagesInput, signal?: AbortSignal) {
  const { ticketId, pageNumber } = v.parse(ListMessagesInput, input);
  return apiRequest<MessagePage>(`/messages/${encodeURIComponent(ticketId)}`, {
    query: { pageNumber },
    signal,
  });
}

/**
 * The conversation of one ticket: page 1 is the newest, older pages come in front via loadOlder.
 * `lastChange` tells the view whether to stick to the bottom (new/first page) or keep position (older).
 */
export function useMessages(ticketId: string, refreshKey = 0) {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const [messages, setMessages] = useState<MessageView[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const lastChange = useRef<'reset' | 'older' | 'new' | 'update'>('reset');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new ticket (or refresh) restarts the list
  useEffect(() => {
    setMessages([]);
    setPage(1);
  }, [ticketId, refreshKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey forces a refetch of page 1
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    listMessages({ ticketId, pageNumber: page }, ctrl.signal)
      .then((res) => {
        lastChange.current = page === 1 ? 'reset' : 'older';
        // Live messages that arrived during the fetch are newer than any page, so pages go in front.
        setMessages((prev) => prependPage(prev, res.messages));
        setHasMore(res.hasMore);
      })
      .catch((err) => !ctrl.signal.aborted && toastError(err))
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [ticketId, page, refreshKey]);

  useSocketRoom(`ticket:${ticketId}`);
  useSocketEvent(companyId ? `company-${companyId}-appMessage` : null, (e) => {
    if (e.message?.ticketId !== ticketId) return;
    lastChange.current = e.action === 'create' ? 'new' : 'update';
    setMessages((prev) =>
      e.action === 'create' ? addMessage(prev, e.message) : replaceMessage(prev, e.message),
    );
  });

  const loadOlder = useCallback(() => {
    if (!loading && hasMore) setPage((p) => p + 1);
  }, [loading, hasMore]);

  const appendOwn = useCallback((message: MessageView) => {
    lastChange.current = 'new';
    setMessages((prev) => addMessage(prev, message));
  }, []);

  /** Our own DELETE answer shows at once, before the socket's update arrives. */
  const replaceOwn = useCallback((message: MessageView) => {
    lastChange.current = 'update';
    setMessages((prev) => replaceMessage(prev, message));
  }, []);

  return { messages, loading, hasMore, loadOlder, appendOwn, replaceOwn, lastChange };
}
