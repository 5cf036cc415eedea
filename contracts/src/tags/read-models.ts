/** A tag as the tags page, the picker and every tag route answer it. Times are ISO strings. */
export interface TagView {
  id: string;
  name: string;
  color: string;
  kanban: boolean;
  /** Who created it; null for tags of the seed. */
  userId: string | null;
  /** Tickets carrying it (deleted tickets left out). */
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /tags: one page of the search. */
export interface TagPage {
  tags: TagView[];
  hasMore: boolean;
}

/** GET /tags/kanban: the lanes of the kanban board. */
export interface KanbanTags {
  lista: TagView[];
}

/** What a ticket carries of a tag (the ticket rows' `tags`). */
export interface TicketTag {
  id: string;
  name: string;
  color: string;
}
