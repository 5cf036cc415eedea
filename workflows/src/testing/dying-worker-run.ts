import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A dying-worker.ts process: the inputs its stalled activity got, and the kill. */
export interface DyingWorker {
  /** The next input the stalled activity printed (it has had its effect, and will never return). */
  stalled(): Promise<unknown>;
  /** SIGKILL, as the chaos test kills a workflows process; resolves when it is gone. */
  kill(): Promise<void>;
}

/** Starts dying-worker.ts on its own task queue and waits until it polls. */
export async function startDyingWorker(
  namespace: string,
  taskQueue: string,
  activity: string,
): Promise<DyingWorker> {
  const script = fileURLToPath(new URL('./dying-worker.ts', import.meta.url));
  // One process (node with tsx's loader, not the tsx command, whose child a kill would leave running).
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', script, namespace, taskQueue, activity],
    {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`the dying worker exited (${child.exitCode ?? child.signalCode})`);
    return line.value;
  };
  if ((await next()) !== 'ready') throw new Error('the dying worker did not start');
  return {
    stalled: async () => JSON.parse(await next()),
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
