import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { useCallback, useEffect, useState } from 'react';
import { toastError } from '../../../lib/toaster.ts';
import { listTickets } from '../api/list-tickets.ts';
import { useTicketPublished } from './local-updates.ts';

export interface TicketSearch {
  searchParam: string;
  /** Omitted: every queue the user may see. */
  queueIds?: string[];
  users: string[];
  tags: string[];
  withUnreadMessages: boolean;
  /** Admins search everyone's tickets; others their own and the unassigned ones. */
  showAll: boolean;
}

/** The search tab: every status, paged like the other lists; our own changes refresh the rows. */
export function useTicketSearch(search: TicketSearch, enabled: boolean) {
  const [tickets, setTickets] = useState<TicketView[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(search);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search restarts at page 1
  useEffect(() => setPage(1), [key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the search fields
  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    setLoading(true);
    listTickets({ ...search, pageNumber: page }, ctrl.signal)
      .then((res) => {
        setTickets((prev) => {
          if (page === 1) return res.tickets;
          const known = new Set(prev.map((t) => t.id));
          return [...prev, ...res.tickets.filter((t) => !known.has(t.id))];
        });
        setHasMore(res.hasMore);
      })
      .catch((err) => !ctrl.signal.aborted && toastError(err))
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [key, page, enabled]);

  // A published ticket has no search match: the row keeps the one its search found.
  useTicketPublished((ticket) =>
    setTickets((prev) =>
      prev.map((t) => (t.id === ticket.id ? { ...ticket, searchMatch: t.searchMatch } : t)),
    ),
  );

  const loadMore = useCallback(() => {
    if (!loading && hasMore) setPage((p) => p + 1);
  }, [loading, hasMore]);
  return { tickets, loading, loadMore, count: tickets.length };
}
