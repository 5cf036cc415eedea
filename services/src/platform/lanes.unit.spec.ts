import { describe, expect, it } from 'vitest';
import { inLanes } from './lanes.ts';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('inLanes', () => {
  it("keeps each lane's order while lanes run side by side", async () => {
    const events = [
      { lane: 'a', n: 1, ms: 30 },
      { lane: 'b', n: 1, ms: 1 },
      { lane: 'a', n: 2, ms: 1 },
      { lane: 'b', n: 2, ms: 1 },
      { lane: 'c', n: 1, ms: 1 },
    ];
    const done: string[] = [];
    let running = 0;
    let most = 0;
    await inLanes(
      events,
      (e) => e.lane,
      async (e) => {
        running++;
        most = Math.max(most, running);
        await tick(e.ms);
        running--;
        done.push(`${e.lane}${e.n}`);
      },
      2,
    );
    // a1 is slow: b and c went on beside it, a2 still came after a1.
    expect(done).toEqual(['b1', 'b2', 'c1', 'a1', 'a2']);
    expect(most).toBe(2);
  });

  it('stops a failing lane, lets the others finish, then throws', async () => {
    const done: string[] = [];
    const run = inLanes(
      ['a1', 'b1', 'a2', 'b2'],
      (e) => e[0],
      async (e) => {
        await tick(e === 'b1' ? 10 : 1);
        if (e === 'a1') throw new Error('a1 failed');
        done.push(e);
      },
      2,
    );
    await expect(run).rejects.toThrow('a1 failed');
    expect(done).toEqual(['b1', 'b2']);
  });
});
