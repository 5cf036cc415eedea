export interface Tag {
  id: string;
  name: string;
  color: string;
  kanban: boolean;
  userId: string | null;
  ticketsCount: number;
}

/** What a ticket carries (GET /tickets rows). */
export interface TicketTag {
  id: string;
  name: string;
  color: string;
}
