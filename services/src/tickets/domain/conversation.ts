import { DomainError } from '@zelo/contracts/errors';
import type { ConversationEvent, ConversationTicketClaimed } from '@zelo/contracts/tickets/events';

/** One contact on one connection. */
export const conversationStreamId = (whatsappId: string, contactId: string) =>
  `conversation-${whatsappId}-${contactId}`;

export interface ConversationState {
  /** The latest claim and the revision it was written at. */
  current: { claim: ConversationTicketClaimed['data']; revision: number } | null;
  revision: number;
}

export const initialConversationState = (): ConversationState => ({ current: null, revision: -1 });

export function evolveConversation(state: ConversationState, event: ConversationEvent): ConversationState {
  const revision = state.revision + 1;
  return { current: { claim: event.data, revision }, revision };
}

export interface ClaimTicket {
  type: 'ClaimTicket';
  claim: ConversationTicketClaimed['data'];
  /** Whether the currently claimed ticket still holds the conversation (the handler reads it). */
  currentIsActive: boolean;
  currentTicket?: unknown;
}

/** Claims the conversation for the command's ticket, unless another ticket still holds it. */
function claimTicket(command: ClaimTicket, state: ConversationState): ConversationEvent[] {
  const cur = state.current;
  if (cur && cur.claim.ticketId !== command.claim.ticketId && command.currentIsActive) {
    throw new DomainError('ERR_OTHER_OPEN_TICKET', 'an open ticket already exists for this contact', {
      ticketId: cur.claim.ticketId,
      ticket: command.currentTicket,
    });
  }
  return [{ type: 'ConversationTicketClaimed', data: command.claim }];
}

export function decideConversation(command: ClaimTicket, state: ConversationState): ConversationEvent[] {
  switch (command.type) {
    case 'ClaimTicket':
      return claimTicket(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
