import { describe, expect, it } from 'vitest';
import { durationUnit, formatDuration, formatMinutes, minutesBetween, splitMinutes } from './duration.ts';
import { NONE } from './figures.ts';

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

describe('durations as a person reads them', () => {
  it('shows seconds under a minute', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(59.4)).toBe('59 s');
  });

  it('shows minutes and seconds under an hour, the zero part left out', () => {
    expect(formatDuration(250)).toBe('4 min 10 s');
    expect(formatDuration(240)).toBe('4 min');
    expect(formatDuration(59.6)).toBe('1 min');
    expect(formatDuration(3599)).toBe('59 min 59 s');
  });

  it('shows hours and minutes under a day, days and hours beyond', () => {
    expect(formatDuration(2 * 3600 + 5 * 60 + 40)).toBe('2 h 5 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(86_400 * 3 + 3600 * 4 + 59)).toBe('3 d 4 h');
    expect(formatDuration(86_400 * 400)).toBe('400 d');
    expect(formatDuration(86_400 + 5 * 60)).toBe('1 d');
  });

  it('shows a dash for nothing measured', () => {
    expect(formatDuration(null)).toBe(NONE);
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('picks an axis unit from the largest value', () => {
    expect(durationUnit(90)).toEqual({ factor: 1, suffix: 's' });
    expect(durationUnit(600)).toEqual({ factor: 60, suffix: 'min' });
    expect(durationUnit(5 * 3600)).toEqual({ factor: 3600, suffix: 'h' });
    expect(durationUnit(3 * 86_400)).toEqual({ factor: 86_400, suffix: 'd' });
  });
});
