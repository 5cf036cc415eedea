import { Day } from '@zelo/contracts/dashboard/api';
import { REPORT_MAX_DAYS } from '@zelo/contracts/reports/api';
import * as v from 'valibot';

export interface Period {
  from: string;
  to: string;
}

/** The period buttons: today, the last 7, 30 or 90 days (today included), this month so far. */
export const PRESETS = ['today', '7', '30', '90', 'month'] as const;
export type Preset = (typeof PRESETS)[number];

/** A local calendar day as yyyy-MM-dd (the company's days are what the user's calendar shows). */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const isDay = (s: unknown): s is string => v.is(Day, s);

export function presetPeriod(preset: Preset, today = new Date()): Period {
  const to = isoDay(today);
  if (preset === 'today') return { from: to, to };
  if (preset === 'month') return { from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), to };
  const days = Number(preset);
  return { from: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1))), to };
}

/** The preset a period equals today, to show its button pressed; null for a period picked by hand. */
export function presetOf(period: Period, today = new Date()): Preset | null {
  // "This month" on its first days equals "today" or "7 days": the shorter, plainer name wins.
  return (
    PRESETS.find((p) => {
      const q = presetPeriod(p, today);
      return q.from === period.from && q.to === period.to;
    }) ?? null
  );
}

/** Days from `from` to `to`, both included (calendar days, whatever the clock changes between). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

export type PeriodProblem = 'missing' | 'reversed' | 'tooLong';

/** Why the API would refuse the period (ReportQuery's checks), found before it is asked; null if none. */
export function periodProblem(period: Period): PeriodProblem | null {
  if (!isDay(period.from) || !isDay(period.to)) return 'missing';
  if (period.from > period.to) return 'reversed';
  if (daysBetween(period.from, period.to) > REPORT_MAX_DAYS) return 'tooLong';
  return null;
}
