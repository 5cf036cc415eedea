// What bench:ingest and bench:channels measure around a load, per process: queries sent (a counter on
// pg's Client.prototype.query, installed in the bench processes only), CPU seconds (process.cpuUsage,
// /proc/<pid>/stat for PostgreSQL), and the helpers that run the projections and load processes.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { testNamespace } from '../workflows/src/testing/namespace.ts';

// pg.Pool's query checks out a Client and calls Client.prototype.query: counting there sees every
// statement a process sends, pool or dedicated client (LISTEN connections included).
const UNCOUNTED = Symbol('bench uncounted');
export const queryCount = { total: 0, byText: new Map<string, number>() };
let installed = false;
export function countQueries(): void {
  if (installed) return;
  installed = true;
  // BENCH_QUERIES=1: also count by statement text, for the report's breakdown.
  const byText = !!process.env.BENCH_QUERIES;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client & { [UNCOUNTED]?: boolean }, ...args: unknown[]) {
    if (!this[UNCOUNTED]) {
      queryCount.total++;
      if (byText) {
        const q = args[0] as string | { text?: string };
        const text = (typeof q === 'string' ? q : (q?.text ?? '?'))
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, Number(process.env.BENCH_QUERY_CHARS ?? 90));
        queryCount.byText.set(text, (queryCount.byText.get(text) ?? 0) + 1);
      }
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
/** Statement texts counted so far (BENCH_QUERIES=1), as [text, count] pairs. */
export const queryTexts = () => [...queryCount.byText];
/** A client whose queries the counter skips: the bench's own sampling is not the product's work. */
export function uncountedClient(connectionString: string): pg.Client {
  const c = new pg.Client({ connectionString }) as pg.Client & { [UNCOUNTED]?: boolean };
  c[UNCOUNTED] = true;
  return c;
}

export const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const TICKS = 100; // CLK_TCK on Linux
/** utime + stime of a process in seconds, or null when it is gone. */
export function procCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS; // fields 14 and 15 of the whole line
  } catch {
    return null;
  }
}
/** A process and its children (nginx's worker does nginx's work), for CPU accounting. */
function withChildren(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}

/** CPU seconds of a process and its children (0 when it is gone or unknown). */
export const treeCpuSeconds = (pid: number | null) =>
  pid ? withChildren(pid).reduce((sum, p) => sum + (procCpuSeconds(p) ?? 0), 0) : 0;

const postgresPids = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);

/**
 * PostgreSQL's CPU during a window: every `postgres` process (shared with whatever else uses the
 * server) and the backends of one database (pg_stat_activity; this sampler's own left out). Sampled
 * every 500 ms so that a backend that exits within the window still counts up to its last sample.
 */
export async function postgresCpu(databaseUrl: string) {
  const client = uncountedClient(databaseUrl);
  await client.connect();
  const { rows } = await client.query<{ pid: number; db: string }>(
    'SELECT pg_backend_pid() AS pid, current_database() AS db',
  );
  const own = rows[0].pid;
  const start = new Map<number, number>();
  const last = new Map<number, number>();
  const ours = new Set<number>();
  // A full /proc scan only at both ends (it costs this process CPU); in between, the processes known
  // and this database's new backends.
  const known = new Set<number>();
  const sample = async (into: Map<number, number>, scan: boolean) => {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    );
    for (const r of rows) if (r.pid !== own) ours.add(r.pid);
    if (scan) for (const pid of postgresPids()) known.add(pid);
    for (const pid of ours) known.add(pid);
    for (const pid of known) {
      const s = procCpuSeconds(pid);
      if (s !== null) into.set(pid, s);
    }
  };
  await sample(start, true);
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, 500));
      if (!stopped) await sample(last, false).catch(() => {});
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await sample(last, true);
      await client.end();
      let all = 0;
      let db = 0;
      for (const [pid, s] of last) {
        if (pid === own) continue;
        const d = s - (start.get(pid) ?? 0);
        all += d;
        if (ours.has(pid)) db += d;
      }
      return { all, db };
    },
  };
}

const tsxImport = ['--import', 'tsx'];

export interface ProcessStats {
  cpu: number;
  queries: number;
  texts: [string, number][];
}

/**
 * Roles of the product in a child process (bench/role.ts), as `npm start` runs them beside the API;
 * `stats()` asks it for its CPU seconds and queries sent so far.
 */
export async function startRole(databaseUrl: string, roles: string, env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    [...tsxImport, fileURLToPath(new URL('./role.ts', import.meta.url))],
    {
      // The test system's Temporal namespace (app/src/testing/system.ts): a worker in the default one
      // never saw the runs the bench process started (bench:flows and bench:campaign measured nothing).
      env: {
        ...process.env,
        TEMPORAL_NAMESPACE: testNamespace(),
        ...env,
        DATABASE_URL: databaseUrl,
        BENCH_ROLES: roles,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${roles} exited with ${code}`)));
  });
  return {
    pid: child.pid as number,
    stats: () =>
      new Promise<ProcessStats>((resolve) => {
        child.once('message', (m) => resolve(m as ProcessStats));
        child.send('stats');
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The projections role in a child process, as `npm start` runs it. */
export const startProjector = (databaseUrl: string) => startRole(databaseUrl, 'projections');

export interface LoadConfig {
  url: string;
  token: string;
  /** Customer c always writes to connection c mod n. */
  whatsappIds: string[];
  senders: number;
  customers: number;
  agents: number;
  /** Duration mode: senders keep sending until this many seconds have passed. */
  seconds?: number;
  /** Count mode: this many messages in all. */
  messages?: number;
}
export interface LoadResult {
  accepted: number;
  failed: string[];
  failures: string[];
  /** Messages customer c sent (bodies `bench c<c> m<0..n-1>`, in that order). */
  sentPerCustomer: number[];
  sendSeconds: number;
  /** From the first send to the last push. */
  seconds: number;
  latencies: number[];
  pushed: number;
  missingPushes: number;
  duplicatePushes: number;
  pushOrderViolations: number;
  examples: string[];
  cpu: number;
}

/** Runs bench/ingest-load.ts in a process of its own and returns its measurements. */
export async function runLoad(config: LoadConfig): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    [...tsxImport, fileURLToPath(new URL('./ingest-load.ts', import.meta.url)), JSON.stringify(config)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`load process exited with ${code}`);
  return JSON.parse(out.trim().split('\n').pop()!);
}

export const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
    : Number.NaN;
};
