import type { TicketView } from '@zelo/contracts/tickets/read-models';

/** Server events on `company-<id>-ticket`. */
export type TicketEvent =
  | { action: 'update'; ticket: TicketView }
  | { action: 'delete'; ticketId: string }
  | { action: 'updateUnread'; ticketId: string };
