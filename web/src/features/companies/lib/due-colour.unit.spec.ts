import { describe, expect, it } from 'vitest';
import { dueColour } from './due-colour.ts';

const now = new Date('2026-03-10T12:00:00Z');
const inDays = (days: number, extraHours = 0) =>
  new Date(now.getTime() + days * 86_400_000 + extraHours * 3_600_000).toISOString();

describe('dueColour', () => {
  it('is pale yellow exactly 5 days before the due date', () => {
    expect(dueColour(inDays(5), now)).toBe('pale-yellow');
    expect(dueColour(inDays(5, 5), now)).toBe('pale-yellow');
  });

  it('is orange from 4 days before to 3 days after', () => {
    for (const d of [4, 3, 1, 0, -1, -3]) expect(dueColour(inDays(d), now)).toBe('orange');
  });

  it('is red exactly 4 days after the due date', () => {
    expect(dueColour(inDays(-4), now)).toBe('red');
  });

  it('is plain further away on either side, and without a due date', () => {
    for (const d of [6, 30, -5, -40]) expect(dueColour(inDays(d), now)).toBeNull();
    expect(dueColour(null, now)).toBeNull();
    expect(dueColour('not a date', now)).toBeNull();
  });
});
