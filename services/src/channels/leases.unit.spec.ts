import { describe, expect, it } from 'vitest';
import { fairShare } from './leases.ts';

describe('fair share of connections per channel worker', () => {
  it('splits evenly and rounds up so that the live workers hold every connection', () => {
    expect(fairShare(10, 2)).toBe(5);
    expect(fairShare(10, 3)).toBe(4);
    expect(fairShare(11, 2)).toBe(6);
    expect(fairShare(1, 3)).toBe(1);
  });

  it('gives everything to a lone worker and nothing when there is nothing', () => {
    expect(fairShare(50, 1)).toBe(50);
    expect(fairShare(50, 0)).toBe(50);
    expect(fairShare(0, 4)).toBe(0);
  });
});
