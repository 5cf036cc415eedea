import type { TicketPage } from '@zelo/contracts/tickets/read-models';
import { apiRequest } from '../../../lib/api.ts';

/**
 * Doc 1 §2 notifications popover: the user's tickets with unread messages (own open ones, and the
 * unassigned pending ones of their queues only when their allTicket is enabled), newest first. The
 * server applies the visibility rules (`showAll=false`: open tickets are the caller's own).
 */
export async function listUnreadTickets(includePending: boolean, signal?: AbortSignal) {
  const statuses = includePending ? (['open', 'pending'] as const) : (['open'] as const);
  const pages = await Promise.all(
    statuses.map((status) =>
      apiRequest<TicketPage>('/tickets', {
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
