// Instants travel as ISO; dialogs edit them in a datetime-local box, which holds local wall-clock time
// without an offset (the schedule's sendAt, the campaign's scheduledAt).

const pad = (n: number) => String(n).padStart(2, '0');
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

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
