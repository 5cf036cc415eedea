export type DueColour = 'pale-yellow' | 'orange' | 'red' | null;

const DAY_MS = 86_400_000;
const localDay = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());

/** Calendar days from today to the due date in the viewer's time zone: the date the row shows, less today. */
export function daysToDue(dueDate: string, now: Date = new Date()): number {
  return Math.round((localDay(new Date(dueDate)) - localDay(now)) / DAY_MS);
}

/**
 * Doc 1 §11 / doc 2 §9: a company row's colour by days to its due date — exactly 5 pale yellow,
 * -3 to 4 orange, exactly -4 red; anything else (and no due date) plain. Days count calendar dates,
 * as the row shows them, not 24-hour spans from this minute.
 */
export function dueColour(dueDate: string | null, now: Date = new Date()): DueColour {
  if (!dueDate || Number.isNaN(new Date(dueDate).getTime())) return null;
  const days = daysToDue(dueDate, now);
  if (days === 5) return 'pale-yellow';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === -4) return 'red';
  return null;
}
