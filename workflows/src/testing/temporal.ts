import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { defaultTemporalAddress, type StartWorkerOptions, startWorker } from '../worker.ts';
import { endWorkflowsOn } from './end-workflows.ts';
import { testNamespace } from './namespace.ts';

/** What a workflow test drives: a client, and a worker of its own on a task queue no other test uses. */
export interface TemporalTest {
  client: Client;
  taskQueue: string;
  /** Stops the worker, then closes the client's connection. */
  close(): Promise<void>;
}

/**
 * The real Temporal dev server (setup installs and starts it when it is not running; idempotent), a
 * client, and a worker with `activities` on a fresh task queue named after the test.
 */
export async function startTemporalTest(
  name: string,
  activities: StartWorkerOptions['activities'],
): Promise<TemporalTest> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/setup.mjs', import.meta.url))], {
    stdio: 'pipe',
  });
  const connection = await Connection.connect({ address: defaultTemporalAddress });
  const taskQueue = `${name}-test-${randomUUID()}`;
  const namespace = testNamespace();
  const worker = await startWorker({ taskQueue, activities, namespace });
  return {
    client: new Client({ connection, namespace }),
    taskQueue,
    async close() {
      await worker.stop();
      await connection.close();
      await endWorkflowsOn(defaultTemporalAddress, taskQueue, namespace).catch(() => 0);
    },
  };
}
