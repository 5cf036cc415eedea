// sendAt travels as an ISO instant; the dialog edits it in a datetime-local box, which holds local
// wall-clock time without an offset.

const pad = (n: number) => String(n).padStart(2, '0');
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const HOUR_MS = 60 * 60 * 1000;

/** 'YYYY-MM-DDTHH:mm', with seconds only when they are not zero. */
export function toLocalInput(value: Date | string): string {
  const d = new Date(value);
  const minutes = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.getSeconds() ? `${minutes}:${pad(d.getSeconds())}` : minutes;
}

/** The instant a datetime-local value names, as ISO with its offset; null when it names none. */
export function localInputToIso(value: string): string | null {
  if (!LOCAL_INPUT.test(value)) return null;
  // Without an offset, ECMAScript reads a date-time as local time, which is what the box shows.
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The dialog's default (doc 1 "Schedule-message dialog"): one hour from now, to the minute. */
export function defaultSendAt(now: Date = new Date()): string {
  const later = new Date(now.getTime() + HOUR_MS);
  later.setSeconds(0, 0);
  return toLocalInput(later);
}
