import { describe, expect, it } from 'vitest';
import { durationUnit, formatDuration, formatNumber, formatPercent, NONE } from './durations.ts';

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

describe('rates and figures in the interface language', () => {
  it('writes percentages and decimals as each language does', () => {
    expect(formatPercent(0.875, 'pt')).toBe('87,5%');
    expect(formatPercent(0.875, 'en')).toBe('87.5%');
    expect(formatPercent(1, 'en')).toBe('100%');
    expect(formatPercent(null, 'pt')).toBe('—');
    expect(formatNumber(2.456, 'pt', 1)).toBe('2,5');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(null, 'es')).toBe('—');
  });
});
