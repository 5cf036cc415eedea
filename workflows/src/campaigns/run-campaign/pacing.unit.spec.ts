import { describe, expect, it } from 'vitest';
import {
  gapAfterMs,
  isLongPause,
  msUntilNextDay,
  msUntilWindowOpens,
  type Pacing,
  secondsOfDay,
} from './pacing.ts';

const pacing: Pacing = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  jitterSeconds: 0,
  sendingWindow: null,
  timeZone: 'America/Sao_Paulo',
};
const never = () => {
  throw new Error('no randomness without jitter');
};
// São Paulo is UTC-3 all year (no summer time since 2019).
const sp = (hhmm: string, day = '2030-01-31') => Date.parse(`${day}T${hhmm}:00.000-03:00`);

describe('gaps between messages', () => {
  it('messageInterval between messages, greaterInterval after every longerIntervalAfter', () => {
    const gaps = Array.from({ length: 45 }, (_, i) => gapAfterMs(i + 1, pacing, never));
    expect(gaps.filter((g) => g === 60_000).length).toBe(2);
    expect(gaps[19]).toBe(60_000);
    expect(gaps[39]).toBe(60_000);
    expect(gaps[0]).toBe(20_000);
    expect(gaps[20]).toBe(20_000);
    expect(isLongPause(20, pacing)).toBe(true);
    expect(isLongPause(21, pacing)).toBe(false);
  });

  it('longerIntervalAfter 0 never pauses longer; interval 0 sends back to back', () => {
    const p = { ...pacing, longerIntervalAfter: 0, messageInterval: 0 };
    for (let n = 1; n <= 50; n++) expect(gapAfterMs(n, p, never)).toBe(0);
  });

  it('jitter moves each gap within ± jitterSeconds, both ways', () => {
    const p = { ...pacing, messageInterval: 10, jitterSeconds: 3 };
    expect(gapAfterMs(1, p, () => 0)).toBe(7_000);
    expect(gapAfterMs(1, p, () => 0.5)).toBe(10_000);
    expect(gapAfterMs(1, p, () => 0.999999)).toBe(13_000);
  });

  it('a jitter larger than the gap never makes it negative', () => {
    const p = { ...pacing, messageInterval: 1, jitterSeconds: 5 };
    expect(gapAfterMs(1, p, () => 0)).toBe(0);
  });
});

describe('the sending window (company time)', () => {
  const day = { start: '08:00', end: '18:00' };
  const night = { start: '22:00', end: '06:00' };
  const tz = pacing.timeZone;

  it('reads the local time of day in the company zone', () => {
    expect(secondsOfDay(sp('08:30'), tz)).toBe(8.5 * 3600);
  });

  it('open inside the window', () => {
    expect(msUntilWindowOpens(sp('08:00'), day, tz)).toBe(0);
    expect(msUntilWindowOpens(sp('17:59'), day, tz)).toBe(0);
  });

  it('before the window: until it opens today; after it: until it opens tomorrow', () => {
    expect(msUntilWindowOpens(sp('07:30'), day, tz)).toBe(30 * 60_000);
    expect(msUntilWindowOpens(sp('18:00'), day, tz)).toBe(14 * 3600_000);
    expect(msUntilWindowOpens(sp('23:15'), day, tz)).toBe((8 * 60 + 45) * 60_000);
  });

  it('a window over midnight is open late and early, closed in the day', () => {
    expect(msUntilWindowOpens(sp('23:00'), night, tz)).toBe(0);
    expect(msUntilWindowOpens(sp('05:59'), night, tz)).toBe(0);
    expect(msUntilWindowOpens(sp('06:00'), night, tz)).toBe(16 * 3600_000);
  });

  it('no window, or one whose start equals its end, is always open', () => {
    expect(msUntilWindowOpens(sp('03:00'), null, tz)).toBe(0);
    expect(msUntilWindowOpens(sp('03:00'), { start: '09:00', end: '09:00' }, tz)).toBe(0);
  });

  it('the next day begins at local midnight', () => {
    expect(msUntilNextDay(sp('23:00'), tz)).toBe(3600_000);
    expect(msUntilNextDay(sp('00:00'), tz)).toBe(24 * 3600_000);
    // 21:00 local is midnight UTC: the company's day, not UTC's.
    expect(msUntilNextDay(sp('21:00'), tz)).toBe(3 * 3600_000);
  });
});
