import { describe, expect, it } from 'vitest';
import { formatMinutes, monthToDate, stars } from './dates.ts';

describe('dashboard formatting', () => {
  it('shows minutes as HHh mmm', () => {
    expect(formatMinutes(0)).toBe('00h 00m');
    expect(formatMinutes(90.5)).toBe('01h 31m');
    expect(formatMinutes(605)).toBe('10h 05m');
    expect(formatMinutes(-3)).toBe('00h 00m');
  });

  it('defaults to the first of the month through today', () => {
    expect(monthToDate(new Date(2026, 10, 21))).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    expect(monthToDate(new Date(2026, 0, 1))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it('rounds ratings to at most three stars', () => {
    expect(stars(null)).toBe(0);
    expect(stars(2.6)).toBe(3);
    expect(stars(1.2)).toBe(1);
    expect(stars(7)).toBe(3);
  });
});
