import { SLA_INPUT_TYPES } from '@zelo/contracts/sla/clocks';
import type { Projection, ProjectionEvent } from '@zelo/projections/runner';
import { nextSlaInstants, ticketsTimedBy } from '@zelo/projections/sla/queries';
import type { TicketTimers } from '../chatbot/timers.ts';
import type { Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { REACTORS } from '../reactors.ts';

/** An event this far gone is history (a new reactor reading from the start): it arms nothing. */
const STALE_MS = 60 * 60_000;
/** How many tickets' last armed instants are remembered, to skip arming the same instant again. */
const REMEMBERED = 10_000;

/**
 * Arms each ticket's `sla` timer at the next instant one of its clocks must be warned or breached
 * (a checkpointed subscriber like a projection). The clocks are the sla-clocks read model's: a clock
 * depends on the ticket's messages (streams of their own), its policy and the opening hours, which
 * only that fold brings together, so the reactor waits until the read model has passed the events it
 * handles (`caughtUp`), then reads the instants. The timer's activity records what is due and names
 * the next instant; the events it records come back here and arm that instant too, so a lost answer
 * costs nothing. Arming is idempotent (one timer per ticket, moved).
 */
export function slaTimersReactor(
  timers: TicketTimers,
  deps: Deps,
  pool: Pool,
  caughtUp: (position: string) => Promise<unknown>,
): Projection {
  const armed = new Map<string, number>();
  const remember = (ticketId: string, at: number) => {
    if (armed.size >= REMEMBERED) armed.clear();
    armed.set(ticketId, at);
  };
  const reactor: Projection = {
    name: REACTORS.slaTimers,
    tables: [],
    async handleBatch(_tx, events) {
      const now = deps.clock.now().getTime();
      const fresh = events.filter((e) => movesClocks(e) && Date.parse(e.metadata.at) >= now - STALE_MS);
      if (fresh.length === 0) return [];
      await caughtUp(fresh[fresh.length - 1].position);
      const tickets = new Set<string>();
      const policies: string[] = [];
      for (const e of fresh) {
        if (e.type === 'SlaPolicyUpdated') policies.push(e.data.policyId);
        else if ('ticketId' in e.data && e.data.ticketId) tickets.add(e.data.ticketId);
      }
      if (policies.length) for (const id of await ticketsTimedBy(pool, policies)) tickets.add(id);
      for (const [ticketId, at] of await nextSlaInstants(pool, [...tickets])) {
        if (armed.get(ticketId) === at || at < now - STALE_MS) continue;
        await timers.arm({ ticketId, kind: 'sla', dueAt: new Date(at).toISOString() });
        remember(ticketId, at);
      }
      return [];
    },
    async handle(tx, e) {
      await reactor.handleBatch?.(tx, [e]);
    },
  };
  return reactor;
}

/** Events after which a ticket's next SLA instant may have moved: its own and its messages, a policy's change. */
const movesClocks = (e: ProjectionEvent) => SLA_INPUT_TYPES.has(e.type) || e.type === 'SlaPolicyUpdated';
