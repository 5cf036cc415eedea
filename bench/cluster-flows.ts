/**
 * `npm run bench:cluster-flows`: flow customers against the multi-process deployment (deploy/cluster.mjs:
 * the Temporal server on PostgreSQL, nginx, 2 API, 2 channel and 2 workflow processes, the projections),
 * as issue 44 found 79 of 200 of them left waiting. RUNS walks (default 2) one after another on the same
 * cluster, each of CUSTOMERS (200) customers arriving within ARRIVE_SECONDS (20) and thinking THINK_MS
 * ("2000-4000") before each answer. Reports, per walk: answer → next flow message (p50/p99/max), customers
 * who got every message once and in order, runs left waiting, workflow tasks that timed out, CPU per role.
 * Exits non-zero when a customer is left waiting or a message is lost or duplicated. BENCH_RUNNING=1 walks
 * the deployment `npm run start:cluster` runs (left running; its CPU not counted).
 */
import { appendFileSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { createFlow, type FlowCustomer, startFlowCustomers } from '../deploy/chaos/automation.ts';
import { loginAdmin } from '../deploy/chaos/http.ts';
import { clusterPorts, freePortBase, startCluster } from '../deploy/cluster.mjs';
import { DEMO } from '../services/src/seed.ts';
import { pct, postgresCpu, treeCpuSeconds } from './measure.ts';
import { seededRandom } from './seeded-random.ts';

const env = (name: string, fallback: number) => Number(process.env[name] || fallback);
const runs = env('RUNS', 2);
const customers = env('CUSTOMERS', 200);
const arriveMs = env('ARRIVE_SECONDS', 20) * 1000;
const [thinkMin, thinkMax] = (process.env.THINK_MS ?? '2000-4000').split('-').map(Number);
const step = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);

/**
 * The walk's flow runs (started since `since`): how many still run (each waits for a customer), and
 * their workflow tasks that timed out or failed, read from every run's history.
 */
async function flowRuns(client: Client, since: Date) {
  const query = `WorkflowType='ticketAutomationWorkflow' AND StartTime >= '${since.toISOString()}'`;
  let running = 0;
  let timedOut = 0;
  let failedTasks = 0;
  let total = 0;
  for await (const w of client.workflow.list({ query })) {
    total++;
    const history = await client.workflow.getHandle(w.workflowId, w.runId).fetchHistory();
    const events = (history.events ?? []) as unknown as Record<string, unknown>[];
    if (w.status.name === 'RUNNING') {
      running++;
      console.log(`  still running: ${w.workflowId}\n${describeHistory(events)}`);
    }
    const timeouts = events.filter((e) => e.workflowTaskTimedOutEventAttributes).length;
    if (timeouts > 0 && timedOut === 0 && process.env.BENCH_SHOW_TIMEOUT)
      console.log(`  a run whose task timed out: ${w.workflowId}\n${describeHistory(events)}`);
    timedOut += timeouts;
    failedTasks += events.filter((e) => e.workflowTaskFailedEventAttributes).length;
  }
  return { total, running, timedOut, failedTasks };
}

let slowTasks = 0;
/**
 * BENCH_RUNNING=1: the deployment `npm run start:cluster` runs (its fixed ports and database), left
 * running afterwards; its processes' CPU is not counted. Otherwise a fresh cluster of this bench's own.
 */
const running = process.env.BENCH_RUNNING === '1';
const runningCluster = () => {
  const ports = clusterPorts(8100);
  return {
    apiUrl: `http://127.0.0.1:${ports.api}`,
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/zelo_cluster',
    temporalAddress: `127.0.0.1:${ports.temporal}`,
    processes: [] as { name: string; role: string; pid: number | null }[],
    stop: async () => {},
  };
};
const cluster = running
  ? runningCluster()
  : await startCluster({
      name: `bench_flows_${process.pid}`,
      portBase: await freePortBase(),
      web: false,
      env: { ZELO_LOG: 'false' },
      // BENCH_NODE_ARGS: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for every Zelo process.
      nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
      log: (line) => {
        if (process.env.BENCH_LOG) appendFileSync(process.env.BENCH_LOG, `${line}\n`);
        if (/TMPRL1104|Task not found/i.test(line)) slowTasks++;
        if (/error|exited|\[cluster\]/i.test(line) && !/TMPRL1104/.test(line)) console.error(line);
      },
    });
