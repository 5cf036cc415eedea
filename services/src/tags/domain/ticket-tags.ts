import { DomainError } from '@zelo/contracts/errors';
import type { TicketTagsEvent } from '@zelo/contracts/tags/events';

/** One stream per ticket holds its set of tags, so two agents tagging at once re-decide, never overwrite. */
export interface TicketTagsState {
  companyId: string | null;
  tagIds: string[];
}
export const ticketTagsStreamId = (ticketId: string) => `tickettags-${ticketId}`;
export const initialTicketTagsState = (): TicketTagsState => ({ companyId: null, tagIds: [] });

export function evolveTicketTags(_state: TicketTagsState, event: TicketTagsEvent): TicketTagsState {
  return { companyId: event.data.companyId, tagIds: event.data.tagIds };
}

interface OfTicket {
  ticketId: string;
  companyId: string;
}

/**
 * The ticket header's picker sets the whole set; the spec's kanban calls add one tag or remove them
 * all; a card dropped on a lane (doc 2 §4 "Kanban move": remove the tags, then add the lane's) sets
 * exactly the lane's tag, or none for the lane of untagged tickets. Each is recorded as the resulting
 * set, in one event. The handler checks that a named tag is one of the company's.
 */
export type TicketTagsCommand =
  | ({ type: 'SyncTicketTags'; tagIds: string[] } & OfTicket)
  | ({ type: 'AddTicketTag'; tagId: string } & OfTicket)
  | ({ type: 'RemoveTicketTags' } & OfTicket)
  | ({ type: 'MoveTicketToLane'; tagId: string | null } & OfTicket);

/** The event setting the ticket's tags to `wanted`, or none when that is already its set. */
function setTags(command: OfTicket, state: TicketTagsState, wanted: string[]): TicketTagsEvent[] {
  if (state.companyId && state.companyId !== command.companyId)
    throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
  const tagIds = [...new Set(wanted)];
  const unchanged = tagIds.length === state.tagIds.length && tagIds.every((id) => state.tagIds.includes(id));
  if (unchanged) return [];
  return [
    { type: 'TicketTagsSynced', data: { ticketId: command.ticketId, companyId: command.companyId, tagIds } },
  ];
}

export function decideTicketTags(command: TicketTagsCommand, state: TicketTagsState): TicketTagsEvent[] {
  switch (command.type) {
    case 'SyncTicketTags':
      return setTags(command, state, command.tagIds);
    case 'AddTicketTag':
      return setTags(command, state, [...state.tagIds, command.tagId]);
    case 'RemoveTicketTags':
      return setTags(command, state, []);
    case 'MoveTicketToLane':
      return setTags(command, state, command.tagId ? [command.tagId] : []);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
