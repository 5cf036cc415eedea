import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

/** A writer whose groups the test releases by hand, to see how callers were grouped. */
function heldWriter<I>() {
  const groups: I[][] = [];
  const release: (() => void)[] = [];
  const write = (items: I[]) => {
    groups.push(items);
    return new Promise<PromiseSettledResult<I>[]>((resolve) =>
      release.push(() => resolve(items.map((value) => ({ status: 'fulfilled', value })))),
    );
  };
  return { groups, release, write };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('writes a lone caller at once, and those arriving meanwhile together in the next group', async () => {
    const w = heldWriter<number>();
    const batcher = new GroupCommit(w.write, { inFlight: 1, maxGroup: 10 });
    const first = batcher.submit(1);
    await tick();
    expect(w.groups).toEqual([[1]]);
    const rest = [2, 3, 4].map((i) => batcher.submit(i));
    await tick();
    expect(w.groups).toHaveLength(1);
    w.release[0]();
    expect(await first).toBe(1);
    await tick();
    expect(w.groups[1]).toEqual([2, 3, 4]);
    w.release[1]();
    expect(await Promise.all(rest)).toEqual([2, 3, 4]);
  });

  it('answers each caller with its own outcome', async () => {
    const batcher = new GroupCommit<number, number>(
      async (items) =>
        items.map((i) =>
          i % 2
            ? { status: 'rejected', reason: new Error(`odd ${i}`) }
            : { status: 'fulfilled', value: i * 10 },
        ),
      { inFlight: 1, maxGroup: 10 },
    );
    const settled = await Promise.allSettled([1, 2, 3, 4].map((i) => batcher.submit(i)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'odd 1',
      20,
      'odd 3',
      40,
    ]);
  });

  it('keeps clashing items apart and bounds a group', async () => {
    const w = heldWriter<string>();
    const batcher = new GroupCommit(w.write, {
      inFlight: 1,
      maxGroup: 2,
      clashes: (item, group) => group.includes(item),
    });
    const all = ['a', 'x', 'x', 'y', 'z'].map((i) => batcher.submit(i));
    await tick();
    w.release[0]();
    for (let i = 1; i < 4; i++) {
      await tick();
      w.release[i]?.();
    }
    await Promise.all(all);
    expect(w.groups).toEqual([['a'], ['x', 'y'], ['x', 'z']]);
  });

  it('fails every caller of a group whose write throws, and goes on with the next', async () => {
    let calls = 0;
    const batcher = new GroupCommit<number, number>(
      async (items) => {
        if (calls++ === 0) throw new Error('connection lost');
        return items.map((value) => ({ status: 'fulfilled', value }));
      },
      { inFlight: 1, maxGroup: 10 },
    );
    await expect(batcher.submit(1)).rejects.toThrow('connection lost');
    expect(await batcher.submit(2)).toBe(2);
  });
});
