// Durations in whole minutes as the SLA screens show them: "45 min", "2 h 30 min", "1 d 4 h". The
// unit symbols read the same in pt, en and es, like the fixed date patterns of format.ts.

export type DurationUnit = 'minutes' | 'hours' | 'days';
export const DURATION_UNITS: readonly DurationUnit[] = ['minutes', 'hours', 'days'];
export const UNIT_MINUTES: Record<DurationUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

const PARTS: [number, string][] = [
  [UNIT_MINUTES.days, 'd'],
  [UNIT_MINUTES.hours, 'h'],
  [UNIT_MINUTES.minutes, 'min'],
];

/**
 * `minutes` written with its largest units first, at most `maxParts` of them (a countdown needs two:
 * "1 d 4 h"; a policy's target is shown whole). What the dropped units held is cut, not rounded.
 */
export function formatMinutes(minutes: number, maxParts = 3): string {
  let rest = Math.max(0, Math.floor(minutes));
  const parts: string[] = [];
  for (const [size, symbol] of PARTS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${symbol}`);
  }
  return parts.length ? parts.slice(0, maxParts).join(' ') : '0 min';
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
