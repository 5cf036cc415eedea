// Issue 27: the JavaScript a browser downloads for a first visit of /login and of /tickets, from a
// production build served as built (e2e/first-load.ts), stays under its limit. `npm run bench:weight`
// prints the same table.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLoads, LIMIT, measureFirstLoad } from './first-load.ts';

describe('first load', () => {
  let outDir = '';
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('keeps /login and /tickets under their limits of compressed JavaScript', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'zelo-first-load-'));
    const loads = await measureFirstLoad(outDir);
    console.log(formatLoads(loads));
    for (const { route, files, gzip } of loads) {
      expect(files.length, route).toBeGreaterThan(0);
      expect(gzip, route).toBeLessThan(LIMIT[route]);
    }
  }, 150_000);
});
