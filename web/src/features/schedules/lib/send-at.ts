import { toLocalInput } from '../../../lib/datetime-local.ts';

// sendAt travels as an ISO instant, edited in a datetime-local box (lib/datetime-local.ts).

const HOUR_MS = 60 * 60 * 1000;

/** The dialog's default (doc 1 "Schedule-message dialog"): one hour from now, to the minute. */
export function defaultSendAt(now: Date = new Date()): string {
  const later = new Date(now.getTime() + HOUR_MS);
  later.setSeconds(0, 0);
  return toLocalInput(later);
}
