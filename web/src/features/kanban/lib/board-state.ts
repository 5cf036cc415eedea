import type { TicketTag } from '@zelo/contracts/tags/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';

/** A card move sent to the server and not answered yet. */
interface PendingMove {
  seq: number;
  tags: TicketTag[];
  /** The tags before the first of the moves in flight: what a failure restores. */
  previous: TicketTag[];
}

/** The board's tickets, plus the moves in flight, whose target wins over any frame that arrives meanwhile. */
export interface BoardState {
  tickets: TicketView[];
  pending: Record<string, PendingMove>;
}

export type BoardAction =
  | { type: 'loaded'; tickets: TicketView[] }
  /** A `company-<id>-ticket` update; `inScope` says whether a ticket not on the board belongs there. */
  | { type: 'update'; ticket: TicketView; inScope: boolean }
  | { type: 'delete'; ticketId: string }
  | { type: 'moveStarted'; ticketId: string; seq: number; target: TicketTag | null }
  | { type: 'moveSucceeded'; ticketId: string; seq: number; ticket?: TicketView }
  | { type: 'moveFailed'; ticketId: string; seq: number };

export const emptyBoard: BoardState = { tickets: [], pending: {} };

const withPending = (ticket: TicketView, pending: Record<string, PendingMove>): TicketView => {
  const move = pending[ticket.id];
  return move ? { ...ticket, tags: move.tags } : ticket;
};

const withoutKey = <V>(record: Record<string, V>, key: string) => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

const replaceTicket = (tickets: TicketView[], ticket: TicketView) =>
  tickets.map((t) => (t.id === ticket.id ? ticket : t));

/** The board's reducer: the server's lists and frames, the optimistic moves and their outcome. */
export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'loaded':
      return { ...state, tickets: action.tickets.map((t) => withPending(t, state.pending)) };
    case 'update': {
      const ticket = withPending(action.ticket, state.pending);
      const onBoard = state.tickets.some((t) => t.id === ticket.id);
      // Closed tickets leave the board (doc 2 §2.5 shows open work only).
      if (ticket.status === 'closed') {
        return onBoard ? { ...state, tickets: state.tickets.filter((t) => t.id !== ticket.id) } : state;
      }
      if (onBoard) return { ...state, tickets: replaceTicket(state.tickets, ticket) };
      return action.inScope ? { ...state, tickets: [ticket, ...state.tickets] } : state;
    }
    case 'delete':
      return {
        tickets: state.tickets.filter((t) => t.id !== action.ticketId),
        pending: withoutKey(state.pending, action.ticketId),
      };
    case 'moveStarted': {
      const current = state.tickets.find((t) => t.id === action.ticketId);
      if (!current) return state;
      const tags = action.target ? [action.target] : [];
      const previous = state.pending[action.ticketId]?.previous ?? current.tags;
      return {
        tickets: replaceTicket(state.tickets, { ...current, tags }),
        pending: { ...state.pending, [action.ticketId]: { seq: action.seq, tags, previous } },
      };
    }
    case 'moveSucceeded': {
      // A later move of the same card is still in flight: it decides where the card ends.
      if (state.pending[action.ticketId]?.seq !== action.seq) return state;
      const pending = withoutKey(state.pending, action.ticketId);
      const answer = action.ticket;
      const tickets =
        answer && state.tickets.some((t) => t.id === answer.id)
          ? replaceTicket(state.tickets, answer)
          : state.tickets;
      return { tickets, pending };
    }
    case 'moveFailed': {
      const move = state.pending[action.ticketId];
      if (move?.seq !== action.seq) return state;
      return {
        tickets: state.tickets.map((t) => (t.id === action.ticketId ? { ...t, tags: move.previous } : t)),
        pending: withoutKey(state.pending, action.ticketId),
      };
    }
  }
}

/**
 * Whether a ticket the board does not hold belongs on it (doc 2 §6): not closed, and, unless the
 * board shows every ticket (queueIds null), in one of the board's queues or in none (GET
 * /ticket/kanban keeps queue-less tickets, as the tickets page does).
 */
export function inBoardScope(ticket: TicketView, queueIds: string[] | null): boolean {
  if (ticket.status === 'closed') return false;
  if (queueIds === null || ticket.queueId === null) return true;
  return queueIds.includes(ticket.queueId);
}
