import type { SlaAlert } from '../tickets/commands.ts';
import type { TicketSla } from '../tickets/read-models.ts';
import type { SlaClock, SlaTicket } from './clocks.ts';

// What a ticket's clocks say to the list (its badge: the running clock closest to breach) and to its
// durable timer (which warnings and breaches are due, and when the next one will be).

/** The running clock closest to breach, as the ticket list shows it; null when none runs. */
export function slaBadge(
  ticket: SlaTicket | null,
): (Omit<TicketSla, 'dueAt' | 'warnAt'> & { dueAt: number | null; warnAt: number | null }) | null {
  const counting = (ticket?.clocks ?? []).filter(
    (c) => c.stoppedAt === null && !c.cancelled && c.runningSince !== null,
  );
  if (counting.length === 0) return null;
  const due = (c: SlaClock) => c.dueAt ?? Number.POSITIVE_INFINITY;
  const [first] = counting.sort((a, b) => due(a) - due(b) || a.clockId.localeCompare(b.clockId));
  const state = first.breachedAt !== null ? 'breached' : first.warnedAt !== null ? 'warned' : 'ok';
  return { target: first.target, state, dueAt: first.dueAt, warnAt: first.warnAt };
}

/** A running clock as the timer reads it from the read model (ISO instants). */
export interface TimedSlaClock {
  clockId: string;
  target: SlaAlert['target'];
  policyId: string;
  startedAt: string;
  warnAt: string | null;
  dueAt: string | null;
  warnedAt: string | null;
  breachedAt: string | null;
}

const reached = (instant: string | null, now: number) => instant !== null && Date.parse(instant) <= now;

/** The warnings and breaches due at `now` and not recorded yet: a warning before its breach. */
export function slaAlertsDue(clocks: TimedSlaClock[], now: number): SlaAlert[] {
  const alerts: SlaAlert[] = [];
  for (const c of clocks) {
    if (c.dueAt === null) continue;
    const alert = { policyId: c.policyId, target: c.target, clockId: c.clockId, startedAt: c.startedAt };
    if (c.warnedAt === null && reached(c.warnAt, now))
      alerts.push({ type: 'TicketSlaWarned', ...alert, dueAt: c.dueAt });
    if (c.breachedAt === null && reached(c.dueAt, now))
      alerts.push({ type: 'TicketSlaBreached', ...alert, dueAt: c.dueAt });
  }
  return alerts;
}

/** The next instant after `now` at which one of the clocks will have something to record; null: none. */
export function nextSlaAlertAt(clocks: TimedSlaClock[], now: number): string | null {
  let next: number | null = null;
  for (const c of clocks) {
    const pending = [c.warnedAt === null ? c.warnAt : null, c.breachedAt === null ? c.dueAt : null];
    for (const instant of pending) {
      const t = instant === null ? null : Date.parse(instant);
      if (t !== null && t > now && (next === null || t < next)) next = t;
    }
  }
  return next === null ? null : new Date(next).toISOString();
}
