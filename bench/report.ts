// The measured window around a bench load (queries, CPU per process), the checks after it, and the
// report bench:ingest and bench:channels print.
import pg from 'pg';
import { dropDatabase } from '../services/src/platform/db.ts';
import {
  type Check,
  checkPushes,
  checkReplay,
  checkStored,
  type ReplayResult,
  replayExclusions,
  waitQuiet,
} from './checks.ts';
import {
  cpuSeconds,
  type LoadResult,
  pct,
  postgresCpu,
  queryCount,
  queryTexts,
  type startProjector,
} from './measure.ts';
import { startProfile } from './profile.ts';

export interface RunReport {
  label: string;
  senders: number;
  customers: number;
  accepted: number;
  sendSeconds: number;
  /** From the first send to the last push. */
  seconds: number;
  latency: { p50: number; p95: number; p99: number; max: number; n: number };
  pushLag?: { p50: number; p99: number };
  projectedLag?: { p50: number; p99: number };
  /** Queries sent during the load, per process (null: not a process of its own). */
  queries: { api: number; projections: number | null };
  /** CPU seconds during the load, per process. */
  cpu: { api: number; projections: number | null; postgresDb: number; postgresAll: number; load: number };
  /** BENCH_QUERIES=1: the statements sent most during the load, per message, per process. */
  topQueries?: { api: [string, number][]; projections: [string, number][] };
  checks: Check[];
  replay: ReplayResult[] | null;
  ok: boolean;
}

// Progress on stderr, so that a minute-long run shows what it is doing.
const step = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
/** The statements counted most between two snapshots, per message. */
const top = (before: [string, number][], after: [string, number][], messages: number) => {
  const was = new Map(before);
  return after
    .map(([t, n]): [string, number] => [t, (n - (was.get(t) ?? 0)) / messages])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12);
};
const lag = (xs?: number[]) => (xs?.length ? { p50: pct(xs, 50), p99: pct(xs, 99) } : undefined);

/**
 * Runs `load` with every process's CPU and queries sampled before and after it, then waits for the
 * projections to settle, checks what was stored, stops the product (`stopProduct`, keeping the
 * database), compares every read model with a fresh replay (unless BENCH_REPLAY=0) and drops the
 * database.
 */
export async function window(
  o: {
    label: string;
    senders: number;
    customers: number;
    databaseUrl: string;
    projector: Awaited<ReturnType<typeof startProjector>> | null;
    /** Stops the API and channels, keeping the database. */
    stopApi: () => Promise<void>;
  },
  load: () => Promise<LoadResult>,
  lags: { projectedLag?: number[]; pushLag?: number[] } = {},
): Promise<RunReport> {
  // BENCH_PROFILE=<file.cpuprofile>: a CPU profile of this process (API and channels) during the load.
  const profile = await startProfile();
  step(`load: ${o.label}`);
  const api0 = cpuSeconds();
  const q0 = queryCount.total;
  const t0 = queryTexts();
  const p0 = await o.projector?.stats();
  const postgres = await postgresCpu(o.databaseUrl);
  const result = await load();
  const api1 = cpuSeconds();
  const q1 = queryCount.total;
  const t1 = queryTexts();
  const p1 = await o.projector?.stats();
  const pgCpu = await postgres.stop();
  await profile.stop();

  step(`load done: ${result.accepted} messages accepted; waiting for the projections to settle`);
  // A pool of the bench's own: the product's closes with it, and the checks outlive it.
  const pool = new pg.Pool({ connectionString: o.databaseUrl });
  let replay: ReplayResult[] | null = null;
  const checks: Check[] = [];
  try {
    const behind = await waitQuiet(pool, o.databaseUrl);
    step('checking what was stored');
    checks.push(...checkPushes(result), ...(await checkStored(pool, result)));
    if (behind.length)
      checks.push({
        name: 'projections settled',
        ok: false,
        detail: `behind after 60 s: ${behind.join(', ')}`,
      });
    // The API and channels stop first (a channel worker records its sessions' end), then the
    // projections catch up with that and stop too: the replay starts from the events they applied.
    await o.stopApi();
    if (o.projector) {
      await waitQuiet(pool, o.databaseUrl);
      await o.projector.stop();
    }
    if (process.env.BENCH_REPLAY !== '0') {
      step('comparing every read model with a fresh replay');
      replay = await checkReplay(pool, o.databaseUrl);
    }
  } finally {
    await pool.end();
  }
  await dropDatabase(o.databaseUrl);

  const l = result.latencies;
  const ok = checks.every((c) => c.ok) && (replay ?? []).every((r) => r.equal);
  return {
    label: o.label,
    senders: o.senders,
    customers: o.customers,
    accepted: result.accepted,
    sendSeconds: result.sendSeconds,
    seconds: result.seconds,
    latency: { p50: pct(l, 50), p95: pct(l, 95), p99: pct(l, 99), max: pct(l, 100), n: l.length },
    pushLag: lag(lags.pushLag),
    projectedLag: lag(lags.projectedLag),
    queries: { api: q1 - q0, projections: p0 && p1 ? p1.queries - p0.queries : null },
    cpu: {
      api: api1 - api0,
      projections: p0 && p1 ? p1.cpu - p0.cpu : null,
      postgresDb: pgCpu.db,
      postgresAll: pgCpu.all,
      load: result.cpu,
    },
    topQueries: process.env.BENCH_QUERIES
      ? {
          api: top(t0, t1, result.accepted),
          projections: top(p0?.texts ?? [], p1?.texts ?? [], result.accepted),
        }
      : undefined,
    checks,
    replay,
    ok,
  };
}

