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

describe('event store positions against their numbers', () => {
  it('order any two pairs as the pairs of numbers order', () => {
    const numbers = [0n, 1n, 9n, 10n, 99n, 100n, 123456789n, 18446744073709551615n];
    const text = (n: bigint, padded: boolean) => (padded ? n.toString().padStart(20, '0') : n.toString());
    for (const a1 of numbers)
      for (const a2 of numbers.slice(0, 4))
        for (const b1 of numbers)
          for (const b2 of numbers.slice(0, 4)) {
            const expected = a1 !== b1 ? (a1 < b1 ? -1 : 1) : a2 === b2 ? 0 : a2 < b2 ? -1 : 1;
            for (const padded of [false, true])
              expect(
                comparePositions(`${text(a1, padded)}:${text(a2, !padded)}`, `${b1}:${b2}`),
                `${a1}:${a2} against ${b1}:${b2}`,
              ).toBe(expected);
          }
  });
});