// Walks on a deployment that already had some use numbers and flows of their own.
const invocation = running ? Math.floor(Date.now() / 1000) % 1000 : 0;
const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
const connection = await Connection.connect({ address: cluster.temporalAddress });
const temporal = new Client({ connection });
let failed = false;
try {
  for (;;) {
    const { rows } = await pool.query('SELECT status FROM whatsapps WHERE id = $1', [DEMO.whatsappId]);
    if (rows[0]?.status === 'CONNECTED') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const api = await loginAdmin(cluster.apiUrl);
  const random = seededRandom(Number(process.env.BENCH_SEED ?? 44));
  for (let run = 1; run <= runs; run++) {
    const flow = await createFlow(api, DEMO.whatsappId, `B${invocation}x${run}`);
    const cpu0 = new Map(cluster.processes.map((p) => [p.name, treeCpuSeconds(p.pid)]));
    const postgres = await postgresCpu(cluster.databaseUrl);
    const warned0 = slowTasks;
    const started = Date.now();
    const startedAt = new Date(started - 1_000);
    step(
      `walk ${run}: ${customers} customers within ${arriveMs / 1000} s, thinking ${thinkMin}-${thinkMax} ms`,
    );
    const walk = startFlowCustomers({
      apiUrl: cluster.apiUrl,
      databaseUrl: cluster.databaseUrl,
      whatsappId: DEMO.whatsappId,
      flow,
      customers,
      startWithinMs: arriveMs,
      thinkMs: [thinkMin, thinkMax],
      random,
      tag: `B${invocation}x${run}`,
      firstCustomer: (invocation * runs + run - 1) * customers,
      stepTimeoutMs: 60_000,
      pollMs: 50,
    });
    await walk.done;
    const seconds = (Date.now() - started) / 1000;
    const cpu: Record<string, number> = {};
    for (const p of cluster.processes)
      cpu[p.role] = (cpu[p.role] ?? 0) + (treeCpuSeconds(p.pid) - (cpu0.get(p.name) ?? 0));
    cpu.postgres = (await postgres.stop()).db;
    const got = await phones(walk.customers);
    const exact = walk.customers.filter((c) => same(got.get(c.number) ?? [], flow.expected(c.customer)));
    const stuck = walk.customers.filter((c) => !c.finished);
    const latencies = walk.customers.flatMap((c) => c.latencies);
    // Left waiting: 10 s after the walk, with the machine idle, a run that still waits is one too many.
    await new Promise((r) => setTimeout(r, 10_000));
    const runsOf = await flowRuns(temporal, startedAt);
    const waiting = runsOf.running;
    const answers = latencies.length;
    console.log(
      `walk ${run}: ${exact.length}/${customers} phones got every message once, in order; ${stuck.length} stuck ` +
        `(${stuck
          .slice(0, 3)
          .map((c) => `${c.number}: ${c.error}`)
          .join('; ')}); ${waiting} of ${runsOf.total} runs still running 10 s after; ` +
        `answer → next message p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${pct(latencies, 100)} ms ` +
        `(${answers} answers in ${seconds.toFixed(0)} s); workflow tasks timed out ${runsOf.timedOut}, failed ` +
        `${runsOf.failedTasks}; slow-task warnings in the logs ${slowTasks - warned0}`,
    );
    console.log(
      `  CPU s: ${Object.entries(cpu)
        .map(([role, s]) => `${role} ${s.toFixed(1)}`)
        .join(' · ')}`,
    );
    if (exact.length !== customers || stuck.length > 0 || waiting > 0) failed = true;
  }
} finally {
  await pool.end();
  await connection.close();
  await cluster.stop();
}
process.exit(failed ? 1 : 0);

/** A waiting run's history, one line an event, with the signals' messages and the local activities' results. */
function describeHistory(events: { eventType?: unknown; [k: string]: unknown }[]): string {
  const text = (p: unknown) => {
    const data = (p as { payloads?: { data?: Uint8Array }[] } | undefined)?.payloads?.[0]?.data;
    return data ? Buffer.from(data).toString('utf8').slice(0, 300) : '';
  };
  return events
    .map((e) => {
      const name = Object.keys(e).find((k) => k.endsWith('EventAttributes')) ?? '?';
      const a = e[name] as Record<string, unknown>;
      const detail =
        name === 'workflowExecutionSignaledEventAttributes'
          ? `${a.signalName} ${text(a.input)}`
          : name === 'markerRecordedEventAttributes'
            ? `${a.markerName} ${text((a.details as Record<string, unknown>)?.result)}`
            : '';
      const t = e.eventTime as { seconds?: { toNumber(): number } | number; nanos?: number } | undefined;
      const at = t ? (Number(t.seconds) * 1000 + Math.floor((t.nanos ?? 0) / 1e6)) % 100_000 : 0;
      return `    ${(at / 1000).toFixed(3)} ${name.replace('EventAttributes', '')} ${detail}`;
    })
    .join('\n');
}

function same(a: string[], b: string[]) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What each phone shows from the business, in order. */
async function phones(cs: FlowCustomer[]): Promise<Map<string, string[]>> {
  const { rows } = await pool.query<{ number: string; body: string }>(
    `SELECT number, body FROM sim_messages WHERE whatsapp_id = $1 AND direction = 'outbound' AND number = ANY($2)
      ORDER BY id`,
    [DEMO.whatsappId, cs.map((c) => c.number)],
  );
  const got = new Map<string, string[]>();
  for (const r of rows) got.set(r.number, [...(got.get(r.number) ?? []), r.body]);
  return got;
}
