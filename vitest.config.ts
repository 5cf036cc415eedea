import { defineConfig } from 'vitest/config';

// One runner for every workspace. Test files run in parallel: each integration test makes databases
// of its own on the machine's PostgreSQL, its API and web server take free ports, its workflows run
// in its vitest worker's own Temporal namespace (workflows/src/testing/namespace.ts) and its browser
// tests in that worker's own Vite cache (e2e/browser.ts). Three workers keep two cores busy while
// most tests wait on PostgreSQL, Temporal or Chromium; ZELO_TEST_WORKERS changes it. `npm test` runs
// deploy/ afterwards, one file at a time: a cluster there is nine processes with PostgreSQL connections
// of their own, which beside three test systems would pass the server's max_connections.
export default defineConfig({
  test: {
    include: [
      '{contracts,services,projections,workflows,app,cli,web}/src/**/*.spec.{ts,tsx}',
      'e2e/**/*.spec.ts',
      'deploy/**/*.spec.ts',
    ],
    fileParallelism: true,
    maxWorkers: Number(process.env.ZELO_TEST_WORKERS ?? 3),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
