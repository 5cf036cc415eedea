import { DomainError } from '@zelo/contracts/errors';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { getTicket } from '@zelo/projections/tickets/queries';
import type { Viewer } from '../api/context.ts';
import type { Pool } from '../platform/db.ts';
import { assertMayViewTicket } from './access.ts';

/**
 * The ticket as the lists show it, when the viewer may open it: what every route about one ticket
 * (its messages, notes, update) checks first. Unknown or another company's: 404; not theirs: 403.
 */
export async function visibleTicket(pool: Pool, viewer: Viewer, ticketId: string): Promise<TicketView> {
  const ticket = await getTicket(pool, viewer.companyId, ticketId);
  if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
  assertMayViewTicket(viewer, ticket);
  return ticket;
}
