import { ticketView as ticket } from '@zelo/contracts/testing/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { describe, expect, it } from 'vitest';
import { type BoardState, boardReducer, emptyBoard, inBoardScope } from './board-state.ts';

const lead = { id: 'lead', name: 'Lead', color: '#0a0' };
const won = { id: 'won', name: 'Ganho', color: '#00a' };
const loaded = (...tickets: TicketView[]) => boardReducer(emptyBoard, { type: 'loaded', tickets });
const tagsOf = (s: BoardState, id: string) => s.tickets.find((t) => t.id === id)?.tags.map((t) => t.id);

describe('boardReducer: frames', () => {
  it('replaces a card on update, keeping its place in the list', () => {
    const s = boardReducer(loaded(ticket('a'), ticket('b')), {
      type: 'update',
      ticket: ticket('a', { tags: [lead], lastMessage: 'new' }),
      inScope: true,
    });
    expect(s.tickets.map((t) => t.id)).toEqual(['a', 'b']);
    expect(tagsOf(s, 'a')).toEqual(['lead']);
    expect(s.tickets[0].lastMessage).toBe('new');
  });

  it('adds a ticket it did not hold only when it is in the board scope', () => {
    const base = loaded(ticket('a'));
    expect(boardReducer(base, { type: 'update', ticket: ticket('n'), inScope: true }).tickets).toHaveLength(
      2,
    );
    expect(boardReducer(base, { type: 'update', ticket: ticket('n'), inScope: false })).toBe(base);
  });

  it('removes a card when its ticket closes or is deleted', () => {
    const base = loaded(ticket('a'), ticket('b'));
    const closed = boardReducer(base, {
      type: 'update',
      ticket: ticket('a', { status: 'closed' }),
      inScope: true,
    });
    expect(closed.tickets.map((t) => t.id)).toEqual(['b']);
    const deleted = boardReducer(base, { type: 'delete', ticketId: 'b' });
    expect(deleted.tickets.map((t) => t.id)).toEqual(['a']);
  });

  it('ignores a closed ticket it never held', () => {
    const base = loaded(ticket('a'));
    expect(
      boardReducer(base, { type: 'update', ticket: ticket('z', { status: 'closed' }), inScope: true }),
    ).toBe(base);
  });
});

describe('boardReducer: optimistic moves', () => {
  it('moves the card at once: its tags become exactly the target lane tag', () => {
    const s = boardReducer(loaded(ticket('a', { tags: [won] })), {
      type: 'moveStarted',
      ticketId: 'a',
      seq: 1,
      target: lead,
    });
    expect(tagsOf(s, 'a')).toEqual(['lead']);
    const back = boardReducer(s, { type: 'moveStarted', ticketId: 'a', seq: 2, target: null });
    expect(tagsOf(back, 'a')).toEqual([]);
  });

  it('rolls back to the tags before the move when the server refuses it', () => {
    let s = boardReducer(loaded(ticket('a', { tags: [won] })), {
      type: 'moveStarted',
      ticketId: 'a',
      seq: 1,
      target: lead,
    });
    s = boardReducer(s, { type: 'moveFailed', ticketId: 'a', seq: 1 });
    expect(tagsOf(s, 'a')).toEqual(['won']);
    expect(s.pending).toEqual({});
  });

  it('a frame with the old tags arriving during the move does not send the card back', () => {
    let s = boardReducer(loaded(ticket('a')), { type: 'moveStarted', ticketId: 'a', seq: 1, target: lead });
    s = boardReducer(s, { type: 'update', ticket: ticket('a', { lastMessage: 'oi' }), inScope: true });
    expect(tagsOf(s, 'a')).toEqual(['lead']);
    expect(s.tickets[0].lastMessage).toBe('oi');
    // A reload during the move does not either.
    s = boardReducer(s, { type: 'loaded', tickets: [ticket('a')] });
    expect(tagsOf(s, 'a')).toEqual(['lead']);
  });

  it('takes the server answer on success, and frames count again afterwards', () => {
    let s = boardReducer(loaded(ticket('a')), { type: 'moveStarted', ticketId: 'a', seq: 1, target: lead });
    s = boardReducer(s, {
      type: 'moveSucceeded',
      ticketId: 'a',
      seq: 1,
      ticket: ticket('a', { tags: [lead] }),
    });
    expect(s.pending).toEqual({});
    s = boardReducer(s, { type: 'update', ticket: ticket('a', { tags: [won] }), inScope: true });
    expect(tagsOf(s, 'a')).toEqual(['won']);
  });

  it('with two moves in flight, the first one ending does not decide, and a failure restores the original', () => {
    let s = loaded(ticket('a', { tags: [won] }));
    s = boardReducer(s, { type: 'moveStarted', ticketId: 'a', seq: 1, target: lead });
    s = boardReducer(s, { type: 'moveStarted', ticketId: 'a', seq: 2, target: null });
    s = boardReducer(s, {
      type: 'moveSucceeded',
      ticketId: 'a',
      seq: 1,
      ticket: ticket('a', { tags: [lead] }),
    });
    expect(tagsOf(s, 'a')).toEqual([]);
    s = boardReducer(s, { type: 'moveFailed', ticketId: 'a', seq: 2 });
    expect(tagsOf(s, 'a')).toEqual(['won']);
  });

  it('a move of a card no longer on the board changes nothing', () => {
    const base = loaded(ticket('a'));
    expect(boardReducer(base, { type: 'moveStarted', ticketId: 'gone', seq: 1, target: lead })).toBe(base);
  });
});

describe('inBoardScope', () => {
  it('every open ticket when the board shows all, the given queues and queue-less ones otherwise', () => {
    expect(inBoardScope(ticket('a', { queueId: 'q2' }), null)).toBe(true);
    expect(inBoardScope(ticket('a', { queueId: 'q1' }), ['q1'])).toBe(true);
    expect(inBoardScope(ticket('a', { queueId: 'q2' }), ['q1'])).toBe(false);
    expect(inBoardScope(ticket('a', { queueId: null }), ['q1'])).toBe(true);
    expect(inBoardScope(ticket('a', { status: 'closed' }), null)).toBe(false);
  });
});
