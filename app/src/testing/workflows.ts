import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime } from '@temporalio/worker';

/**
 * The settings of a test system that also runs the workflows role, on a task queue of its own, after
 * making sure the Temporal dev server runs (setup.mjs installs and starts it when it does not; idempotent).
 * The worker's INFO lines (state changes, the bundle) would drown the test report: warnings only.
 * Call once per test file, in its beforeAll.
 */
export function withWorkflows(env: Record<string, string> = {}): Record<string, string> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/setup.mjs', import.meta.url))], {
    stdio: 'pipe',
  });
  return {
    ZELO_ROLES: 'api,projections,channels,workflows',
    TEMPORAL_TASK_QUEUE: `zelo-test-${randomUUID()}`,
    ...env,
  };
}
