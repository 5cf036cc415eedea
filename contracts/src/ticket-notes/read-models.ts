/** An internal note of the contact drawer, with its author's current name (null once removed). */
export interface TicketNoteView {
  id: string;
  note: string;
  ticketId: string;
  contactId: string;
  userId: string;
  user: { id: string; name: string } | null;
  createdAt: string;
}
