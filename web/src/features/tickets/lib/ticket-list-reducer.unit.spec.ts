import { ticketView } from '@zelo/contracts/testing/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { describe, expect, it } from 'vitest';
import {
  bySlaDue,
  emptyTicketList,
  type TicketListFilter,
  type TicketListState,
  ticketListReducer,
} from './ticket-list-reducer.ts';

const ME = 'u-me';
// Tickets of this agent unless `over` says otherwise.
const ticket = (id: string, over: Partial<TicketView> = {}): TicketView =>
  ticketView(id, { userId: ME, user: { id: ME, name: 'Me' }, ...over });
const openMine: TicketListFilter = { status: 'open', userId: ME, showAll: false, queueIds: ['q1'] };
const withTickets = (...tickets: TicketView[]): TicketListState => ({
  tickets,
  count: tickets.length,
  hasMore: false,
});
const ids = (s: TicketListState) => s.tickets.map((t) => t.id);

describe('ticket list, when a ticket update arrives', () => {
  it('adds a matching new ticket at the top and counts it', () => {
    const next = ticketListReducer(
      withTickets(ticket('a')),
      { type: 'update', ticket: ticket('b') },
      openMine,
    );
    expect(ids(next)).toEqual(['b', 'a']);
    expect(next.count).toBe(2);
  });

  it('replaces a known ticket in place without changing the count', () => {
    const state = withTickets(ticket('a'), ticket('b'));
    const next = ticketListReducer(
      state,
      { type: 'update', ticket: ticket('b', { lastMessage: 'new' }) },
      openMine,
    );
    expect(ids(next)).toEqual(['a', 'b']);
    expect(next.tickets[1].lastMessage).toBe('new');
    expect(next.count).toBe(2);
  });

  it('removes a ticket whose status no longer matches (accepted from pending)', () => {
    const pending: TicketListFilter = { ...openMine, status: 'pending' };
    const state = withTickets(ticket('a', { status: 'pending', userId: null }));
    const next = ticketListReducer(
      state,
      { type: 'update', ticket: ticket('a', { status: 'open' }) },
      pending,
    );
    expect(next.tickets).toEqual([]);
    expect(next.count).toBe(0);
  });

  it("drops another agent's ticket unless show-all is on", () => {
    const theirs = ticket('x', { userId: 'u-other' });
    expect(ticketListReducer(emptyTicketList, { type: 'update', ticket: theirs }, openMine).tickets).toEqual(
      [],
    );
    const all = ticketListReducer(
      emptyTicketList,
      { type: 'update', ticket: theirs },
      { ...openMine, showAll: true },
    );
    expect(ids(all)).toEqual(['x']);
  });

  it('keeps unassigned and queue-less tickets but drops other queues', () => {
    const f = { ...openMine, status: 'pending' as const };
    const unassigned = ticket('u', { status: 'pending', userId: null });
    const noQueue = ticket('n', { status: 'pending', userId: null, queueId: null, queue: null });
    const otherQueue = ticket('o', { status: 'pending', userId: null, queueId: 'q9' });
    let s = emptyTicketList;
    for (const t of [unassigned, noQueue, otherQueue])
      s = ticketListReducer(s, { type: 'update', ticket: t }, f);
    expect(ids(s)).toEqual(['n', 'u']);
    expect(
      ids(
        ticketListReducer(emptyTicketList, { type: 'update', ticket: otherQueue }, { ...f, queueIds: null }),
      ),
    ).toEqual(['o']);
  });
});

