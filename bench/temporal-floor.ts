/**
 * `npm run bench:temporal`: what Temporal alone costs per flow answer on this machine, the floor under
 * bench:flows. CUSTOMERS (default 200) runs of an empty flow (bench/temporal-floor.workflow.ts: wait for
 * a signal, run one local activity that does nothing) each get ANSWERS (default 5) answers, every
 * customer answering as soon as its last answer reached the activity (bench:flows' closed loop), against
 * the dev server `npm start` uses, with the product's worker settings and its native-connection client.
 * Reports answers/s, signal → local activity started (p50/p95/p99), the workflow task's own time from
 * the histories, and CPU per answer of the dev server and of this process (worker and client).
 *
 *   CUSTOMERS (200), ANSWERS (5), ACTIVITY_MS (0: how long the local activity waits, as a write would)
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { WORKER_TUNING } from '../workflows/src/worker.ts';
import { procCpuSeconds } from './measure.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const customers = env('CUSTOMERS', 200);
const answers = env('ANSWERS', 5);
const activityMs = env('ACTIVITY_MS', 0);
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';

Runtime.install({ logger: new DefaultLogger('WARN') });
const taskQueue = `bench-temporal-floor-${Date.now()}`;
/** Each answer's arrival at the activity, by answer key. */
const arrived = new Map<string, () => void>();
const connection = await NativeConnection.connect({ address });
const worker = await Worker.create({
  connection,
  taskQueue,
  workflowsPath: fileURLToPath(new URL('./temporal-floor.workflow.ts', import.meta.url)),
  activities: {
    async answered(key: string) {
      arrived.get(key)?.();
      if (activityMs > 0) await new Promise((r) => setTimeout(r, activityMs));
    },
  },
  ...WORKER_TUNING,
});
const running = worker.run();
const client = new Client({ connection });
const runs = await Promise.all(
  Array.from({ length: customers }, (_, i) =>
    client.workflow.start('emptyFlow', { args: [answers], taskQueue, workflowId: `${taskQueue}-${i}` }),
  ),
);
await new Promise((r) => setTimeout(r, 2000));

const devServer = Number(execFileSync('pgrep', ['-x', 'temporal']).toString().trim().split('\n')[0]);
const dev0 = procCpuSeconds(devServer) ?? Number.NaN;
const self0 = process.cpuUsage();
const start = performance.now();
const latencies: number[] = [];
await Promise.all(
  runs.map(async (run, c) => {
    for (let a = 0; a < answers; a++) {
      const key = `${c}-${a}`;
      const reached = new Promise<void>((r) => arrived.set(key, r));
      const sent = performance.now();
      await run.signal('answer', key);
      await reached;
      latencies.push(performance.now() - sent);
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
const devCpu = (procCpuSeconds(devServer) ?? Number.NaN) - dev0;
const self = process.cpuUsage(self0);
await Promise.all(runs.map((r) => r.result()));

// The workflow task's own time (started → completed), from the histories of up to 50 runs.
const ms = (t: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
  Number(t?.seconds ?? 0) * 1000 + (t?.nanos ?? 0) / 1e6;
const taskTimes: number[] = [];
for (const run of runs.slice(0, 50)) {
  const events = (await run.fetchHistory()).events ?? [];
  const at = new Map(events.map((e) => [Number(e.eventId), ms(e.eventTime)]));
  for (const e of events) {
    const done = e.workflowTaskCompletedEventAttributes;
    if (done) taskTimes.push(ms(e.eventTime) - (at.get(Number(done.startedEventId)) ?? Number.NaN));
  }
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]);
};
const n = latencies.length;
console.log(
  `${customers} customers × ${answers} answers, local activity ${activityMs} ms: ${n} answers in ${seconds.toFixed(1)} s, ` +
    `${(n / seconds).toFixed(0)} answers/s`,
);
console.log(
  `signal → local activity started, ms: p50 ${pct(latencies, 50)}, p95 ${pct(latencies, 95)}, p99 ${pct(latencies, 99)}, max ${pct(latencies, 100)}`,
);
console.log(`workflow task started → completed, ms: p50 ${pct(taskTimes, 50)}, p99 ${pct(taskTimes, 99)}`);
console.log(
  `CPU per answer, ms: Temporal dev server ${((devCpu * 1000) / n).toFixed(1)}, ` +
    `this process (worker and client) ${((self.user + self.system) / 1000 / n).toFixed(1)}`,
);
worker.shutdown();
await running;
await connection.close();
