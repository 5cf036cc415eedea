import { DomainError } from '@zelo/contracts/errors';
import type { SessionUser, Viewer } from '../api/context.ts';

export const isAdmin = (v: SessionUser) => v.profile === 'admin' || v.super;

/** Where a ticket sits, as far as who may see it is concerned. */
export interface TicketPlacement {
  queueId: string | null;
  userId?: string | null;
}

/**
 * Doc 1 §6: admins reach every ticket of their company; a user sees the tickets of her queues, and
 * the queue-less ones (a chatbot's, before a queue is chosen) only when her allTicket setting is
 * enabled, or when the queue-less ticket is her own. The same rule filters GET /tickets in SQL
 * (`listTickets`' `queuelessOwnedBy`): keep the two in step.
 */
export function mayViewTicket(v: Viewer, ticket: TicketPlacement): boolean {
  if (isAdmin(v)) return true;
  if (ticket.queueId === null) return v.allTicket || (!!ticket.userId && ticket.userId === v.id);
  return v.queueIds.includes(ticket.queueId);
}

export function assertMayViewTicket(v: Viewer, ticket: TicketPlacement) {
  if (!mayViewTicket(v, ticket)) throw new DomainError('ERR_NO_PERMISSION', 'Acesso não permitido');
}