const ms = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(0));
const rate = (r: RunReport) => r.accepted / r.sendSeconds;
const perMessage = (n: number | null, r: RunReport) => (n === null ? 'n/a' : (n / r.accepted).toFixed(1));
const per1k = (s: number | null, r: RunReport) => (s === null ? 'n/a' : ((s * 1000) / r.accepted).toFixed(2));

export function printReport(r: RunReport) {
  const rows: [string, string][] = [
    ['run', r.label],
    [
      'messages/s',
      `${rate(r).toFixed(0)} (${r.accepted} accepted in ${r.sendSeconds.toFixed(1)} s; last push at ${r.seconds.toFixed(1)} s: ${(r.accepted / r.seconds).toFixed(0)}/s end to end)`,
    ],
    [
      'inbound → push (ms)',
      `p50 ${ms(r.latency.p50)}  p95 ${ms(r.latency.p95)}  p99 ${ms(r.latency.p99)}  max ${ms(r.latency.max)}  (${r.latency.n} pushes timed)`,
    ],
  ];
  if (r.projectedLag)
    rows.push(['event → projected (ms)', `p50 ${ms(r.projectedLag.p50)}  p99 ${ms(r.projectedLag.p99)}`]);
  if (r.pushLag) rows.push(['event → pushed (ms)', `p50 ${ms(r.pushLag.p50)}  p99 ${ms(r.pushLag.p99)}`]);
  const q = r.queries;
  rows.push([
    'queries per message',
    `API+channels ${perMessage(q.api, r)}  projections ${perMessage(q.projections, r)}  (${q.api + (q.projections ?? 0)} queries in all)`,
  ]);
  const c = r.cpu;
  rows.push([
    'CPU s per 1 000 messages',
    `API+channels ${per1k(c.api, r)}  projections ${per1k(c.projections, r)}  PostgreSQL ${per1k(c.postgresDb, r)} (all postgres processes ${per1k(c.postgresAll, r)})  load ${per1k(c.load, r)}`,
  ]);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  for (const [proc, list] of Object.entries(r.topQueries ?? {})) {
    console.log(`\nqueries per message, ${proc === 'api' ? 'API+channels' : proc} process (BENCH_QUERIES)`);
    for (const [t, n] of list) console.log(`  ${n.toFixed(2).padStart(6)}  ${t}`);
  }
  console.log('\ncorrectness');
  for (const ch of r.checks) console.log(`  ${ch.ok ? 'ok  ' : 'FAIL'}  ${ch.name}: ${ch.detail}`);
  if (r.replay) {
    console.log(`\nread models vs a fresh replay (left out: ${replayExclusions().join('; ') || 'nothing'})`);
    for (const p of r.replay) {
      console.log(
        `  ${p.equal ? 'ok  ' : 'DIFF'}  ${p.projection} (${p.rows} rows, rebuilt in ${p.seconds.toFixed(1)} s)`,
      );
      for (const d of p.diffs.slice(0, 6)) console.log(`          ${d}`);
      if (p.diffs.length > 6) console.log(`          … ${p.diffs.length - 6} more`);
    }
  } else console.log('\nread models vs a fresh replay: skipped (BENCH_REPLAY=0)');
  console.log(`\n== summary ==\n${summaryLine(r)}`);
}

export function summaryLine(r: RunReport) {
  const failed = [
    ...r.checks.filter((c) => !c.ok).map((c) => c.name),
    ...(r.replay ?? []).filter((p) => !p.equal).map((p) => `replay ${p.projection}`),
  ];
  const c = r.cpu;
  return [
    `${String(r.senders).padStart(3)} senders, ${r.customers} customers: ${rate(r).toFixed(0)} messages/s over ${r.sendSeconds.toFixed(0)} s`,
    `inbound → push p50/p95/p99/max ${ms(r.latency.p50)}/${ms(r.latency.p95)}/${ms(r.latency.p99)}/${ms(r.latency.max)} ms`,
    `queries/message API ${perMessage(r.queries.api, r)} + projections ${perMessage(r.queries.projections, r)}`,
    `CPU s/1 000 messages API ${per1k(c.api, r)}, projections ${per1k(c.projections, r)}, PostgreSQL ${per1k(c.postgresDb, r)}, load ${per1k(c.load, r)}`,
    failed.length
      ? `FAILED: ${failed.join(', ')}`
      : `correct (${r.checks.length} checks${r.replay ? `, ${r.replay.length} replays` : ''})`,
  ].join(' | ');
}
