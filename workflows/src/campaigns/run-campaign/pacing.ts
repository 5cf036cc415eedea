import type { RunSettings } from '@zelo/contracts/campaigns/events';

// The campaign's pacing, pure: the workflow calls these with its own (deterministic) clock and random.

/** What the run's pace depends on: its settings but the daily cap (the send activity enforces that). */
export type Pacing = Omit<RunSettings, 'dailyLimitPerConnection'>;

const DAY_S = 86_400;

/** After the n-th message of the run (1-based), the pause is the longer one every `longerIntervalAfter`. */
export const isLongPause = (n: number, p: Pick<Pacing, 'longerIntervalAfter'>): boolean =>
  p.longerIntervalAfter > 0 && n > 0 && n % p.longerIntervalAfter === 0;

/**
 * The gap between the n-th message and the next, in ms: `messageInterval`, or `greaterInterval` after
 * every `longerIntervalAfter` messages (the longer pause replaces the gap, it does not add to it), moved
 * by a uniform jitter within ± `jitterSeconds`, never negative. `random` is in [0, 1).
 */
export function gapAfterMs(n: number, p: Pacing, random: () => number): number {
  const base = isLongPause(n, p) ? p.greaterInterval : p.messageInterval;
  const jitter = p.jitterSeconds > 0 ? (random() * 2 - 1) * p.jitterSeconds : 0;
  return Math.max(0, Math.round((base + jitter) * 1000));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Seconds since local midnight (with the ms fraction) of `at` in `timeZone`. */
export function secondsOfDay(at: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((x) => x.type === type)?.value ?? 0);
  return get('hour') * 3600 + get('minute') * 60 + get('second') + (((at % 1000) + 1000) % 1000) / 1000;
}

const secondsOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 3600 + m * 60;
};

/**
 * How long until the sending window is open, in ms (0 when it is open now). A window whose end is
 * before its start runs over midnight (22:00-06:00); one whose start equals its end excludes nothing.
 * Days whose length changes (summer time) are not special-cased: the caller checks again on waking.
 */
export function msUntilWindowOpens(at: number, window: Pacing['sendingWindow'], timeZone: string): number {
  if (!window) return 0;
  const start = secondsOf(window.start);
  const end = secondsOf(window.end);
  if (start === end) return 0;
  const now = secondsOfDay(at, timeZone);
  const open = start < end ? now >= start && now < end : now >= start || now < end;
  if (open) return 0;
  const wait = (((start - now) % DAY_S) + DAY_S) % DAY_S;
  return Math.ceil(wait * 1000);
}

/** How long until the next local day begins (the daily cap is per company day), in ms; at least 1. */
export function msUntilNextDay(at: number, timeZone: string): number {
  return Math.max(1, Math.ceil((DAY_S - secondsOfDay(at, timeZone)) * 1000));
}
