import { DomainError } from '@zelo/contracts/errors';
import { conversationTicketClaimed } from '@zelo/contracts/testing/events';
import type { ConversationEvent, ConversationTicketClaimed } from '@zelo/contracts/tickets/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  type ClaimTicket,
  type ConversationState,
  decideConversation,
  evolveConversation,
  initialConversationState,
} from './conversation.ts';

const spec = decider<ConversationState, ClaimTicket, ConversationEvent>({
  initialState: initialConversationState,
  evolve: evolveConversation,
  decide: decideConversation,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const contactId = '00000000-0000-4000-8000-000000000003';
const whatsappId = '00000000-0000-4000-8000-000000000004';
const firstTicket = '00000000-0000-4000-8000-000000000002';
const secondTicket = '00000000-0000-4000-8000-000000000006';
const ana = '00000000-0000-4000-8000-000000000010';

const claim = (
  ticketId: string,
  over: Partial<ConversationTicketClaimed['data']> = {},
): ConversationTicketClaimed['data'] => ({
  companyId,
  contactId,
  ticketId,
  reason: 'created',
  isGroup: false,
  status: 'pending',
  userId: null,
  queueId: null,
  whatsappId,
  ...over,
});
const claimed = (data: ConversationTicketClaimed['data']) => conversationTicketClaimed(data);
const heldByFirst = [claimed(claim(firstTicket))];

describe('Conversation', () => {
  describe('When no ticket holds it', () => {
    it('the first ticket claims it', () =>
      spec
        .given([])
        .when({ type: 'ClaimTicket', claim: claim(firstTicket), currentIsActive: false })
        .then([claimed(claim(firstTicket))]));
  });

  describe('When an active ticket holds it', () => {
    it('another ticket is refused with ERR_OTHER_OPEN_TICKET', () =>
      spec
        .given(heldByFirst)
        .when({ type: 'ClaimTicket', claim: claim(secondTicket), currentIsActive: true })
        .thenThrows('ERR_OTHER_OPEN_TICKET'));

    it('the refusal names the ticket that holds it, so the dialog can show it', () => {
      const state = heldByFirst.reduce(evolveConversation, initialConversationState());
      const holder = { id: firstTicket, userId: ana };
      let thrown: unknown;
      try {
        decideConversation(
          { type: 'ClaimTicket', claim: claim(secondTicket), currentIsActive: true, currentTicket: holder },
          state,
        );
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect((thrown as DomainError).details).toEqual({ ticketId: firstTicket, ticket: holder });
    });

    it('the holding ticket may claim it again, e.g. when an agent accepts it', () => {
      const reclaim = claim(firstTicket, { reason: 'moved', status: 'open', userId: ana });
      spec
        .given(heldByFirst)
        .when({ type: 'ClaimTicket', claim: reclaim, currentIsActive: true })
        .then([claimed(reclaim)]);
    });
  });

  describe('When the holding ticket is no longer active', () => {
    it('a new ticket takes it over', () =>
      spec
        .given(heldByFirst)
        .when({ type: 'ClaimTicket', claim: claim(secondTicket), currentIsActive: false })
        .then([claimed(claim(secondTicket))]));

    it('the old ticket may reopen it', () => {
      const reopen = claim(firstTicket, { reason: 'reopened', status: 'open', userId: ana });
      spec
        .given(heldByFirst)
        .when({ type: 'ClaimTicket', claim: reopen, currentIsActive: false })
        .then([claimed(reopen)]);
    });
  });

  it('counts one revision per claim, so a ticket can tell which claims it has applied', () => {
    const state = [claimed(claim(firstTicket)), claimed(claim(secondTicket))].reduce(
      evolveConversation,
      initialConversationState(),
    );
    expect(state.revision).toBe(1);
    expect(state.current).toEqual({ claim: claim(secondTicket), revision: 1 });
  });
});
