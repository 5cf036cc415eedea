export type TicketStatus = 'open' | 'pending' | 'closed';

export interface Ticket {
  id: string;
  uuid?: string;
  status: TicketStatus;
  userId: string | null;
  user: { id: string; name: string } | null;
  queueId: string | null;
  queue: { id: string; name: string; color: string } | null;
  whatsappId: string | null;
  whatsapp: { id: string; name: string } | null;
  contactId: string;
  contact: { id: string; name: string; number: string; profilePicUrl?: string | null };
  isGroup: boolean;
  chatbot?: boolean;
  lastMessage: string | null;
  unreadMessages: number;
  updatedAt: string;
  createdAt: string;
  tags?: { id: string; name: string; color: string }[];
}

/** Server events on `company-<id>-ticket`. */
export type TicketEvent =
  | { action: 'update'; ticket: Ticket }
  | { action: 'delete'; ticketId: string }
  | { action: 'updateUnread'; ticketId: string };
