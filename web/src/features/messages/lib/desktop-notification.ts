import type { MessageView } from '@zelo/contracts/messaging/read-models';

export interface NotifiedTicket {
  id: string;
  status: 'open' | 'pending' | 'closed';
  userId: string | null;
  queueId: string | null;
  isGroup: boolean;
}

export interface Viewer {
  userId: string;
  queueIds: string[];
  /** The ticket on screen, if any, while the page is visible. */
  visibleTicketId: string | null;
}

/**
 * Section 4 Desktop notification: a new incoming unread message on a non-pending ticket that is the
 * user's own or unassigned, in one of their queues (or no queue); never a group, another agent's ticket
 * or the conversation already on screen.
 */
export function shouldNotify(message: MessageView, ticket: NotifiedTicket, viewer: Viewer): boolean {
  if (message.fromMe || message.read) return false;
  if (ticket.status === 'pending' || ticket.isGroup) return false;
  if (ticket.userId && ticket.userId !== viewer.userId) return false;
  if (ticket.queueId && !viewer.queueIds.includes(ticket.queueId)) return false;
  return ticket.id !== viewer.visibleTicketId;
}
