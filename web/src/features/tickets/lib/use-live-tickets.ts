import type { TicketStatus } from '@zelo/contracts/tickets/events';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocketEvent, useSocketRoom } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError } from '../../../lib/toaster.ts';
import { listTickets } from '../api/list-tickets.ts';
import { useTicketPublished } from './local-updates.ts';
import {
  emptyTicketList,
  type TicketListAction,
  type TicketListFilter,
  type TicketOrder,
  ticketListReducer,
} from './ticket-list-reducer.ts';

/**
 * One status list: pages from GET /tickets, then kept live by the socket under the section 4 rules.
 * `queueIds` is the page's queue filter; null (nothing picked) means every queue the user may see.
 * `refreshKey` lets the top bar's refresh button refetch everything; `orderBy` is kept by live updates too.
 */
export function useLiveTickets(
  status: TicketStatus,
  showAll: boolean,
  queueIds: string[] | null,
  refreshKey = 0,
  orderBy: TicketOrder = 'recent',
) {
  const user = useAtomValue(sessionAtom)?.user;
  const isAdmin = user?.profile === 'admin';
  // Admins may see every queue; others, with nothing picked, their own queues.
  const queueFilter = queueIds ?? (isAdmin ? null : (user?.queues.map((q) => q.id) ?? []));
  const queueKey = JSON.stringify(queueFilter);
  const filter: TicketListFilter = {
    status,
    userId: user?.id ?? '',
    // The closed tab lists closed tickets of every agent.
    showAll: status === 'closed' || showAll,
    queueIds: queueFilter,
    orderBy,
  };
  const filterRef = useRef(filter);
  filterRef.current = filter;

  const [state, setState] = useState(emptyTicketList);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const dispatch = useCallback(
    (a: TicketListAction) => setState((s) => ticketListReducer(s, a, filterRef.current)),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter restarts at page 1
  useEffect(() => setPage(1), [status, filter.showAll, queueKey, refreshKey, orderBy]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch exactly when the query changes
  useEffect(() => {
    const ctrl = new AbortController();
    const f = filterRef.current;
    setLoading(true);
    listTickets(
      { status, pageNumber: page, showAll: f.showAll, queueIds: f.queueIds ?? undefined, orderBy },
      ctrl.signal,
    )
      .then((res) => dispatch({ type: 'loaded', page, ...res }))
      .catch((err) => !ctrl.signal.aborted && toastError(err))
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [status, page, filter.showAll, queueKey, refreshKey, orderBy, dispatch]);

  useSocketRoom(`status:${status}`);
  useSocketRoom('notification');
  const company = user?.companyId;
  useSocketEvent(company ? `company-${company}-ticket` : null, (e) => {
    if (e.action === 'update') dispatch({ type: 'update', ticket: e.ticket });
    else if (e.action === 'delete') dispatch({ type: 'delete', ticketId: e.ticketId });
    else if (e.action === 'updateUnread') dispatch({ type: 'updateUnread', ticketId: e.ticketId });
  });
  useSocketEvent(company ? `company-${company}-appMessage` : null, (e) => {
    if (e.action === 'create' && e.ticket) dispatch({ type: 'message', ticket: e.ticket });
  });
  useTicketPublished((ticket) => dispatch({ type: 'update', ticket }));

  const loadMore = useCallback(() => {
    if (!loading && state.hasMore) setPage((p) => p + 1);
  }, [loading, state.hasMore]);

  return { ...state, loading, loadMore };
}
