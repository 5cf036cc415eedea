import {
  ticketAccepted,
  ticketClosed,
  ticketCreated,
  ticketDeleted,
  ticketReopened,
  ticketReturned,
  ticketTransferred,
} from '@zelo/contracts/testing/events';
import type { ConversationTicketClaimed, TicketCreated, TicketEvent } from '@zelo/contracts/tickets/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import { decideTicket, type TicketCommand } from './decide-ticket.ts';
import { evolveTicket, initialTicketState, isActiveOn, type TicketState } from './ticket.ts';

const spec = decider<TicketState, TicketCommand, TicketEvent>({
  initialState: initialTicketState,
  evolve: evolveTicket,
  decide: decideTicket,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const ticketId = '00000000-0000-4000-8000-000000000002';
const contactId = '00000000-0000-4000-8000-000000000003';
const whatsappId = '00000000-0000-4000-8000-000000000004';
const otherWhatsappId = '00000000-0000-4000-8000-000000000005';
const ana = '00000000-0000-4000-8000-000000000010';
const bruno = '00000000-0000-4000-8000-000000000011';
const sales = '00000000-0000-4000-8000-000000000020';
const support = '00000000-0000-4000-8000-000000000021';
const conversationId = `conversation-${whatsappId}-${contactId}`;
const ref = { ticketId, companyId };

const claimData = (
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

const applyClaim = (
  revision: number,
  over: Partial<ConversationTicketClaimed['data']> = {},
): TicketCommand => ({
  type: 'ApplyClaim',
  conversationId,
  revision,
  claim: claimData(over),
});

const created = (over: Partial<TicketCreated['data']> = {}) =>
  ticketCreated({
    ...ref,
    contactId,
    isGroup: false,
    status: 'pending',
    userId: null,
    queueId: null,
    whatsappId,
    claim: { conversationId, revision: 0 },
    ...over,
  });
const accepted = (userId: string, queueId: string | null = null) =>
  ticketAccepted({ ...ref, userId, queueId });
const closed = (userId: string | null, queueId: string | null = null) =>
  ticketClosed({ ...ref, userId, queueId, reason: 'resolved' });
const deleted = ticketDeleted(ref);

const pending = [created()];
const openByAna = [created(), accepted(ana, sales)];
const closedByAna = [...openByAna, closed(ana, sales)];

describe('Ticket', () => {
  describe('When no ticket exists', () => {
    it('a created claim opens a pending ticket that remembers the claim it applied', () =>
      spec.given([]).when(applyClaim(0)).then([created()]));

    it('a reopened or moved claim for a ticket never created decides nothing', () => {
      spec
        .given([])
        .when(applyClaim(1, { reason: 'reopened' }))
        .thenNothing();
      spec
        .given([])
        .when(applyClaim(1, { reason: 'moved' }))
        .thenNothing();
    });

    it('accepting refuses with ERR_NO_TICKET_FOUND', () =>
      spec
        .given([])
        .when({ type: 'AcceptTicket', userId: ana, queueId: null })
        .thenThrows('ERR_NO_TICKET_FOUND'));

    it('closing refuses with ERR_NO_TICKET_FOUND', () =>
      spec.given([]).when({ type: 'CloseTicket', userId: ana }).thenThrows('ERR_NO_TICKET_FOUND'));

    it('is active on no connection', () => {
      expect(isActiveOn(initialTicketState(), whatsappId)).toBe(false);
    });
  });

  describe('When pending', () => {
    it('the same created claim delivered again decides nothing', () =>
      spec.given(pending).when(applyClaim(0)).thenNothing());

    it('accepting opens it for the agent and keeps its queue when none is chosen', () =>
      spec
        .given([created({ queueId: sales })])
        .when({ type: 'AcceptTicket', userId: ana, queueId: null })
        .then([accepted(ana, sales)]));

    it('accepting into a queue puts it in that queue', () =>
      spec
        .given(pending)
        .when({ type: 'AcceptTicket', userId: ana, queueId: support })
        .then([accepted(ana, support)]));

    it('returning a ticket already waiting decides nothing', () =>
      spec.given(pending).when({ type: 'ReturnTicket' }).thenNothing());

    it('transferring to an agent opens it for that agent', () =>
      spec
        .given(pending)
        .when({ type: 'TransferTicket', userId: bruno, queueId: support })
        .then([
          {
            type: 'TicketTransferred',
            data: {
              ...ref,
              from: { userId: null, queueId: null, whatsappId },
              status: 'open',
              userId: bruno,
              queueId: support,
              whatsappId,
              claim: null,
            },
          },
        ]));

    it('transferring to a queue only keeps it waiting in that queue', () =>
      spec
        .given(pending)
        .when({ type: 'TransferTicket', userId: null, queueId: support })
        .then([
          {
            type: 'TicketTransferred',
            data: {
              ...ref,
              from: { userId: null, queueId: null, whatsappId },
              status: 'pending',
              userId: null,
              queueId: support,
              whatsappId,
              claim: null,
            },
          },
        ]));

    it('transferring to where it already is decides nothing', () =>
      spec
        .given([created({ queueId: sales })])
        .when({ type: 'TransferTicket', userId: null, queueId: sales })
        .thenNothing());

    it('closing records who closed it and keeps its queue', () =>
      spec
        .given([created({ queueId: sales })])
        .when({ type: 'CloseTicket', userId: bruno })
        .then([closed(bruno, sales)]));

    it('marking it read records who read it', () =>
      spec
        .given(pending)
        .when({ type: 'MarkTicketRead', userId: ana })
        .then([{ type: 'TicketMessagesRead', data: { ...ref, userId: ana } }]));

    it('is active on its own connection only', () => {
      const state = pending.reduce(evolveTicket, initialTicketState());
      expect(isActiveOn(state, whatsappId)).toBe(true);
      expect(isActiveOn(state, otherWhatsappId)).toBe(false);
    });
  });

  describe('When open', () => {
    it('accepting again by its owner decides nothing', () =>
      spec.given(openByAna).when({ type: 'AcceptTicket', userId: ana, queueId: sales }).thenNothing());

    it('accepting by another agent refuses with ERR_INVALID_TICKET_TRANSITION', () =>
      spec
        .given(openByAna)
        .when({ type: 'AcceptTicket', userId: bruno, queueId: null })
        .thenThrows('ERR_INVALID_TICKET_TRANSITION'));

    it('returning puts it back to waiting and remembers who had it', () =>
      spec
        .given(openByAna)
        .when({ type: 'ReturnTicket' })
        .then([{ type: 'TicketReturned', data: { ...ref, previousUserId: ana } }]));

    it('after a return another agent can accept it', () =>
      spec
        .given([...openByAna, ticketReturned({ ...ref, previousUserId: ana })])
        .when({ type: 'AcceptTicket', userId: bruno, queueId: null })
        .then([accepted(bruno, sales)]));

    it('transferring to another agent keeps it open and records where it came from', () =>
      spec
        .given(openByAna)
        .when({ type: 'TransferTicket', userId: bruno, queueId: support })
        .then([
          {
            type: 'TicketTransferred',
            data: {
              ...ref,
              from: { userId: ana, queueId: sales, whatsappId },
              status: 'open',
              userId: bruno,
              queueId: support,
              whatsappId,
              claim: null,
            },
          },
        ]));

    it('transferring to a queue without an agent puts it back to waiting', () =>
      spec
        .given(openByAna)
        .when({ type: 'TransferTicket', userId: null, queueId: support })
        .then([
          {
            type: 'TicketTransferred',
            data: {
              ...ref,
              from: { userId: ana, queueId: sales, whatsappId },
              status: 'pending',
              userId: null,
              queueId: support,
              whatsappId,
              claim: null,
            },
          },
        ]));

    it('closing without naming a user keeps its owner and queue', () =>
      spec
        .given(openByAna)
        .when({ type: 'CloseTicket', userId: null })
        .then([closed(ana, sales)]));

    it('a moved claim moves it to the claimed connection, queue and agent', () =>
      spec
        .given(openByAna)
        .when(
          applyClaim(1, {
            reason: 'moved',
            status: 'pending',
            userId: null,
            queueId: support,
            whatsappId: otherWhatsappId,
          }),
        )
        .then([
          {
            type: 'TicketTransferred',
            data: {
              ...ref,
              from: { userId: ana, queueId: sales, whatsappId },
              status: 'pending',
              userId: null,
              queueId: support,
              whatsappId: otherWhatsappId,
              claim: { conversationId, revision: 1 },
            },
          },
        ]));

    it('a moved claim already applied decides nothing when it is redelivered', () => {
      const moved = ticketTransferred({
        ...ref,
        from: { userId: ana, queueId: sales, whatsappId },
        status: 'pending',
        userId: null,
        queueId: support,
        whatsappId: otherWhatsappId,
        claim: { conversationId, revision: 1 },
      });
      spec
        .given([...openByAna, moved])
        .when(applyClaim(1, { reason: 'moved', queueId: support, whatsappId: otherWhatsappId }))
        .thenNothing();
    });

    it('a claim older than the one it holds decides nothing', () =>
      spec
        .given(openByAna)
        .when(applyClaim(0, { reason: 'moved', queueId: support }))
        .thenNothing());
  });

  describe('When a campaign opened it to carry its message', () => {
    const carrier = [created({ status: 'open' })];
    const closeCarrier: TicketCommand = { type: 'CloseCampaignTicket' };

    it('closes it in silence, so the reply starts a pending ticket', () =>
      spec
        .given(carrier)
        .when(closeCarrier)
        .then([ticketClosed({ ...ref, userId: null, queueId: null, reason: 'campaign' })]));

    it('leaves a ticket an agent, a queue or the chatbot holds as it is', () => {
      spec.given(openByAna).when(closeCarrier).thenNothing();
      spec.given(pending).when(closeCarrier).thenNothing();
      spec.given(closedByAna).when(closeCarrier).thenNothing();
    });
  });

  describe('When closed', () => {
    it('accepting refuses with ERR_INVALID_TICKET_TRANSITION', () =>
      spec
        .given(closedByAna)
        .when({ type: 'AcceptTicket', userId: ana, queueId: null })
        .thenThrows('ERR_INVALID_TICKET_TRANSITION'));

    it('returning refuses with ERR_INVALID_TICKET_TRANSITION', () =>
      spec.given(closedByAna).when({ type: 'ReturnTicket' }).thenThrows('ERR_INVALID_TICKET_TRANSITION'));

    it('transferring refuses with ERR_INVALID_TICKET_TRANSITION', () =>
      spec
        .given(closedByAna)
        .when({ type: 'TransferTicket', userId: bruno, queueId: support })
        .thenThrows('ERR_INVALID_TICKET_TRANSITION'));

    it('closing again decides nothing', () =>
      spec.given(closedByAna).when({ type: 'CloseTicket', userId: bruno }).thenNothing());

    it('a reopened claim opens it again with the claimed agent and queue', () =>
      spec
        .given(closedByAna)
        .when(applyClaim(1, { reason: 'reopened', status: 'open', userId: bruno, queueId: support }))
        .then([
          {
            type: 'TicketReopened',
            data: { ...ref, userId: bruno, queueId: support, claim: { conversationId, revision: 1 } },
          },
        ]));

    it('once reopened it can be closed again', () =>
      spec
        .given([
          ...closedByAna,
          ticketReopened({ ...ref, userId: bruno, queueId: support, claim: { conversationId, revision: 1 } }),
        ])
        .when({ type: 'CloseTicket', userId: bruno })
        .then([closed(bruno, support)]));

    it('no longer holds its conversation', () => {
      const state = closedByAna.reduce(evolveTicket, initialTicketState());
      expect(isActiveOn(state, whatsappId)).toBe(false);
    });
  });

  describe('When deleted', () => {
    const gone = [...openByAna, deleted];

    it('deleting records the deletion', () =>
      spec.given(openByAna).when({ type: 'DeleteTicket' }).then([deleted]));

    it('deleting again refuses with ERR_NO_TICKET_FOUND', () =>
      spec.given(gone).when({ type: 'DeleteTicket' }).thenThrows('ERR_NO_TICKET_FOUND'));

    it('accepting, closing and reading refuse with ERR_NO_TICKET_FOUND', () => {
      spec
        .given(gone)
        .when({ type: 'AcceptTicket', userId: bruno, queueId: null })
        .thenThrows('ERR_NO_TICKET_FOUND');
      spec.given(gone).when({ type: 'CloseTicket', userId: ana }).thenThrows('ERR_NO_TICKET_FOUND');
      spec.given(gone).when({ type: 'MarkTicketRead', userId: ana }).thenThrows('ERR_NO_TICKET_FOUND');
    });

    it('a later claim is ignored', () =>
      spec
        .given(gone)
        .when(applyClaim(1, { reason: 'reopened', status: 'open', userId: ana }))
        .thenNothing());

    it('no longer holds its conversation', () => {
      const state = gone.reduce(evolveTicket, initialTicketState());
      expect(isActiveOn(state, whatsappId)).toBe(false);
    });
  });
});
