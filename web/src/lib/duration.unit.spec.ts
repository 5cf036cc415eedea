import { describe, expect, it } from 'vitest';
import { formatMinutes, minutesBetween, splitMinutes } from './duration.ts';

describe('formatMinutes', () => {
  it('writes each unit that holds something, the largest first', () => {
    expect(formatMinutes(30)).toBe('30 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(150)).toBe('2 h 30 min');
    expect(formatMinutes(28 * 60)).toBe('1 d 4 h');
    expect(formatMinutes(24 * 60 + 5)).toBe('1 d 5 min');
    expect(formatMinutes(43_200)).toBe('30 d');
  });

  it('cuts to the largest parts a countdown shows', () => {
    expect(formatMinutes(28 * 60 + 30, 2)).toBe('1 d 4 h');
    expect(formatMinutes(61, 1)).toBe('1 h');
  });

  it('never writes a negative or empty duration', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(-5)).toBe('0 min');
  });
});

describe('splitMinutes', () => {
  it('picks the largest unit that holds the minutes exactly', () => {
    expect(splitMinutes(1)).toEqual({ amount: 1, unit: 'minutes' });
    expect(splitMinutes(90)).toEqual({ amount: 90, unit: 'minutes' });
    expect(splitMinutes(120)).toEqual({ amount: 2, unit: 'hours' });
    expect(splitMinutes(1440)).toEqual({ amount: 1, unit: 'days' });
    expect(splitMinutes(1500)).toEqual({ amount: 25, unit: 'hours' });
    expect(splitMinutes(43_200)).toEqual({ amount: 30, unit: 'days' });
  });
});

describe('minutesBetween', () => {
  it('counts a started minute as one, in either direction', () => {
    expect(minutesBetween(0, 1)).toBe(1);
    expect(minutesBetween(0, 60_000)).toBe(1);
    expect(minutesBetween(0, 60_001)).toBe(2);
    expect(minutesBetween(12 * 60_000, 0)).toBe(12);
  });
});
