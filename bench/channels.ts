/**
 * Channel worker benchmark: many simulator connections in one channel worker. The product runs on a
 * fresh database as bench/ingest.ts runs it (API in this process, projections in a child process);
 * this process then starts one channel worker over N connections and measures:
 *  - resident memory per connection: RSS and used heap (after a full GC) before and after the worker
 *    opened every session, divided by N;
 *  - inbound throughput: simulated customers writing concurrently across the N connections (the load
 *    side of bench/ingest.ts, in its own process), messages per second until stored, projected and
 *    pushed to an agent's socket.
 * A simulator session is a few entries in a Set; a Baileys session is a WebSocket with its Signal
 * keys and caches, far heavier: these figures are the worker's own overhead, not a WhatsApp socket's.
 * Usage: npm run bench:channels -- [connections=50] [messages=3000] [concurrency=50] [customers=500]
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { DEMO, startTestSystem } from '../app/src/testing/system.ts';
import { ChannelWorker } from '../services/src/channels/worker.ts';
import { runConnectionCommand } from '../services/src/connections/handlers.ts';
import { newId } from '../services/src/platform/ids.ts';
import { eventually } from '../services/src/testing/eventually.ts';

const [connections = 50, messages = 3000, concurrency = 50, customers = 500] = process.argv
  .slice(2)
  .map(Number);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.error('(run with --expose-gc for steadier memory figures)');

// The API alone here (its simulator serves the customers' side and will be the worker's adapter, as
// in `npm start`); the projections in a child process, as bench/ingest.ts runs them.
const system = await startTestSystem({ env: { ZELO_ROLES: 'api' } });
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const projector = spawn(tsx, [fileURLToPath(new URL('./projector.ts', import.meta.url))], {
  env: { ...process.env, DATABASE_URL: system.databaseUrl },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((r) => projector.stdout!.once('data', r));
const { deps, ctx } = system;
const simulator = system.simulator!;

// The demo connection and N - 1 more, projected before the worker starts.
const ids = [DEMO.whatsappId];
for (let i = 1; i < connections; i++) {
  const whatsappId = newId();
  await runConnectionCommand(
    deps,
    {
      type: 'CreateConnection',
      companyId: DEMO.companyId,
      whatsappId,
      token: newId(),
      fields: { ...defaultConnectionSettings, name: `Bench ${i}`, isDefault: false, provider: 'simulator' },
    },
    { companyId: DEMO.companyId, actor: 'system:bench' },
  );
  ids.push(whatsappId);
}
await eventually(
  async () => (await ctx.pool.query('SELECT count(*)::int AS n FROM whatsapps')).rows[0].n === connections,
  60_000,
  'connections projected',
);
const { token } = await eventually(() => system.login(DEMO.email, DEMO.password), 30_000, 'login');

const memory = async () => {
  for (let i = 0; i < 3; i++) gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};
const before = await memory();
const startedAt = performance.now();
const worker = new ChannelWorker(deps, ctx.pool, system.databaseUrl, (p) =>
  p === 'simulator' ? simulator : undefined,
);
await worker.start();
await eventually(async () => ids.every((id) => simulator.isConnected(id)), 60_000, 'every session open');
const connectSeconds = (performance.now() - startedAt) / 1000;
await eventually(
  async () =>
    (await ctx.pool.query(`SELECT count(*)::int AS n FROM whatsapps WHERE status = 'CONNECTED'`)).rows[0]
      .n === connections,
  60_000,
  'every connection shown CONNECTED',
);
const after = await memory();

const load = fileURLToPath(new URL('./ingest-load.ts', import.meta.url));
const { stdout } = await promisify(execFile)(
  tsx,
  [load, system.url, token, ids.join(','), ...[messages, concurrency, 1, customers].map(String)],
  { maxBuffer: 64 * 1024 * 1024 },
);
const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
  pushed: number;
  seconds: number;
  latencies: number[];
};
const stored = (await ctx.pool.query('SELECT count(*)::int AS n FROM messages')).rows[0].n as number;
const tickets = (
  await ctx.pool.query('SELECT count(*)::int AS n, count(DISTINCT whatsapp_id)::int AS c FROM tickets')
).rows[0];

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const pct = (p: number) => {
  const s = [...result.latencies].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(0) : 'n/a';
};
const rows: [string, string][] = [
  [
    'connections (simulator)',
    `${connections} in one channel worker, all open in ${connectSeconds.toFixed(1)} s`,
  ],
  ['RSS before → after', `${mb(before.rss)} → ${mb(after.rss)}`],
  ['RSS per connection', kb((after.rss - before.rss) / connections)],
  ['heap used before → after', `${mb(before.heap)} → ${mb(after.heap)}`],
  ['heap per connection', kb((after.heap - before.heap) / connections)],
  ['inbound load', `${messages} messages, ${customers} customers, ${concurrency} concurrent senders`],
  ['stored / pushed', `${stored} / ${result.pushed}${result.pushed < messages ? '  (MISSING)' : ''}`],
  ['tickets / connections used', `${tickets.n} / ${tickets.c}`],
  [
    'throughput',
    `${(result.pushed / result.seconds).toFixed(0)} messages/s over ${result.seconds.toFixed(1)} s`,
  ],
  ['inbound → push (ms)', `p50 ${pct(50)}  p95 ${pct(95)}  p99 ${pct(99)}`],
];
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);

await worker.stop();
projector.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
await system.close();
process.exit(result.pushed === messages && tickets.n === customers ? 0 : 1);
