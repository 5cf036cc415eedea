import { describe, expect, it } from 'vitest';
import { comparePositions } from './positions.ts';

describe('event store positions', () => {
  it('order by the first number, then the second, as numbers (not as text)', () => {
    expect(comparePositions('9:100', '10:1')).toBeLessThan(0);
    expect(comparePositions('10:2', '10:11')).toBeLessThan(0);
    expect(comparePositions('10:11', '10:2')).toBeGreaterThan(0);
    expect(comparePositions('00000000000000000007:00000000000000000003', '7:3')).toBe(0);
    expect(comparePositions('18446744073709551615:1', '18446744073709551614:9')).toBeGreaterThan(0);
  });

  it('refuse what is not a position', () => {
    for (const bad of ['', '1', '1:', ':1', 'a:1', '1:2:3', '-1:2'])
      expect(() => comparePositions(bad, '1:1'), bad).toThrow(/not an event store position/);
  });
});
