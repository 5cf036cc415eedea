import { Client, Connection } from '@temporalio/client';
import { testNamespace } from './namespace.ts';

/**
 * Terminates every workflow still running on `taskQueue`: what a test started, it ends, so the shared
 * dev server keeps no timers of a database the test dropped. Visibility lags a little behind starts;
 * a second pass catches a workflow started while the first was listing.
 */
export async function endWorkflowsOn(
  address: string,
  taskQueue: string,
  namespace = testNamespace(),
): Promise<number> {
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace });
  let ended = 0;
  try {
    for (let pass = 0; pass < 2; pass++) {
      const query = `TaskQueue = '${taskQueue.replaceAll("'", '')}' AND ExecutionStatus = 'Running'`;
      for await (const w of client.workflow.list({ query })) {
        await client.workflow
          .getHandle(w.workflowId, w.runId)
          .terminate('the test that started it ended')
          .then(() => ended++)
          .catch(() => {});
      }
    }
  } finally {
    await connection.close();
  }
  return ended;
}
