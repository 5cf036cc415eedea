import { usePagedFetch } from '../../../components/use-paged-fetch.ts';
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

/** While the search tab is hidden nothing is asked: its fetch waits for the tab to show again. */
const HIDDEN = 'hidden';
const never = () => new Promise<never>(() => {});

/** The search tab: every status, paged like the other lists; our own changes refresh the rows. */
export function useTicketSearch(search: TicketSearch, enabled: boolean) {
  const { records, setRecords, loading, loadMore } = usePagedFetch(
    enabled ? JSON.stringify(search) : HIDDEN,
    (page, signal) =>
      enabled
        ? listTickets({ ...search, pageNumber: page }, signal).then((r) => ({
            records: r.tickets,
            hasMore: r.hasMore,
          }))
        : never(),
  );

  // A published ticket has no search match: the row keeps the one its search found.
  useTicketPublished((ticket) =>
    setRecords((prev) =>
      prev.map((t) => (t.id === ticket.id ? { ...ticket, searchMatch: t.searchMatch } : t)),
    ),
  );

  return { tickets: records, loading, loadMore, count: records.length };
}
