// The web app's first load: a production build served as built, /login and /tickets opened in
// Chromium with an empty cache, every JavaScript file they fetched with its gzip size (level 9).
// e2e/first-load.e2e.spec.ts fails when a route grows past the aim printed here.
//
//   npm run bench:weight         (a fresh test database, dropped after; the build goes to a temp dir)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatLoads, measureFirstLoad } from '../e2e/first-load.ts';

const outDir = await mkdtemp(join(tmpdir(), 'zelo-first-load-'));
try {
  console.log(formatLoads(await measureFirstLoad(outDir)));
} finally {
  await rm(outDir, { recursive: true, force: true });
}
