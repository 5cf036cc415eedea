import { describe, expect, it } from 'vitest';
import { daysBetween, periodProblem, presetOf, presetPeriod } from './period.ts';

const today = new Date(2026, 10, 21, 15, 30);

describe('the period buttons', () => {
  it('count back from today, today included', () => {
    expect(presetPeriod('today', today)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(presetPeriod('7', today)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(presetPeriod('30', today)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    expect(presetPeriod('90', today)).toEqual({ from: '2026-08-24', to: '2026-11-21' });
    expect(presetPeriod('month', today)).toEqual({ from: '2026-11-01', to: '2026-11-21' });
  });

  it('cross a year', () => {
    expect(presetPeriod('7', new Date(2027, 0, 3))).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('know which button a period is, preferring the plainest', () => {
    expect(presetOf({ from: '2026-11-15', to: '2026-11-21' }, today)).toBe('7');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-21' }, today)).toBe('month');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-20' }, today)).toBeNull();
    expect(presetOf({ from: '2026-11-01', to: '2026-11-01' }, new Date(2026, 10, 1))).toBe('today');
  });
});

describe('a period the API would refuse, found before asking it', () => {
  it('accepts one day up to 366 days', () => {
    expect(periodProblem({ from: '2026-11-21', to: '2026-11-21' })).toBeNull();
    expect(periodProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull(); // a leap year: 366 days
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('refuses more than 366 days', () => {
    expect(periodProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe('tooLong');
    expect(periodProblem({ from: '2024-01-01', to: '2025-01-01' })).toBe('tooLong');
  });

  it('refuses a start after the end', () => {
    expect(periodProblem({ from: '2026-11-22', to: '2026-11-21' })).toBe('reversed');
  });

  it('refuses an empty or malformed date', () => {
    expect(periodProblem({ from: '', to: '2026-11-21' })).toBe('missing');
    expect(periodProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('missing');
    expect(periodProblem({ from: '2026-11-1', to: '2026-11-21' })).toBe('missing');
  });
});
