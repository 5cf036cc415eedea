/**
 * A workflow worker process that dies in the middle of a workflow task, as one starved or killed under
 * load does: the local activity named on its command line prints its input as one JSON line (the test
 * records that as the activity's effect: a message said) and never returns. The test then signals the
 * run and kills this process; the task it held times out, and the retried task, on a worker that lives,
 * replays every signal received meanwhile in its first activation.
 *
 * Usage: node --import tsx dying-worker.ts <namespace> <taskQueue> <activity>
 */
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { startWorker } from '../worker.ts';

const [namespace, taskQueue, activity] = process.argv.slice(2);
if (!namespace || !taskQueue || !activity)
  throw new Error('usage: dying-worker.ts <namespace> <taskQueue> <activity>');

Runtime.install({ logger: new DefaultLogger('WARN') });
await startWorker({
  namespace,
  taskQueue,
  activities: {
    [activity]: (input: unknown) => {
      process.stdout.write(`${JSON.stringify(input)}\n`);
      return new Promise(() => {});
    },
  },
});
process.stdout.write('ready\n');