describe('ticket list, other events', () => {
  it('moves a ticket with a new message to the top', () => {
    const state = withTickets(ticket('a'), ticket('b'));
    expect(ids(ticketListReducer(state, { type: 'message', ticket: ticket('b') }, openMine))).toEqual([
      'b',
      'a',
    ]);
  });

  it('removes on delete and ignores unknown ids', () => {
    const state = withTickets(ticket('a'), ticket('b'));
    const next = ticketListReducer(state, { type: 'delete', ticketId: 'a' }, openMine);
    expect(ids(next)).toEqual(['b']);
    expect(next.count).toBe(1);
    expect(ticketListReducer(next, { type: 'delete', ticketId: 'zzz' }, openMine)).toBe(next);
  });

  it('resets the unread counter on updateUnread', () => {
    const state = withTickets(ticket('a', { unreadMessages: 3 }));
    expect(
      ticketListReducer(state, { type: 'updateUnread', ticketId: 'a' }, openMine).tickets[0].unreadMessages,
    ).toBe(0);
  });

  it('replaces the list on page 1 and appends later pages without duplicates', () => {
    const first = ticketListReducer(
      withTickets(ticket('old')),
      { type: 'loaded', page: 1, tickets: [ticket('a'), ticket('b')], count: 5, hasMore: true },
      openMine,
    );
    expect(ids(first)).toEqual(['a', 'b']);
    expect(first.count).toBe(5);
    const second = ticketListReducer(
      first,
      { type: 'loaded', page: 2, tickets: [ticket('b'), ticket('c')], count: 5, hasMore: false },
      openMine,
    );
    expect(ids(second)).toEqual(['a', 'b', 'c']);
    expect(second.hasMore).toBe(false);
  });
});

describe('ticket list ordered by the closest SLA breach (slaDue)', () => {
  const bySla: TicketListFilter = { ...openMine, orderBy: 'slaDue' };
  const due = (id: string, minutes: number | null, state: 'ok' | 'warned' | 'breached' = 'ok') =>
    ticket(id, {
      sla: {
        target: 'firstResponse',
        state,
        warnAt: null,
        dueAt: minutes === null ? null : new Date(Date.UTC(2026, 2, 2, 12, minutes)).toISOString(),
      },
    });

  it('places a new ticket by its due instant, not at the top', () => {
    const state = withTickets(due('a', 5), due('b', 30), ticket('none'));
    const next = ticketListReducer(state, { type: 'update', ticket: due('c', 10) }, bySla);
    expect(ids(next)).toEqual(['a', 'c', 'b', 'none']);
    expect(next.count).toBe(4);
  });

  it('keeps tickets without a clock (or without a due instant) last, the newest of them first', () => {
    const state = withTickets(due('a', 5), ticket('old'));
    const next = ticketListReducer(state, { type: 'update', ticket: ticket('new') }, bySla);
    expect(ids(next)).toEqual(['a', 'new', 'old']);
    const noInstant = ticketListReducer(next, { type: 'update', ticket: due('never', null) }, bySla);
    expect(ids(noInstant)).toEqual(['a', 'never', 'new', 'old']);
  });

  it('does not move a ticket to the top on a new message; a re-armed clock moves it', () => {
    const state = withTickets(due('a', 5), due('b', 30));
    expect(ids(ticketListReducer(state, { type: 'message', ticket: due('b', 30) }, bySla))).toEqual([
      'a',
      'b',
    ]);
    // An agent answered 'a': its next clock is due later than b's.
    expect(ids(ticketListReducer(state, { type: 'message', ticket: due('a', 45) }, bySla))).toEqual([
      'b',
      'a',
    ]);
  });

  it('puts a breached ticket first (overdue longest) and keeps ties in place', () => {
    const state = withTickets(due('a', 5), due('b', 5), due('c', 20));
    const next = ticketListReducer(state, { type: 'update', ticket: due('c', 1, 'breached') }, bySla);
    expect(ids(next)).toEqual(['c', 'a', 'b']);
  });

  it('orders an appended page with the rest, and leaves an unchanged list as it was', () => {
    const first = ticketListReducer(
      emptyTicketList,
      { type: 'loaded', page: 1, tickets: [due('a', 5), due('b', 30)], count: 3, hasMore: true },
      bySla,
    );
    const live = ticketListReducer(first, { type: 'update', ticket: due('c', 40) }, bySla);
    const second = ticketListReducer(
      live,
      { type: 'loaded', page: 2, tickets: [due('d', 35), due('c', 40)], count: 4, hasMore: false },
      bySla,
    );
    expect(ids(second)).toEqual(['a', 'b', 'd', 'c']);
    expect(bySlaDue(second.tickets)).toBe(second.tickets);
  });

  it('keeps the newest-first rules under the default order', () => {
    const state = withTickets(due('a', 5), due('b', 30));
    expect(ids(ticketListReducer(state, { type: 'message', ticket: due('b', 30) }, openMine))).toEqual([
      'b',
      'a',
    ]);
  });
});
