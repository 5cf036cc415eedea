import type { TicketPage } from '@zelo/contracts/tickets/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

export const ListTicketsInput = v.object({
  /** Omitted in the search tab: every status. */
  status: v.optional(v.picklist(['open', 'pending', 'closed'])),
  pageNumber: v.pipe(v.number(), v.integer(), v.minValue(1)),
  showAll: v.boolean(),
  /** Omitted means every queue (see use-live-tickets). */
  queueIds: v.optional(v.array(v.string())),
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100))),
  /** Admins only: tickets of these agents. */
  users: v.optional(v.array(v.string())),
  withUnreadMessages: v.optional(v.boolean()),
  /** Tickets carrying any of these tags. */
  tags: v.optional(v.array(v.string())),
  /** `slaDue`: the ticket closest to breaching its SLA first (issue 24). */
  orderBy: v.optional(v.picklist(['recent', 'slaDue'])),
});
export type ListTicketsInput = v.InferOutput<typeof ListTicketsInput>;

const json = (list: string[] | undefined) => (list?.length ? JSON.stringify(list) : undefined);

export function listTickets(input: ListTicketsInput, signal?: AbortSignal) {
  const q = v.parse(ListTicketsInput, input);
  return apiRequest<TicketPage>('/tickets', {
    signal,
    query: {
      status: q.status,
      pageNumber: q.pageNumber,
      showAll: q.showAll,
      queueIds: q.queueIds ? JSON.stringify(q.queueIds) : undefined,
      searchParam: q.searchParam || undefined,
      users: json(q.users),
      tags: json(q.tags),
      withUnreadMessages: q.withUnreadMessages || undefined,
      orderBy: q.orderBy === 'slaDue' ? q.orderBy : undefined,
    },
  });
}
