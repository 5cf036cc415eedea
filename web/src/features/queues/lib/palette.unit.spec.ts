import { describe, expect, it } from 'vitest';
import { firstFreeColour, isColourFree, QUEUE_PALETTE, takenColours } from './palette.ts';

describe('queue palette', () => {
  const queues = [
    { id: 'a', color: '#B80000' },
    { id: 'b', color: '#db3e00' },
  ];

  it('has about fifty distinct #rrggbb colours', () => {
    expect(QUEUE_PALETTE.length).toBeGreaterThanOrEqual(48);
    expect(new Set(QUEUE_PALETTE.map((c) => c.toLowerCase())).size).toBe(QUEUE_PALETTE.length);
    for (const c of QUEUE_PALETTE) expect(c).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('counts colours as taken regardless of letter case', () => {
    const taken = takenColours(queues, null);
    expect(isColourFree('#b80000', taken)).toBe(false);
    expect(isColourFree('#DB3E00', taken)).toBe(false);
    expect(isColourFree('#FCCB00', taken)).toBe(true);
  });

  it("leaves the edited queue's own colour free for it", () => {
    expect(isColourFree('#B80000', takenColours(queues, 'a'))).toBe(true);
  });

  it('suggests the first colour nobody uses', () => {
    expect(firstFreeColour(takenColours(queues, null))).toBe('#FCCB00');
    expect(firstFreeColour(new Set())).toBe('#B80000');
  });
});
