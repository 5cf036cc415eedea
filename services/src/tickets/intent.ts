import type { UpdateTicketRequest } from '@zelo/contracts/tickets/api';
import type { TicketStatus } from '@zelo/contracts/tickets/events';

/** What a PUT /tickets/{id} body asks for, named (the spec keeps the one call for all of them). */
export type TicketIntent =
  | { kind: 'close' }
  | { kind: 'reopen'; userId: string; queueId: string | null }
  | { kind: 'accept'; queueId: string | null }
  | { kind: 'return' }
  | { kind: 'transfer'; userId: string | null; queueId: string | null; whatsappId?: string | null };

/** The ticket as it stands before the update. */
export interface CurrentTicket {
  status: TicketStatus;
  userId: string | null;
  queueId: string | null;
}

/**
 * Reads the intent of an update from the status it asks for against the current one: closing wins,
 * a closed ticket reopens, a pending one the caller takes for themselves is accepted, an open one
 * handed to nobody in the same queue is returned; anything else moves it (user, queue, connection).
 */
export function ticketIntent(
  current: CurrentTicket,
  body: UpdateTicketRequest,
  viewerId: string,
): TicketIntent {
  const status = body.status ?? current.status;
  const queueId = body.queueId === undefined ? current.queueId : body.queueId;
  if (status === 'closed') return { kind: 'close' };
  if (current.status === 'closed') return { kind: 'reopen', userId: body.userId ?? viewerId, queueId };
  const takesIt = (body.userId ?? viewerId) === viewerId && !body.whatsappId;
  if (status === 'open' && current.status === 'pending' && takesIt) return { kind: 'accept', queueId };
  const handsBack = body.userId === null && body.queueId === undefined;
  if (status === 'pending' && current.status === 'open' && handsBack) return { kind: 'return' };
  const userId = body.userId === undefined ? current.userId : body.userId;
  return { kind: 'transfer', userId, queueId, whatsappId: body.whatsappId };
}
