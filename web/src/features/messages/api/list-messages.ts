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
 * How far back a search hit is looked for (issue 24): pages of 20, one request each, so 2 000
 * messages; an older one opens the conversation at its newest messages, as any other.
 */
const FOCUS_MAX_PAGES = 100;

/**
 * The conversation of one ticket: page 1 is the newest, older pages come in front via loadOlder.
 * `lastChange` tells the view whether to stick to the bottom (new/first page) or keep position (older).
 * With `focusId`, older pages load until that message is in the list.
 */
export function useMessages(ticketId: string, refreshKey = 0, focusId?: string) {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const [messages, setMessages] = useState<MessageView[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  /** The last page whose answer is in the list: the focus asks for the next one only after it. */
  const [loadedPage, setLoadedPage] = useState(0);
  const lastChange = useRef<'reset' | 'older' | 'new' | 'update'>('reset');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new ticket (or refresh) restarts the list
  useEffect(() => {
    setMessages([]);
    setPage(1);
    setLoadedPage(0);
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
        setLoadedPage(page);
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

  const focusMissing = focusId !== undefined && !messages.some((m) => m.id === focusId);
  useEffect(() => {
    if (focusMissing && loadedPage === page && hasMore && page < FOCUS_MAX_PAGES) setPage(page + 1);
  }, [focusMissing, loadedPage, hasMore, page]);

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
