import type { TicketEvent } from '@zelo/contracts/tickets/events';
import type { ProjectionEvent } from '@zelo/projections/runner';
import type { Deps } from '../platform/command-handler.ts';
import { RecentlyUsed } from '../platform/recently-used.ts';
import { evolveTicket, type TicketState } from '../tickets/domain/ticket.ts';
import { loadTicketAt } from '../tickets/handlers.ts';

/** How many tickets a reactor follows; the least recently used are dropped first. */
const CAPACITY = 20_000;

/**
 * Ticket states a reactor keeps by folding the ticket events it reads anyway, so that reacting to a
 * customer's message does not read the ticket's stream again. A ticket is followed from its first
 * read (or its creation) on; an event that does not follow the revision it holds (a gap: the lane
 * order broke, or the reactor restarted) drops it, and the next use reads the stream again; events
 * another process's runner applied (the runner's `skipped`) drop them all. The state
 * is at least as recent as the event being reacted to; every command still decides against its own
 * read of the stream, so a state a few events old can only make the reactor try something the
 * ticket then refuses.
 */
export class FollowedTickets {
  private readonly tickets: RecentlyUsed<string, { state: TicketState; revision: number }>;

  constructor(
    private readonly deps: Deps,
    capacity = CAPACITY,
  ) {
    this.tickets = new RecentlyUsed(capacity);
  }

  /** Folds an event of a ticket's stream into the ticket it follows (others are ignored). */
  observe(e: ProjectionEvent): void {
    if (!e.streamId.startsWith('ticket-')) return;
    const ticketId = e.streamId.slice('ticket-'.length);
    const known = this.tickets.get(ticketId);
    if (known && e.streamRevision <= known.revision) return; // already folded (a batch applied again)
    if (e.streamRevision === 0 || known?.revision === e.streamRevision - 1) {
      const state = evolveTicket(known?.state ?? { kind: 'none' }, e as unknown as TicketEvent);
      this.tickets.set(ticketId, { state, revision: e.streamRevision });
      return;
    }
    this.tickets.delete(ticketId);
  }

  /** Stops following every ticket (events were applied elsewhere: any state may be behind). */
  clear(): void {
    this.tickets.clear();
  }

  /** Stops following a ticket: the next `get` reads its stream. */
  forget(ticketId: string): void {
    this.tickets.delete(ticketId);
  }

  /** The followed state, or the stream's state read now (and followed from there). */
  async get(ticketId: string): Promise<TicketState> {
    const known = this.tickets.get(ticketId);
    if (known) return known.state;
    const loaded = await loadTicketAt(this.deps, ticketId);
    this.tickets.set(ticketId, loaded);
    return loaded.state;
  }
}
