import { describe, expect, it } from 'vitest';
import { daysToDue, dueColour } from './due-colour.ts';

// Local times, so the calendar-day arithmetic holds in whatever zone the tests run.
const now = new Date(2026, 2, 10, 15, 30);
const onDay = (days: number, hour = 12) => new Date(2026, 2, 10 + days, hour).toISOString();

describe('daysToDue', () => {
  it('counts calendar dates, whatever the hour on either side', () => {
    expect(daysToDue(onDay(5, 0), now)).toBe(5);
    expect(daysToDue(onDay(5, 23), now)).toBe(5);
    expect(daysToDue(onDay(0, 1), now)).toBe(0);
    expect(daysToDue(onDay(-4, 23), now)).toBe(-4);
  });

  it('crosses a month end', () => {
    expect(daysToDue(new Date(2026, 3, 2, 9).toISOString(), new Date(2026, 2, 30, 20))).toBe(3);
  });
});

describe('dueColour', () => {
  it('is pale yellow exactly 5 days before the due date', () => {
    expect(dueColour(onDay(5), now)).toBe('pale-yellow');
  });

  it('is orange from 4 days before to 3 days after', () => {
    for (const d of [4, 3, 1, 0, -1, -3]) expect(dueColour(onDay(d), now)).toBe('orange');
  });

  it('is red exactly 4 days after the due date', () => {
    expect(dueColour(onDay(-4), now)).toBe('red');
  });

  it('is plain further away on either side, and without a due date', () => {
    for (const d of [6, 30, -5, -40]) expect(dueColour(onDay(d), now)).toBeNull();
    expect(dueColour(null, now)).toBeNull();
    expect(dueColour('not a date', now)).toBeNull();
  });
});
