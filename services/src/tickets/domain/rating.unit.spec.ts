import { ticketAccepted, ticketCreated } from '@zelo/contracts/testing/events';
import type { TicketEvent } from '@zelo/contracts/tickets/events';
import { describe, expect, it } from 'vitest';
import { decideTicket, type TicketCommand } from './decide-ticket.ts';
import { evolveTicket, initialTicketState } from './ticket.ts';

const ref = {
  ticketId: '00000000-0000-4000-8000-0000000000a1',
  companyId: '00000000-0000-4000-8000-000000000001',
};
const agent = '00000000-0000-4000-8000-0000000000b1';
const created = ticketCreated({
  ...ref,
  contactId: '00000000-0000-4000-8000-0000000000c1',
  isGroup: false,
  status: 'pending',
  userId: null,
  queueId: null,
  whatsappId: '00000000-0000-4000-8000-0000000000d1',
  claim: { conversationId: 'conversation-x', revision: 0 },
});
const accepted = ticketAccepted({ ...ref, userId: agent, queueId: null });
const state = (events: TicketEvent[]) => events.reduce(evolveTicket, initialTicketState());
const decide = (events: TicketEvent[], command: TicketCommand) => decideTicket(command, state(events));
const msg = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const resolveWithRating: TicketCommand = {
  type: 'CloseTicket',
  userId: agent,
  rating: { message: 'Avalie:' },
};

describe('ratings (BEHAVIOUR.md "Ratings")', () => {
  const asked = [created, accepted, ...decide([created, accepted], resolveWithRating)];

  it('resolving with userRating on asks the customer instead of closing', () => {
    expect(asked.at(-1)).toEqual({
      type: 'TicketRatingRequested',
      data: { ...ref, userId: agent, message: 'Avalie:' },
    });
    expect(state(asked)).toMatchObject({ status: 'open', rating: { status: 'awaiting' } });
  });

  it('a reply 1-3 is the rating, and the ticket closes as rated', () => {
    expect(decide(asked, { type: 'AnswerRating', messageId: msg(1), body: ' 3 ', reask: 'Avalie:' })).toEqual(
      [
        { type: 'TicketRated', data: { ...ref, userId: agent, inReplyTo: msg(1), rate: 3 } },
        { type: 'TicketClosed', data: { ...ref, userId: agent, queueId: null, reason: 'rated' } },
      ],
    );
  });

  it('anything else asks once more, then closes without a rating', () => {
    const reask = decide(asked, { type: 'AnswerRating', messageId: msg(1), body: '5', reask: 'De novo:' });
    expect(reask).toEqual([
      { type: 'TicketRatingReasked', data: { ...ref, inReplyTo: msg(1), message: 'De novo:' } },
    ]);
    expect(
      decide([...asked, ...reask], { type: 'AnswerRating', messageId: msg(2), body: 'ótimo', reask: '' }),
    ).toEqual([{ type: 'TicketClosed', data: { ...ref, userId: agent, queueId: null, reason: 'unrated' } }]);
  });

  it('the same reply answered twice (a replayed reaction) decides nothing', () => {
    const reask = decide(asked, { type: 'AnswerRating', messageId: msg(1), body: '5', reask: 'De novo:' });
    expect(
      decide([...asked, ...reask], { type: 'AnswerRating', messageId: msg(1), body: '5', reask: '' }),
    ).toEqual([]);
  });

  it('resolving again while waiting closes at once; a group ticket is never asked', () => {
    expect(decide(asked, resolveWithRating)).toEqual([
      { type: 'TicketClosed', data: { ...ref, userId: agent, queueId: null, reason: 'resolved' } },
    ]);
    const group = ticketCreated({ ...created.data, isGroup: true });
    expect(decide([group, accepted], resolveWithRating).map((e) => e.type)).toEqual(['TicketClosed']);
  });

  it('a message on a ticket that waits for nothing is not a rating', () => {
    expect(
      decide([created, accepted], { type: 'AnswerRating', messageId: msg(1), body: '3', reask: '' }),
    ).toEqual([]);
  });
});
