import { describe, expect, it } from 'vitest';
import { dueSoonWarning } from './subscription.ts';

const now = new Date(2025, 0, 10, 12, 0);
const inDays = (d: number, hours = 0) => new Date(2025, 0, 10 + d, 12 + hours, 0).toISOString();

describe('dueSoonWarning', () => {
  it('stays quiet with 5 or more days left', () => {
    expect(dueSoonWarning(inDays(5), now)).toBeNull();
    expect(dueSoonWarning(inDays(30), now)).toBeNull();
  });

  it('counts whole days only, leaving singular and plural to the translation', () => {
    expect(dueSoonWarning(inDays(1), now)).toEqual({ key: 'login.dueSoon', params: { count: 1 } });
    expect(dueSoonWarning(inDays(4, 6), now)).toEqual({ key: 'login.dueSoon', params: { count: 4 } });
    expect(dueSoonWarning(inDays(0, 3), now)).toEqual({ key: 'login.dueSoon', params: { count: 0 } });
  });

  it('ignores a missing or past due date', () => {
    expect(dueSoonWarning(null, now)).toBeNull();
    expect(dueSoonWarning(inDays(-2), now)).toBeNull();
  });
});
