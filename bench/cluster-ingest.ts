/**
 * `npm run bench:cluster`: bench:ingest's load through nginx, against the multi-process deployment
 * (deploy/cluster.mjs: the Temporal server on PostgreSQL, channel and workflow workers, the
 * projections), once with 1 API process and once with 2, each on a fresh cluster. Reports messages/s,
 * inbound call → socket push latency and CPU seconds per role, and checks every message was stored and
 * pushed once, in order. Exits non-zero when a check fails.
 *
 *   BENCH_SECONDS (30), BENCH_SENDERS (64), BENCH_CUSTOMERS (500), BENCH_AGENTS (5),
 *   BENCH_APIS (1,2: the API process counts to run, in order), BENCH_PROFILE_DIR (CPU profiles of every process)
 */
import pg from 'pg';
import { freePortBase, startCluster } from '../deploy/cluster.mjs';
import { DEMO } from '../services/src/seed.ts';
import { type Check, checkPushes, checkStored, waitQuiet } from './checks.ts';
import { pct, postgresCpu, runLoad, treeCpuSeconds } from './measure.ts';

const env = (name: string, fallback: number) => Number(process.env[name] || fallback);
const seconds = env('BENCH_SECONDS', 30);
const senders = env('BENCH_SENDERS', 64);
const customers = env('BENCH_CUSTOMERS', 500);
const agents = env('BENCH_AGENTS', 5);
const apiCounts = (process.env.BENCH_APIS ?? '1,2').split(',').map(Number);
const step = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);

interface Row {
  apis: number;
  rate: number;
  p50: number;
  p99: number;
  cpu: Record<string, number>;
  checks: Check[];
}

async function run(apis: number): Promise<Row> {
  step(`starting a cluster with ${apis} API process(es)`);
  const cluster = await startCluster({
    name: `bench_cluster_${process.pid}_${apis}`,
    portBase: await freePortBase(),
    counts: { api: apis },
    web: false,
    // Only what goes wrong: 2 x 60 s of request logs would cost the API processes more than the work.
    env: { ZELO_LOG: 'false' },
    // BENCH_PROFILE_DIR: a CPU profile of every Zelo process, written when the cluster stops.
    nodeArgs: process.env.BENCH_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
      : [],
    log: (line) => {
      if (/error|exited|\[cluster\]/i.test(line)) console.error(line);
    },
  });
  const pool = new pg.Pool({ connectionString: cluster.databaseUrl });
  try {
    // The demo connection pairs once a channel worker took it.
    for (;;) {
      const { rows } = await pool.query('SELECT status FROM whatsapps WHERE id = $1', [DEMO.whatsappId]);
      if (rows[0]?.status === 'CONNECTED') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${cluster.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const cpu0 = new Map(cluster.processes.map((p) => [p.name, treeCpuSeconds(p.pid)]));
    const postgres = await postgresCpu(cluster.databaseUrl);
    step(`load: ${seconds} s, ${senders} senders, ${customers} customers, ${agents} agent sockets`);
    const result = await runLoad({
      url: cluster.apiUrl,
      token,
      whatsappIds: [DEMO.whatsappId],
      senders,
      customers,
      agents,
      seconds,
    });
    const cpu: Record<string, number> = {};
    for (const p of cluster.processes) {
      const role = p.role;
      cpu[role] = (cpu[role] ?? 0) + (treeCpuSeconds(p.pid) - (cpu0.get(p.name) ?? 0));
    }
    cpu.postgres = (await postgres.stop()).db;
    cpu.load = result.cpu;
    step(`load done: ${result.accepted} accepted; checking`);
    const behind = await waitQuiet(pool, cluster.databaseUrl);
    const checks = [...checkPushes(result), ...(await checkStored(pool, result))];
    if (behind.length) checks.push({ name: 'projections settled', ok: false, detail: behind.join(', ') });
    const l = result.latencies;
    return {
      apis,
      rate: result.accepted / result.sendSeconds,
      p50: pct(l, 50),
      p99: pct(l, 99),
      cpu,
      checks,
    };
  } finally {
    await pool.end();
    await cluster.stop();
  }
}

const rows: Row[] = [];
for (const apis of apiCounts) rows.push(await run(apis));

const per1k = (r: Row, role: string) => (((r.cpu[role] ?? 0) * 1000) / (r.rate * seconds)).toFixed(2);
console.log(
  `\n${seconds} s, ${senders} senders in flight, ${customers} customers, ${agents} agent sockets, through nginx`,
);
console.log(
  '| API processes | messages/s | push p50 | push p99 | CPU s / 1 000 msgs: api · channels · workflows · projections · nginx · temporal · postgres · load |',
);
console.log('|---|---|---|---|---|');
for (const r of rows) {
  const roles = ['api', 'channels', 'workflows', 'projections', 'nginx', 'temporal', 'postgres', 'load'];
  console.log(
    `| ${r.apis} | ${r.rate.toFixed(0)} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${roles.map((x) => per1k(r, x)).join(' · ')} |`,
  );
}
let ok = true;
for (const r of rows)
  for (const c of r.checks) {
    ok &&= c.ok;
    console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${r.apis} API: ${c.name}${c.detail ? ` — ${c.detail}` : ''}`);
  }
process.exit(ok ? 0 : 1);
