import { defineConfig } from 'vitest/config';

// One runner for every workspace. Integration tests share the machine's PostgreSQL and
// Temporal dev server, so files run one at a time to keep their databases apart.
export default defineConfig({
  test: {
    include: [
      '{contracts,services,projections,workflows,app,cli,web}/src/**/*.spec.{ts,tsx}',
      'e2e/**/*.spec.ts',
    ],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
