import type { WeeklyHours } from './weekly-hours.ts';
import { WEEKDAYS } from './weekly-hours.ts';

// Time counted in opening hours, read on the company's wall clock: what an SLA target and a report's
// "in business hours" mean. Hours never set (an empty list) mean always open, so business time is
// calendar time; a weekday left out, or 00:00-00:00, is closed all day.

const DAY = 86_400_000;
/** Far enough for a 30-day target open one hour a week; beyond it a target is never due. */
const MAX_DAYS = 3_700;

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string) {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormat.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at `at`, in ms (Sao Paulo: -3 h). */
function offsetAt(at: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const { type, value } of formatIn(timeZone).formatToParts(at)) p[type] = Number(value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (at - (at % 1000));
}

/** The instant at which the zone's wall clock reads `wallMs` (a UTC-based count of its local time). */
function instantOf(wallMs: number, timeZone: string): number {
  const guess = wallMs - offsetAt(wallMs, timeZone);
  // Once more with the offset at the guess, for the days a change of offset falls between them.
  return wallMs - offsetAt(guess, timeZone);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The open interval [start, end) of the local day that begins at `dayWall` (wall ms), or null. */
function openingOf(hours: WeeklyHours, dayWall: number, timeZone: string): [number, number] | null {
  // 1970-01-01 was a Thursday; WEEKDAYS starts on Monday.
  const weekday = WEEKDAYS[(Math.floor(dayWall / DAY) + 3) % 7];
  const day = hours.find((d) => d.weekday === weekday);
  if (!day) return null;
  const [start, end] = [minutesOf(day.startTime), minutesOf(day.endTime)];
  if (end <= start) return null;
  return [instantOf(dayWall + start * 60_000, timeZone), instantOf(dayWall + end * 60_000, timeZone)];
}

/** The local midnight (as wall ms) of the day holding `at`. */
const localDayOf = (at: number, timeZone: string) => {
  const wall = at + offsetAt(at, timeZone);
  return wall - (((wall % DAY) + DAY) % DAY);
};

/** Open time, in ms, between two instants (0 when `to` is not after `from`). */
export function businessMsBetween(hours: WeeklyHours, timeZone: string, from: number, to: number): number {
  if (to <= from) return 0;
  if (hours.length === 0) return to - from;
  let total = 0;
  for (let day = localDayOf(from, timeZone), n = 0; n < MAX_DAYS; day += DAY, n++) {
    const open = openingOf(hours, day, timeZone);
    if (open) {
      const [start, end] = [Math.max(open[0], from), Math.min(open[1], to)];
      if (end > start) total += end - start;
    }
    if (instantOf(day + DAY, timeZone) >= to) break;
  }
  return total;
}

/**
 * The instant at which `ms` of open time will have passed since `from` (for 0: `from`, or the next
 * opening when `from` is out of hours); null when the hours never open (every day closed).
 */
export function addBusinessMs(hours: WeeklyHours, timeZone: string, from: number, ms: number): number | null {
  if (hours.length === 0) return from + ms;
  let left = ms;
  for (let day = localDayOf(from, timeZone), n = 0; n < MAX_DAYS; day += DAY, n++) {
    const open = openingOf(hours, day, timeZone);
    if (!open) continue;
    const start = Math.max(open[0], from);
    if (open[1] <= start) continue;
    if (start + left <= open[1]) return start + left;
    left -= open[1] - start;
  }
  return null;
}
