/**
 * Channel worker benchmark: many simulator connections in one channel worker. The product runs on a
 * fresh database as bench/ingest.ts runs it (API in this process, projections in a child process);
 * this process then starts one channel worker over N connections and measures:
 *  - resident memory per connection: RSS and used heap (after a full GC) before and after the worker
 *    opened every session, divided by N;
 *  - inbound throughput: simulated customers writing concurrently across the N connections (the load
 *    side of bench/ingest.ts, bench/ingest-load.ts, in its own process), messages per second and the
 *    latency from the inbound call to an agent's socket push.
 * A simulator session is a few entries in a Set; a Baileys session is a WebSocket with its Signal
 * keys and caches, far heavier: these figures are the worker's own overhead, not a WhatsApp socket's.
 * Then the same measurements and checks as bench:ingest (bench/report.ts): queries per message and
 * CPU seconds per 1 000 messages per process, stored and pushed once, in order, one ticket per
 * customer, read models equal to a fresh replay; exits non-zero when a check fails.
 * Usage: npm run bench:channels -- [connections=50] [senders=50] [customers=500]
 *   BENCH_MESSAGES=3000 (default; count mode) or BENCH_SECONDS=n (duration mode), BENCH_REPLAY=0
 */
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { DEMO, startTestSystem } from '../app/src/testing/system.ts';
import { ChannelWorker } from '../services/src/channels/worker.ts';
import { runConnectionCommand } from '../services/src/connections/handlers.ts';
import { newId } from '../services/src/platform/ids.ts';
import { eventually } from '../services/src/testing/eventually.ts';
import { countQueries, runLoad, startProjector } from './measure.ts';
import { printReport, window } from './report.ts';

const [connections = 50, sendersArg = 50, customers = 500] = process.argv.slice(2).map(Number);
const senders = Math.min(sendersArg, customers);
const seconds = Number(process.env.BENCH_SECONDS) || undefined;
const messages = seconds ? undefined : Number(process.env.BENCH_MESSAGES) || 3000;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.error('(run with --expose-gc for steadier memory figures)');

// The API alone here (its simulator serves the customers' side and will be the worker's adapter, as
// in `npm start`); the projections in a child process, as bench/ingest.ts runs them.
countQueries();
const system = await startTestSystem({ env: { ZELO_ROLES: 'api' } });
const projector = await startProjector(system.databaseUrl);
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

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const rows: [string, string][] = [
  [
    'connections (simulator)',
    `${connections} in one channel worker, all open in ${connectSeconds.toFixed(1)} s`,
  ],
  ['RSS before → after', `${mb(before.rss)} → ${mb(after.rss)}`],
  ['RSS per connection', kb((after.rss - before.rss) / connections)],
  ['heap used before → after', `${mb(before.heap)} → ${mb(after.heap)}`],
  ['heap per connection', kb((after.heap - before.heap) / connections)],
];
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);

const report = await window(
  {
    label: `${seconds ? `${seconds} s` : `${messages} messages`}, ${senders} senders in flight, ${customers} customers over ${connections} connections, 1 agent socket`,
    senders,
    customers,
    databaseUrl: system.databaseUrl,
    projector,
    stopApi: async () => {
      await worker.stop();
      await system.close({ keepDatabase: true });
    },
  },
  () =>
    runLoad({ url: system.url, token, whatsappIds: ids, senders, customers, agents: 1, seconds, messages }),
);
console.log();
printReport(report);
process.exit(report.ok ? 0 : 1);
