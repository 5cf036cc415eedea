/**
 * Inbound ingest benchmark. The product runs on a fresh database as `npm start` runs it (API and
 * simulator channel in this process, projections in a child process); another process plays the
 * simulated customers and the agents:
 * it sends N inbound messages through the simulator's HTTP endpoint while agents' sockets listen.
 * Reports sustained messages/s and the latency from the inbound call to the socket push.
 * Usage: npm run bench:ingest -- [messages=3000] [concurrency=16] [agents=5] [customers=200]
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEMO, startTestSystem } from '../app/src/testing/system.ts';
import { startProfile } from './profile.ts';

const [messages = 3000, concurrency = 16, agents = 5, customers = 200] = process.argv.slice(2).map(Number);
// By default the projections run in a process of their own, as `npm start` and docker-compose run
// them; BENCH_SINGLE=1 puts every role in this one process.
const split = !process.env.BENCH_SINGLE;
const system = await startTestSystem(split ? { env: { ZELO_ROLES: 'api,channels' } } : {});
let projector: import('node:child_process').ChildProcess | null = null;
if (split) {
  const { spawn } = await import('node:child_process');
  projector = spawn(
    fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url)),
    [fileURLToPath(new URL('./projector.ts', import.meta.url))],
    {
      env: { ...process.env, DATABASE_URL: system.databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((r) => projector!.stdout!.once('data', r));
  // The channel worker pairs the demo connection once the projector has projected it.
  while (!system.simulator?.isConnected(DEMO.whatsappId)) await new Promise((r) => setTimeout(r, 50));
}
const { token } = await system.login(DEMO.email, DEMO.password);
if (process.env.BENCH_NO_TRIGGER)
  await system.ctx.pool.query('ALTER TABLE es_events DISABLE TRIGGER es_events_appended');

// Where the time goes inside the server: event decided → projected, and → pushed.
const projectedLag: number[] = [];
const pushLag: number[] = [];
system.runner?.on('changes', (changes: { kind: string; action: string; at?: number }[]) => {
  for (const c of changes) {
    if (c.kind !== 'message' || c.action !== 'create' || !c.at) continue;
    projectedLag.push(Date.now() - c.at);
  }
});
system.gateway?.onPush.add((_event, c) => {
  if (c?.kind === 'message' && c.action === 'create' && c.at) pushLag.push(Date.now() - c.at);
});

// BENCH_PROFILE=<file.cpuprofile>: a CPU profile of this process (API and channels) during the load.
const profile = await startProfile();

const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const load = fileURLToPath(new URL('./ingest-load.ts', import.meta.url));
const { stdout } = await promisify(execFile)(
  tsx,
  [load, system.url, token, DEMO.whatsappId, ...[messages, concurrency, agents, customers].map(String)],
  { maxBuffer: 64 * 1024 * 1024 },
);
await profile.stop();
const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
  pushed: number;
  seconds: number;
  sendSeconds: number;
  latencies: number[];
};

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1)
    : 'n/a';
};
const tickets = await system.ctx.pool.query('SELECT count(*)::int AS n FROM tickets');
const stored = await system.ctx.pool.query('SELECT count(*)::int AS n FROM messages');

console.log(
  `messages sent:          ${messages} from ${customers} customers, ${concurrency} concurrent senders, ${agents} agent sockets`,
);
console.log(
  `stored / pushed:        ${stored.rows[0].n} / ${result.pushed}${result.pushed < messages ? '  (MISSING PUSHES)' : ''}`,
);
console.log(`tickets created:        ${tickets.rows[0].n} (one per customer expected)`);
console.log(
  `sustained throughput:   ${(result.pushed / result.seconds).toFixed(0)} messages/s over ${result.seconds.toFixed(1)} s`,
);
console.log(
  `inbound → push (ms):    p50 ${pct(result.latencies, 50)}  p95 ${pct(result.latencies, 95)}  p99 ${pct(result.latencies, 99)}`,
);
if (!split) console.log(`event → projected (ms): p50 ${pct(projectedLag, 50)}  p99 ${pct(projectedLag, 99)}`);
console.log(`event → pushed (ms):    p50 ${pct(pushLag, 50)}  p99 ${pct(pushLag, 99)}`);

projector?.kill('SIGTERM');
if (projector) await new Promise((r) => projector!.once('exit', r));
await system.close();
process.exit(result.pushed === messages && tickets.rows[0].n === customers ? 0 : 1);
