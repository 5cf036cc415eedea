import type { KanbanTags } from '@zelo/contracts/tags/read-models';
import type { KanbanTickets, TicketView } from '@zelo/contracts/tickets/read-models';
import { apiRequest } from '../../../lib/api.ts';

export interface KanbanQuery {
  /** Narrows the board to these queues (and queue-less tickets); null: not sent. */
  queueIds: string[] | null;
  /** Admins only: every ticket of the company (doc 2 §6). */
  showAll: boolean;
}

/** GET /ticket/kanban (doc 2 §7): queueIds as JSON, showAll; the board's open tickets. */
export const fetchKanbanTickets = ({ queueIds, showAll }: KanbanQuery, signal?: AbortSignal) =>
  apiRequest<KanbanTickets>('/ticket/kanban', {
    signal,
    query: { queueIds: queueIds ? JSON.stringify(queueIds) : undefined, showAll },
  }).then((r) => r.tickets);

/** GET /tags/kanban: the lanes, one per kanban tag. */
export const fetchKanbanLanes = (signal?: AbortSignal) =>
  apiRequest<KanbanTags>('/tags/kanban', { signal }).then((r) => r.lista);

/** PUT /ticket/kanban/{ticketId}: the card's tags become exactly the lane's tag, or none (open lane). */
export const moveKanbanCard = (ticketId: string, tagId: string | null) =>
  apiRequest<TicketView | undefined>(`/ticket/kanban/${encodeURIComponent(ticketId)}`, {
    method: 'PUT',
    body: { tagId },
  });
