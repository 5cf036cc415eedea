import type { SlaTarget } from '@zelo/contracts/tickets/events';
import type { TicketSla } from '@zelo/contracts/tickets/read-models';
import { minutesBetween } from '../../../lib/duration.ts';
import { atom } from '../../../lib/store.ts';

/** How often the badges' countdown moves: one interval for every row of every list. */
export const SLA_TICK_MS = 15_000;

/**
 * Now, as the SLA badges read it. One interval runs while any badge is on screen (jotai mounts the
 * atom with its first reader and unmounts it with its last), none when no ticket has a clock.
 */
export const slaNowAtom = atom(Date.now());
slaNowAtom.onMount = (set) => {
  set(Date.now());
  const timer = setInterval(() => set(Date.now()), SLA_TICK_MS);
  return () => clearInterval(timer);
};

export interface SlaBadge {
  target: SlaTarget;
  state: TicketSla['state'];
  /** Past the breach instant (or told so by the server): `minutes` then counts the time over. */
  overdue: boolean;
  /** Whole minutes left before the breach, or past it; null when the target has no due instant. */
  minutes: number | null;
}

/**
 * What a ticket's badge shows at `now`. The warning and breach instants are known, so the badge turns
 * by itself when they pass, before the server's event arrives.
 */
export function slaBadge(sla: TicketSla, now: number): SlaBadge {
  const due = sla.dueAt === null ? null : Date.parse(sla.dueAt);
  const overdue = sla.state === 'breached' || (due !== null && now >= due);
  const warned = sla.state === 'warned' || (!!sla.warnAt && now >= Date.parse(sla.warnAt));
  return {
    target: sla.target,
    state: overdue ? 'breached' : warned ? 'warned' : 'ok',
    overdue,
    minutes: due === null ? null : minutesBetween(now, due),
  };
}
