import { describe, expect, it } from 'vitest';
import type { Pool } from '../platform/db.ts';
import { batchReads } from './trigger-reads.ts';

/** A pool that answers every query with no rows and counts them, by their SQL's first table. */
function countingPool() {
  const asked: string[] = [];
  const pool = {
    query: async (text: string) => {
      asked.push(/FROM (\w+)/.exec(text)?.[1] ?? text);
      return { rows: [] };
    },
  } as unknown as Pool;
  return { pool, asked };
}

describe('batchReads', () => {
  it("asks each connection's phrase campaigns and each queue once per batch, however many messages ask", async () => {
    const { pool, asked } = countingPool();
    const reads = batchReads(pool);
    await Promise.all([
      reads.phraseCampaigns('c1', 'w1'),
      reads.phraseCampaigns('c1', 'w1'),
      reads.phraseCampaigns('c1', 'w2'),
      reads.queue('c1', 'q1'),
      reads.queue('c1', 'q1'),
    ]);
    expect(asked.sort()).toEqual(['flow_campaigns', 'flow_campaigns', 'queues']);
    // The next batch reads again: a change made meanwhile is seen.
    await batchReads(pool).phraseCampaigns('c1', 'w1');
    expect(asked).toHaveLength(4);
  });
});
