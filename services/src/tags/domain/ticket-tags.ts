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

export type TicketTagsCommand = {
  type: 'SyncTicketTags';
  ticketId: string;
  companyId: string;
  tagIds: string[];
};

function syncTicketTags(command: TicketTagsCommand, state: TicketTagsState): TicketTagsEvent[] {
  if (state.companyId && state.companyId !== command.companyId)
    throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
  const tagIds = [...new Set(command.tagIds)];
  const unchanged = tagIds.length === state.tagIds.length && tagIds.every((id) => state.tagIds.includes(id));
  if (unchanged) return [];
  return [
    { type: 'TicketTagsSynced', data: { ticketId: command.ticketId, companyId: command.companyId, tagIds } },
  ];
}

export function decideTicketTags(command: TicketTagsCommand, state: TicketTagsState): TicketTagsEvent[] {
  switch (command.type) {
    case 'SyncTicketTags':
      return syncTicketTags(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
