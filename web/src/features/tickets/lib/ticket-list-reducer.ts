import type { TicketStatus } from '@zelo/contracts/tickets/events';
import type { TicketView } from '@zelo/contracts/tickets/read-models';

export interface TicketListState {
  tickets: TicketView[];
  count: number;
  hasMore: boolean;
}

/** The list's order: newest activity first, or the ticket closest to breaching its SLA first. */
export type TicketOrder = 'recent' | 'slaDue';

/** Which tickets a list shows; queueIds null means no queue filter at all. */
export interface TicketListFilter {
  status: TicketStatus;
  userId: string;
  showAll: boolean;
  queueIds: string[] | null;
  /** Omitted: `recent`. */
  orderBy?: TicketOrder;
}

export type TicketListAction =
  | { type: 'loaded'; page: number; tickets: TicketView[]; count: number; hasMore: boolean }
  | { type: 'update'; ticket: TicketView }
  /** A new message moved the conversation: same rules as update, but the ticket jumps to the top. */
  | { type: 'message'; ticket: TicketView }
  | { type: 'delete'; ticketId: string }
  | { type: 'updateUnread'; ticketId: string };

export const emptyTicketList: TicketListState = { tickets: [], count: 0, hasMore: false };

/** Section 4: status matches, unassigned or mine (or show-all), queue selected or none. */
export function belongsToList(ticket: TicketView, f: TicketListFilter): boolean {
  if (ticket.status !== f.status) return false;
  if (!f.showAll && ticket.userId && ticket.userId !== f.userId) return false;
  if (f.queueIds && ticket.queueId && !f.queueIds.includes(ticket.queueId)) return false;
  return true;
}

function remove(state: TicketListState, id: string): TicketListState {
  const tickets = state.tickets.filter((t) => t.id !== id);
  if (tickets.length === state.tickets.length) return state;
  return { ...state, tickets, count: Math.max(0, state.count - 1) };
}

function upsert(state: TicketListState, ticket: TicketView, toTop: boolean): TicketListState {
  const index = state.tickets.findIndex((t) => t.id === ticket.id);
  if (index === -1) return { ...state, tickets: [ticket, ...state.tickets], count: state.count + 1 };
  const rest = state.tickets.filter((t) => t.id !== ticket.id);
  const tickets = toTop ? [ticket, ...rest] : state.tickets.map((t) => (t.id === ticket.id ? ticket : t));
  return { ...state, tickets };
}

const dueKey = (t: TicketView) => (t.sla?.dueAt ? Date.parse(t.sla.dueAt) : Number.POSITIVE_INFINITY);

/**
 * The `slaDue` order, as GET /tickets?orderBy=slaDue gives it: the earliest breach instant first (so a
 * breached ticket, overdue longest, leads), tickets without a running clock last; ties keep their
 * places (the newest first, as they came). The same array when nothing moves, so the rows do not
 * re-render.
 */
export function bySlaDue(tickets: TicketView[]): TicketView[] {
  const sorted = [...tickets].sort((a, b) => {
    const [ka, kb] = [dueKey(a), dueKey(b)];
    return ka === kb ? 0 : ka < kb ? -1 : 1;
  });
  return sorted.every((t, i) => t === tickets[i]) ? tickets : sorted;
}

export function ticketListReducer(
  state: TicketListState,
  action: TicketListAction,
  filter: TicketListFilter,
): TicketListState {
  const next = reduce(state, action, filter);
  if (filter.orderBy !== 'slaDue' || next === state) return next;
  // A live ticket (new, moved by a message, its clock re-armed) goes where its due instant puts it.
  const tickets = bySlaDue(next.tickets);
  return tickets === next.tickets ? next : { ...next, tickets };
}

function reduce(state: TicketListState, action: TicketListAction, filter: TicketListFilter): TicketListState {
  switch (action.type) {
    case 'loaded': {
      // The server filters by status and assignment; the queue rule for plain users is client-side.
      const fresh = action.tickets.filter((t) => belongsToList(t, filter));
      // The server's count cannot see the client-side queue filter; trust it only while pages remain.
      if (action.page === 1)
        return {
          tickets: fresh,
          count: action.hasMore ? action.count : fresh.length,
          hasMore: action.hasMore,
        };
      const known = new Set(state.tickets.map((t) => t.id));
      return {
        ...state,
        tickets: [...state.tickets, ...fresh.filter((t) => !known.has(t.id))],
        hasMore: action.hasMore,
      };
    }
    case 'update':
    case 'message':
      return belongsToList(action.ticket, filter)
        ? upsert(state, action.ticket, action.type === 'message')
        : remove(state, action.ticket.id);
    case 'delete':
      return remove(state, action.ticketId);
    case 'updateUnread':
      return {
        ...state,
        tickets: state.tickets.map((t) => (t.id === action.ticketId ? { ...t, unreadMessages: 0 } : t)),
      };
    default: {
      const never: never = action;
      return never;
    }
  }
}
