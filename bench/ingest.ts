/**
 * Inbound ingest benchmark. The product runs on a fresh database as `npm start` runs it (API and
 * simulator channel in this process, projections in a child process); another process plays the
 * simulated customers and the agents (bench/ingest-load.ts): `senders` customers in flight at once,
 * each sending its messages one after another through the simulator's inbound call, while agents'
 * sockets listen. Reports messages/s, inbound call → socket push latency, queries per message and CPU
 * seconds per 1 000 messages per process, then checks that every message was stored and pushed once,
 * in order per ticket, one ticket per customer, and that every read model equals a fresh replay.
 * Exits non-zero when a check fails.
 *
 * Usage: npm run bench:ingest -- [senders=8] [customers=500] [agents=5]
 *   BENCH_SECONDS=60     senders keep sending for this long (default 60)
 *   BENCH_MESSAGES=n     count mode instead: n messages in all
 *   BENCH_SENDERS, BENCH_CUSTOMERS, BENCH_AGENTS  the same as the arguments
 *   BENCH_SWEEP=1        one run at 8, 32 and 128 senders, each on a fresh database, then a table
 *   BENCH_REPLAY=0       skip the replay comparison (it rebuilds every projection)
 *   BENCH_QUERIES=1      also list the statements each process sent most, per message
 *   BENCH_QUERY_CHARS=n  how much of each listed statement to show (default 90)
 *   BENCH_SINGLE=1       every role in this one process; BENCH_PROFILE=<file> CPU profiles
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEMO, startTestSystem } from '../app/src/testing/system.ts';
import { dropDatabase } from '../services/src/platform/db.ts';
import { countQueries, runLoad, startProjector } from './measure.ts';
import { printReport, type RunReport, summaryLine, window } from './report.ts';

const args = process.argv.slice(2).map(Number);
const env = (name: string, fallback: number) => Number(process.env[name] || fallback);
const customers = args[1] || env('BENCH_CUSTOMERS', 500);
// A customer has one message in flight at most: more senders than customers would wait.
const senders = Math.min(args[0] || env('BENCH_SENDERS', 8), customers);
const agents = args[2] || env('BENCH_AGENTS', 5);
const messages = env('BENCH_MESSAGES', 0) || undefined;
const seconds = messages ? undefined : env('BENCH_SECONDS', 60);

if (process.env.BENCH_SWEEP) {
  const reports: RunReport[] = [];
  let failed = false;
  for (const n of [8, 32, 128]) {
    const file = `${tmpdir()}/bench-ingest-${process.pid}-${n}.json`;
    console.log(`\n### ${n} senders in flight`);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), String(n), String(customers), String(agents)],
      { stdio: 'inherit', env: { ...process.env, BENCH_SWEEP: '', BENCH_RESULT: file } },
    );
    const code = await new Promise((r) => child.once('exit', r));
    failed ||= code !== 0;
    try {
      reports.push(JSON.parse(readFileSync(file, 'utf8')));
      rmSync(file);
    } catch {
      console.log(`(no result from the run at ${n} senders: exit code ${code})`);
    }
  }
  console.log('\n== sweep ==');
  for (const r of reports) console.log(summaryLine(r));
  process.exit(failed ? 1 : 0);
}

// Before the product starts: every query this process sends from now on is counted.
countQueries();
// By default the projections run in a process of their own, as `npm start` and docker-compose run
// them; BENCH_SINGLE=1 puts every role in this one process.
const split = !process.env.BENCH_SINGLE;
const system = await startTestSystem(split ? { env: { ZELO_ROLES: 'api,channels' } } : {});
const projector = split ? await startProjector(system.databaseUrl) : null;
// The channel worker pairs the demo connection once the projector has projected it.
while (!system.simulator?.isConnected(DEMO.whatsappId)) await new Promise((r) => setTimeout(r, 50));
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

const report = await window(
  {
    label: `${seconds ? `${seconds} s` : `${messages} messages`}, ${senders} senders in flight, ${customers} customers, ${agents} agent sockets${split ? '' : ', every role in one process'}`,
    senders,
    customers,
    databaseUrl: system.databaseUrl,
    projector,
    stopApi: () => system.close({ keepDatabase: true }),
  },
  () =>
    runLoad({
      url: system.url,
      token,
      whatsappIds: [DEMO.whatsappId],
      senders,
      customers,
      agents,
      seconds,
      messages,
    }),
  { projectedLag: split ? undefined : projectedLag, pushLag },
).catch(async (err) => {
  // Leave no process or database behind (the close may already have happened).
  console.error(err);
  await projector?.stop();
  await system.close().catch(() => {});
  await dropDatabase(system.databaseUrl).catch(() => {});
  process.exit(1);
});
printReport(report);
if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(report));
process.exit(report.ok ? 0 : 1);
