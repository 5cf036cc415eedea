// The calendar's date arithmetic, in the viewer's local time: a schedule belongs to the day its sendAt
// falls on where the user is, not in UTC.

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the local calendar day, the key schedules are grouped by. */
export function dayKey(value: Date | string): string {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The first day of the month `offset` months away from `date`'s month (the Date constructor carries years). */
export function addMonths(date: Date, offset: number): Date {
  return new Date(date.getFullYear(), date.getMonth() + offset, 1);
}

export const startOfMonth = (date: Date) => addMonths(date, 0);

export const isSameMonth = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();

/**
 * The weeks that cover `month`, each seven local midnights starting on `weekStartsOn` (0 is Sunday, as
 * Brazilian calendars print it). Four to six rows: only weeks that hold a day of the month.
 */
export function monthGrid(month: Date, weekStartsOn = 0): Date[][] {
  const year = month.getFullYear();
  const m = month.getMonth();
  const lead = (new Date(year, m, 1).getDay() - weekStartsOn + 7) % 7;
  const daysInMonth = new Date(year, m + 1, 0).getDate();
  const rows = Math.ceil((lead + daysInMonth) / 7);
  // Day numbers out of range roll into the neighbouring months, and across DST changes too.
  return Array.from({ length: rows }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => new Date(year, m, 1 - lead + week * 7 + day)),
  );
}

/** Items by local day, each day's in send order. */
export function groupByDay<T extends { sendAt: string }>(items: readonly T[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => Date.parse(a.sendAt) - Date.parse(b.sendAt))) {
    const key = dayKey(item.sendAt);
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  return byDay;
}

/** The instants the month's grid covers: its first cell's midnight to the midnight after its last cell. */
export function gridWindow(month: Date, weekStartsOn = 0): { from: Date; to: Date } {
  const weeks = monthGrid(month, weekStartsOn);
  const last = weeks[weeks.length - 1][6];
  return { from: weeks[0][0], to: new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1) };
}
