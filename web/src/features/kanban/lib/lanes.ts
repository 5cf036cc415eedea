import type { TicketTag } from '@zelo/contracts/tags/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';

/** A column of the board: the open lane (tag null) or one kanban tag's. */
export interface Lane {
  /** null: the "Em aberto" lane of tickets without a kanban tag. */
  tag: TicketTag | null;
  tickets: TicketView[];
}

/** The key a lane goes by in the DOM, drag data and the move call ('' for the open lane). */
export const laneKey = (tagId: string | null) => tagId ?? '';
export const tagIdOfLaneKey = (key: string) => (key === '' ? null : key);

const newestFirst = (a: TicketView, b: TicketView) =>
  a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0;

/**
 * Doc 2 §2.5: first the open tickets that carry no kanban tag, then one lane per kanban tag in the
 * order GET /tags/kanban gives. A ticket with two kanban tags shows in both lanes; its other
 * (non-kanban) tags do not count. Newest activity first in every lane.
 */
export function groupIntoLanes(tickets: TicketView[], kanbanTags: TicketTag[]): Lane[] {
  const laneIds = new Set(kanbanTags.map((t) => t.id));
  const sorted = [...tickets].sort(newestFirst);
  const open: Lane = {
    tag: null,
    tickets: sorted.filter((t) => !t.tags.some((tag) => laneIds.has(tag.id))),
  };
  return [
    open,
    ...kanbanTags.map((tag) => ({
      tag: { id: tag.id, name: tag.name, color: tag.color },
      tickets: sorted.filter((t) => t.tags.some((x) => x.id === tag.id)),
    })),
  ];
}

/** The lanes a ticket may be moved to from `fromTagId`'s lane: every other lane. */
export const moveTargets = (lanes: Lane[], fromTagId: string | null) =>
  lanes.filter((lane) => (lane.tag?.id ?? null) !== fromTagId);

/** What the board shows as the ticket's number: the start of its id, as there is no counter. */
export const shortTicketId = (ticket: Pick<TicketView, 'uuid'>) => ticket.uuid.slice(0, 8);
