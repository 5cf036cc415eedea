import type { MessagePage, MessageView } from '@zelo/contracts/messaging/read-models';
import { useCallback, useEffect, useRef } from 'react';
import * as v from 'valibot';
import { type PagedList, usePagedFetch } from '../../../components/use-paged-fetch.ts';
import { apiRequest } from '../../../lib/api.ts';
import { useSocketEvent, useSocketRoom } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
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
  const lastChange = useRef<'reset' | 'older' | 'new' | 'update'>('reset');
  const list: PagedList<MessageView> = usePagedFetch(
    `${refreshKey}:${ticketId}`,
    (page, signal) => {
      // Page 1 starts over (a refresh, another ticket): what was shown goes as the request leaves, so live
      // messages that arrive while it is on its way stay.
      if (page === 1) list.setRecords((held) => (held.length === 0 ? held : []));
      return listMessages({ ticketId, pageNumber: page }, signal).then((res) => {
        if (!signal.aborted) lastChange.current = page === 1 ? 'reset' : 'older';
        return { records: res.messages, hasMore: res.hasMore };
      });
    },
    // Live messages that arrived during the fetch are newer than any page, so pages go in front.
    { merge: prependPage },
  );
  const { records: messages, setRecords, loading, error, page, loadMore } = list;

  useSocketRoom(`ticket:${ticketId}`);
  useSocketEvent(companyId ? `company-${companyId}-appMessage` : null, (e) => {
    if (e.message?.ticketId !== ticketId) return;
    lastChange.current = e.action === 'create' ? 'new' : 'update';
    setRecords((prev) =>
      e.action === 'create' ? addMessage(prev, e.message) : replaceMessage(prev, e.message),
    );
  });

  // The next page only once the last one is in the list; a failed page stops the search.
  const focusMissing = focusId !== undefined && !messages.some((m) => m.id === focusId);
  useEffect(() => {
    if (focusMissing && !loading && !error && page < FOCUS_MAX_PAGES) loadMore();
  }, [focusMissing, loading, error, page, loadMore]);

  const appendOwn = useCallback(
    (message: MessageView) => {
      lastChange.current = 'new';
      setRecords((prev) => addMessage(prev, message));
    },
    [setRecords],
  );

  /** Our own DELETE answer shows at once, before the socket's update arrives. */
  const replaceOwn = useCallback(
    (message: MessageView) => {
      lastChange.current = 'update';
      setRecords((prev) => replaceMessage(prev, message));
    },
    [setRecords],
  );

  return { messages, loading, hasMore: list.hasMore, loadOlder: loadMore, appendOwn, replaceOwn, lastChange };
}
