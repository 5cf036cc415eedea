import { apiRequest } from '../../../lib/api.ts';

/** The fields of a ticket the bell shows. */
export interface UnreadTicket {
  id: string;
  status: 'open' | 'pending' | 'closed';
  lastMessage: string | null;
  unreadMessages: number;
  updatedAt: string;
  contact: { name: string; number: string } | null;
}

/**
 * Doc 1 §2 notifications popover: the user's tickets with unread messages (own open ones, and the
 * unassigned pending ones of their queues only when their allTicket is enabled), newest first. The
 * server applies the visibility rules (`showAll=false`: open tickets are the caller's own).
 */
export async function listUnreadTickets(includePending: boolean, signal?: AbortSignal) {
  const statuses = includePending ? (['open', 'pending'] as const) : (['open'] as const);
  const pages = await Promise.all(
    statuses.map((status) =>
      apiRequest<{ tickets: UnreadTicket[] }>('/tickets', {
        signal,
        query: { status, pageNumber: 1, showAll: false, withUnreadMessages: true },
      }),
    ),
  );
  return pages
    .flatMap((p) => p.tickets)
    .filter((t) => t.unreadMessages > 0)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
