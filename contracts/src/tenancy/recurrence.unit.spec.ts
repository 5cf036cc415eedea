import { describe, expect, it } from 'vitest';
import { addRecurrence } from './recurrence.ts';

describe('addRecurrence', () => {
  it('moves by the months of each recurrence, keeping the time of day', () => {
    const due = '2026-03-15T23:59:59.000Z';
    expect(addRecurrence(due, 'MENSAL')).toBe('2026-04-15T23:59:59.000Z');
    expect(addRecurrence(due, 'BIMESTRAL')).toBe('2026-05-15T23:59:59.000Z');
    expect(addRecurrence(due, 'TRIMESTRAL')).toBe('2026-06-15T23:59:59.000Z');
    expect(addRecurrence(due, 'SEMESTRAL')).toBe('2026-09-15T23:59:59.000Z');
    expect(addRecurrence(due, 'ANUAL')).toBe('2027-03-15T23:59:59.000Z');
  });

  it('crosses the year and clamps to the last day of a shorter month', () => {
    expect(addRecurrence('2026-11-30T12:00:00.000Z', 'TRIMESTRAL')).toBe('2027-02-28T12:00:00.000Z');
    expect(addRecurrence('2027-01-31T12:00:00.000Z', 'MENSAL')).toBe('2027-02-28T12:00:00.000Z');
    expect(addRecurrence('2028-01-31T12:00:00.000Z', 'MENSAL')).toBe('2028-02-29T12:00:00.000Z');
    expect(addRecurrence('2026-08-31T12:00:00.000Z', 'SEMESTRAL')).toBe('2027-02-28T12:00:00.000Z');
  });
});
