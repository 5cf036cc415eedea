// Durations as the SLA screens and the reports show them: "45 min", "2 h 30 min", "1 d 4 h", "4 min
// 10 s". The international unit symbols (s, min, h, d) read the same in pt, en and es, like the fixed
// date patterns of format.ts.
import { isMissing, NONE } from './figures.ts';

export type DurationUnit = 'minutes' | 'hours' | 'days';
export const DURATION_UNITS: readonly DurationUnit[] = ['minutes', 'hours', 'days'];
export const UNIT_MINUTES: Record<DurationUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

/** Each unit's size in seconds, the largest first. */
const UNITS: [seconds: number, symbol: string][] = [
  [86_400, 'd'],
  [3600, 'h'],
  [60, 'min'],
  [1, 's'],
];

/** Whole `seconds` counted out in days, hours, minutes and seconds, the largest first. */
function countOut(seconds: number): { count: number; text: string }[] {
  let rest = seconds;
  return UNITS.map(([size, symbol]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return { count, text: `${count} ${symbol}` };
  });
}

/**
 * `minutes` written with its largest units first, at most `maxParts` of them (a countdown needs two:
 * "1 d 4 h"; a policy's target is shown whole). What the dropped units held is cut, not rounded.
 */
export function formatMinutes(minutes: number, maxParts = 3): string {
  const parts = countOut(Math.max(0, Math.floor(minutes)) * 60).filter((p) => p.count > 0);
  return parts.length
    ? parts
        .slice(0, maxParts)
        .map((p) => p.text)
        .join(' ')
    : '0 min';
}

/**
 * Seconds as a person reads them, the largest unit and the one below it: "45 s", "4 min 10 s",
 * "2 h 5 min", "3 d 4 h"; that second part is left out when zero ("4 min", and "1 d" for a day and
 * five minutes); null is "—".
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (isMissing(seconds)) return NONE;
  const parts = countOut(Math.max(0, Math.round(seconds)));
  const first = parts.findIndex((p) => p.count > 0);
  if (first < 0) return '0 s';
  const [big, small] = parts.slice(first, first + 2);
  return small?.count ? `${big.text} ${small.text}` : big.text;
}

/** The unit a chart's duration axis counts in, so its ticks read "10 min", never "600 s". */
export function durationUnit(maxSeconds: number): { factor: number; suffix: string } {
  const [factor, suffix] = UNITS.find(([size]) => maxSeconds >= 2 * size) ?? UNITS[UNITS.length - 1];
  return { factor, suffix };
}

/** A number of minutes as the largest unit that holds it exactly: 1440 is 1 day, 90 stays 90 minutes. */
export function splitMinutes(minutes: number): { amount: number; unit: DurationUnit } {
  for (const unit of ['days', 'hours'] as const)
    if (minutes >= UNIT_MINUTES[unit] && minutes % UNIT_MINUTES[unit] === 0)
      return { amount: minutes / UNIT_MINUTES[unit], unit };
  return { amount: minutes, unit: 'minutes' };
}

/** Whole minutes between two instants, a started minute counting as one (a countdown never shows 0). */
export function minutesBetween(from: number, to: number): number {
  return Math.max(1, Math.ceil(Math.abs(to - from) / 60_000));
}
