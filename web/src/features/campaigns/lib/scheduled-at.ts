// scheduledAt travels as an ISO instant; the dialog edits it in a datetime-local box, which holds local
// wall-clock time without an offset. (The schedules feature has the same two helpers: features do not
// import each other.)

const pad = (n: number) => String(n).padStart(2, '0');
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** 'YYYY-MM-DDTHH:mm', with seconds only when they are not zero. */
export function toLocalInput(value: Date | string): string {
  const d = new Date(value);
  const minutes = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.getSeconds() ? `${minutes}:${pad(d.getSeconds())}` : minutes;
}

/** The instant a datetime-local value names, as ISO; null when it names none. */
export function localInputToIso(value: string): string | null {
  if (!LOCAL_INPUT.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
