/**
 * `npm run bench:flows`: CUSTOMERS (default 200) customers walk a flow at once through the simulator —
 * the phrase, a welcome, then QUESTIONS (default 2) questions, each followed by a message using every
 * answer so far — on a fresh database as `npm start` runs it: API, channels and the Temporal worker in
 * this process, the projections in a child process, the Temporal dev server beside. Reports, for every
 * customer answer, the time until the flow's next message reached the customer's phone (p50/p95/p99/max),
 * the stages of that path, CPU per process, and checks that every phone got each of the flow's messages
 * exactly once and in order.
 *
 *   CUSTOMERS (200), QUESTIONS (2), FLOW_TIMEOUT_SECONDS (600), POLL_MS (phone polling, 50: the figures' resolution),
 *   ARRIVE_SECONDS (0: all at once; the customers' first messages spread evenly over this window),
 *   THINK_MS (0; or "2000-4000": each customer reads and types a uniformly drawn while before each answer),
 *   WORKFLOWS_APART (1: the Temporal worker in a process of its own, as `npm start` runs it; 0: beside the API)
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import pg from 'pg';
import { DEMO, startTestSystem } from '../app/src/testing/system.ts';
import { eventually } from '../services/src/testing/eventually.ts';
import { testNamespace } from '../workflows/src/testing/namespace.ts';
import {
  countQueries,
  cpuSeconds,
  postgresCpu,
  procCpuSeconds,
  queryCount,
  queryTexts,
  startProjector,
  startRole,
} from './measure.ts';
import { orderFlowGraph, orderFlowMessages } from './order-flow.ts';
import { startProfile } from './profile.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const customers = env('CUSTOMERS', 200);
const questionCount = env('QUESTIONS', 2);
const timeoutMs = env('FLOW_TIMEOUT_SECONDS', 600) * 1000;
const pollMs = env('POLL_MS', 50);
const arriveMs = env('ARRIVE_SECONDS', 0) * 1000;
const [thinkMin, thinkMax = thinkMin] = (process.env.THINK_MS ?? '0').split('-').map(Number);
const workflowsApart = process.env.WORKFLOWS_APART !== '0';
const here = workflowsApart ? 'API+channels' : 'API+channels+workflows';
const t0 = Date.now();
const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${s}`);

Runtime.install({ logger: new DefaultLogger('WARN') });
countQueries();
const temporalEnv = {
  TEMPORAL_TASK_QUEUE: `bench-flows-${randomUUID()}`,
  TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
};
const system = await startTestSystem({
  env: { ZELO_ROLES: workflowsApart ? 'api,channels' : 'api,channels,workflows', ...temporalEnv },
});
const projector = await startProjector(system.databaseUrl);
const worker = workflowsApart ? await startRole(system.databaseUrl, 'workflows', temporalEnv) : null;
const simulator = system.simulator!;
// The projections run in the child process: the seed is projected and the demo number paired soon after.
await eventually(async () => simulator.isConnected(DEMO.whatsappId), 60_000, 'the demo connection paired');
const admin = await eventually(() => system.login(DEMO.email, DEMO.password), 60_000, 'login');
const api = (method: string, path: string, body?: unknown) =>
  system.api(method, path, { token: admin.token, body });

// 1. The flow along one path, and the phrase that starts it on the demo connection.
const questions = ['nome', 'cidade', 'produto', 'quantidade', 'cor', 'tamanho'].slice(0, questionCount);
const { nodes, connections } = orderFlowGraph(questions);
const flow = await api('POST', '/flowbuilder', { name: `Bench ${nodes.length} nós` });
await api('POST', '/flowbuilder/flow', { idFlow: flow.body.id, nodes, connections });
const campaign = await api('POST', '/flowcampaign', {
  name: 'Bench',
  phrase: 'pedido bench',
  flowId: flow.body.id,
  whatsappId: DEMO.whatsappId,
});
if (campaign.status !== 201) throw new Error(`flow campaign: ${JSON.stringify(campaign.body)}`);
log(
  `flow of ${nodes.length} nodes saved; ${customers} customers start within ${arriveMs / 1000} s, ` +
    `thinking ${thinkMin}-${thinkMax} ms`,
);

// 2. The customers, all at once: the phrase, then an answer to each question as soon as it arrives.
const expected = orderFlowMessages(questions, (_, j) => `resposta-${j}`);
const latencies: number[] = [];
// The phones are watched by one query every POLL_MS on the bench's own connection: one poll per customer
// on Zelo's pool (4000 queries/s for 200 customers) queued every query of Zelo's behind the instrument.
// A customer who sees a new message then reads it on the phone (read receipts to Zelo, as before).
const phones = new pg.Pool({ connectionString: system.databaseUrl, max: 1 });
const arrived = new Map<string, number>();
let watching = true;
const watcher = (async () => {
  while (watching) {
    const { rows } = await phones.query<{ number: string; n: number }>(
      `SELECT number, count(*)::int AS n FROM sim_messages
        WHERE whatsapp_id = $1 AND direction = 'outbound' GROUP BY number`,
      [DEMO.whatsappId],
    );
    for (const r of rows) arrived.set(r.number, r.n);
    await new Promise((r) => setTimeout(r, pollMs));
  }
})();
async function walk(c: number): Promise<string[]> {
  const number = `5531${String(700000000 + c)}`;
  const from = { number, name: `Cliente ${c}` };
  const received = async () =>
    (await simulator.phoneMessages(DEMO.whatsappId, number))
      .filter((m) => m.direction === 'outbound')
      .map((m) => m.body as string);
  const until = async (n: number) => {
    for (const deadline = Date.now() + timeoutMs; ; ) {
      if ((arrived.get(number) ?? 0) >= n) {
        const got = await received();
        if (got.length >= n) return got;
      }
      if (Date.now() > deadline)
        throw new Error(`customer ${c}: ${arrived.get(number) ?? 0} of ${n} messages`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  };
  await new Promise((r) => setTimeout(r, customers > 1 ? (c / (customers - 1)) * arriveMs : 0));
  await simulator.customerSends(DEMO.whatsappId, from, 'pedido bench');
  for (const [i] of questions.entries()) {
    await until(2 + i * 2);
    await new Promise((r) => setTimeout(r, thinkMin + Math.random() * (thinkMax - thinkMin)));
    const sentAt = Date.now();
    await simulator.customerSends(DEMO.whatsappId, from, `resposta-${i}`);
    await until(3 + i * 2);
    latencies.push(Date.now() - sentAt);
  }
  await new Promise((r) => setTimeout(r, 500));
  return received();
}
// How many of Zelo's queries wait for one of its pool's connections, sampled every 100 ms.
const poolWaits: number[] = [];
const sampler = setInterval(() => poolWaits.push(system.ctx.pool.waitingCount), 100);
// CPU per process over the walk: this one (API, channels, workflows), the projections, Temporal, PostgreSQL.
const temporalPid = findProcess('temporal');
const roles0 = { projections: await projector.stats(), workflows: await worker?.stats() };
const cpu0 = {
  self: cpuSeconds(),
  projections: roles0.projections.cpu,
  workflows: roles0.workflows?.cpu ?? 0,
  temporal: temporalPid ? (procCpuSeconds(temporalPid) ?? 0) : 0,
};
const pgCpu = await postgresCpu(system.databaseUrl);
const profile = await startProfile('.server.cpuprofile');
const callers = new Map<string, number>();
if (process.env.BENCH_READERS) {
  const store = system.deps.store as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const m of ['readStream', 'readStreams']) {
    const original = store[m].bind(store);
    store[m] = (...a: unknown[]) => {
      const frames = (new Error().stack ?? '')
        .split('\n')
        .slice(2)
        .filter((f) => !/event-store|command-handler|node:internal|node_modules/.test(f))
        .slice(0, 3)
        .map((f) =>
          f
            .trim()
            .replace(/^at /, '')
            .replace(/\(?file:\/\/\/work\/main\//, '')
            .replace(/\)$/, ''),
        );
      const k = `${m} ${frames.join(' < ')}`;
      callers.set(k, (callers.get(k) ?? 0) + 1);
      return original(...a);
    };
  }
}
const walkStart = Date.now();
const queries0 = queryCount.total;
const texts0 = new Map(queryTexts());
const results = await Promise.allSettled(Array.from({ length: customers }, (_, c) => walk(c)));
const walked = Date.now() - walkStart;
await profile.stop();
const queriesSent = queryCount.total - queries0;
const topTexts = queryTexts()
  .map(([t, n]) => [t, n - (texts0.get(t) ?? 0)] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 40);
const cpuWindow = walked / 1000;
const roles1 = { projections: await projector.stats(), workflows: await worker?.stats() };
const cpu = {
  [here]: cpuSeconds() - cpu0.self,
  projections: roles1.projections.cpu - cpu0.projections,
  ...(worker ? { workflows: (roles1.workflows?.cpu ?? 0) - cpu0.workflows } : {}),
  'Temporal dev server': temporalPid ? (procCpuSeconds(temporalPid) ?? 0) - cpu0.temporal : Number.NaN,
  'PostgreSQL (all)': (await pgCpu.stop()).all,
};
clearInterval(sampler);
watching = false;
await watcher;
await phones.end();

// 3. The figures.
const failed = results.filter((r) => r.status === 'rejected');
const got = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
const same = (x: string[], y: string[]) => JSON.stringify(x) === JSON.stringify(y);
// Lost or duplicated messages fail the run; the same messages in another order on the phone are reported.
const wrong = got.filter((g) => !same([...g].sort(), [...expected].sort()));
const reordered = got.filter((g) => !same(g, expected) && same([...g].sort(), [...expected].sort()));
const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
log(`${customers} customers, ${latencies.length} replies measured (poll ${pollMs} ms)`);
log(
  `reply -> next flow message: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms`,
);
log(
  `all customers done in ${(walked / 1000).toFixed(1)} s; failed ${failed.length}, ` +
    `lost or duplicated ${wrong.length}, reordered on the phone ${reordered.length}`,
);
const waits = [...poolWaits].sort((a, b) => a - b);
log(
  `queries waiting for a pool connection: median ${waits[Math.floor(waits.length / 2)] ?? 0}, ` +
    `max ${waits.at(-1) ?? 0}`,
);
log(
  `CPU over ${cpuWindow.toFixed(0)} s, % of one core: ${Object.entries(cpu)
    .map(([k, v]) => `${k} ${((v / cpuWindow) * 100).toFixed(0)}`)
    .join(', ')}`,
);
// CPU per answer as bench:ingest counts CPU per inbound message: every process's CPU over the walk over the
// answers given (each customer's phrase and welcome ride along, so this errs high).
const cpuTotal = Object.values(cpu).reduce((a, b) => a + (Number.isNaN(b) ? 0 : b), 0);
log(
  `CPU s per 1 000 answers: ${((cpuTotal / Math.max(1, latencies.length)) * 1000).toFixed(2)} (${Object.entries(
    cpu,
  )
    .map(([k, v]) => `${k} ${((v / Math.max(1, latencies.length)) * 1000).toFixed(2)}`)
    .join(', ')})`,
);
log(
  `queries sent by ${here}: ${queriesSent} (${(queriesSent / Math.max(1, latencies.length)).toFixed(1)} per answer, ` +
    `the phrase and the welcome included)`,
);
if (process.env.BENCH_QUERIES) for (const [t, n] of topTexts) console.log(`  ${String(n).padStart(6)}  ${t}`);
// The other processes' queries over the walk, and (BENCH_QUERIES=1) their most sent statements.
for (const role of ['projections', 'workflows'] as const) {
  const [a, b] = [roles0[role], roles1[role]];
  if (!a || !b) continue;
  log(
    `queries sent by ${role}: ${((b.queries - a.queries) / Math.max(1, latencies.length)).toFixed(1)} per answer`,
  );
  if (!process.env.BENCH_QUERIES) continue;
  const before = new Map(a.texts);
  const top = b.texts.map(([t, n]) => [t, n - (before.get(t) ?? 0)] as const).sort((x, y) => y[1] - x[1]);
  for (const [t, n] of top.slice(0, 10)) console.log(`  ${String(n).padStart(6)}  ${t}`);
}
for (const f of failed.slice(0, 3)) console.log(' ', (f as PromiseRejectedResult).reason?.message);
for (const w of [...wrong, ...reordered].slice(0, 2)) console.log('  got', JSON.stringify(w));
for (const [k, n] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`  ${String(n).padStart(6)} ${k}`);
await traceStages();
await temporalStages();
await worker?.stop();
await projector.stop();
await system.close();
process.exit(failed.length + wrong.length > 0 ? 1 : 0);

/**
 * Where each measured reply spent its time, read from the bench's database before it is dropped: the
 * customer's message on the simulator → InboundMessageReceived appended → TicketVariableSet (dispatcher,
 * signal, workflow, activity) → the next TicketAutomationReplied (the workflow's next activity) →
 * OutboundMessageQueued (the same write, since the run queues its replies itself) → on the phone (outbound
 * projection, channel worker, send). Each column: the step's own time, p50 / p99 in ms.
 */
async function traceStages() {
  const stages = [
    'inbound',
    'dispatch_to_variable',
    'variable_to_reply',
    'reply_queued',
    'projection_and_send',
    'total',
  ];
  const db = new pg.Pool({ connectionString: system.databaseUrl, max: 1 });
  try {
    const { rows } = await db.query<Record<string, number>>(
      // Personal fields are sealed in the store: the path is followed by ids (WhatsApp message ids, the
      // ticket, the step, the messages the step named), never by text.
      `WITH k(i, key) AS (SELECT * FROM unnest($1::int[], $2::text[])),
       sent AS (
         SELECT m.number, k.i, k.key, m.wa_message_id, m.created_at AS at FROM sim_messages m
           JOIN k ON m.body = 'resposta-' || k.i WHERE m.direction = 'inbound'),
       path AS (
         SELECT s.number, s.i, s.at AS t0, inb.created_at AS t1,
                (SELECT created_at FROM es_events WHERE type = 'TicketVariableSet'
                    AND stream_id = 'ticket-' || (inb.data->>'ticketId') AND data->>'key' = s.key) AS t2,
                rep.created_at AS t3, q.created_at AS t4,
                (SELECT created_at FROM sim_messages o WHERE o.wa_message_id = q.data->>'waMessageId') AS t5
           FROM sent s
           JOIN es_events inb ON inb.type = 'InboundMessageReceived' AND inb.data->>'waMessageId' = s.wa_message_id
           LEFT JOIN es_events rep ON rep.type = 'TicketAutomationReplied'
            AND rep.stream_id = 'ticket-' || (inb.data->>'ticketId') AND rep.data->>'stepId' = 'm-' || s.key || ':1'
           LEFT JOIN es_events q ON q.stream_id = 'message-' || (rep.data->'messageIds'->>0)
            AND q.type = 'OutboundMessageQueued'),
       d AS (
         SELECT extract(epoch FROM t1 - t0) * 1000 AS inbound,
                extract(epoch FROM t2 - t1) * 1000 AS dispatch_to_variable,
                extract(epoch FROM t3 - t2) * 1000 AS variable_to_reply,
                extract(epoch FROM t4 - t3) * 1000 AS reply_queued,
                extract(epoch FROM t5 - t4) * 1000 AS projection_and_send,
                extract(epoch FROM t5 - t0) * 1000 AS total
           FROM path)
       SELECT count(*)::int AS n,
         ${stages
           .map(
             (c) =>
               `round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${c}))::int AS ${c}_p50,
                round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ${c}))::int AS ${c}_p99`,
           )
           .join(',\n')}
         FROM d`,
      [questions.map((_, i) => i), questions],
    );
    const r = rows[0];
    log(`stages of ${r.n} replies (ms, p50 / p99):`);
    for (const c of stages)
      console.log(
        `  ${c.padEnd(22)} ${String(r[`${c}_p50`]).padStart(7)} / ${String(r[`${c}_p99`]).padStart(7)}`,
      );
  } catch (err) {
    console.log('  stage trace failed:', (err as Error).message);
  } finally {
    await db.end();
  }
}

/** The pid of the first process whose command name is `name` (the Temporal dev server), if any. */
function findProcess(name: string): number | null {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name) return Number(d);
    } catch {}
  }
  return null;
}

/**
 * Temporal's side of the answers, from the histories of up to 100 runs, answer by answer: the answer's
 * append → its signal (the chatbot reactor) → the workflow task it caused started (schedule-to-start)
 * → the task's local activity done (core's marker) → the task completed; and the answer's append →
 * the run's next append (TicketVariableSet, inside that local activity). Also how many workflow tasks,
 * activities and local activities each answer cost.
 */
async function temporalStages() {
  const { Client, Connection } = await import('@temporalio/client');
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  const client = new Client({ connection, namespace: testNamespace() });
  const db = new pg.Pool({ connectionString: system.databaseUrl, max: 1 });
  try {
    const { rows } = await db.query<{ run: string }>(
      `SELECT data->>'runId' AS run FROM es_events WHERE type = 'TicketAutomationStarted' LIMIT 100`,
    );
    /** One answer's path through Temporal, by the customer message its signal carried. */
    type Path = { signalled: number; started?: number; localDone?: number; completed?: number };
    const paths = new Map<string, Path>();
    let answers = 0;
    let tasks = 0;
    let activities = 0;
    let locals = 0;
    const ms = (t: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
      Number(t?.seconds ?? 0) * 1000 + (t?.nanos ?? 0) / 1e6;
    for (const { run } of rows) {
      const history = await client.workflow.getHandle(`automation-${run}`).fetchHistory();
      let current: Path | null = null;
      let waiting: Path | null = null;
      for (const e of history.events ?? []) {
        const at = ms(e.eventTime);
        const signal = e.workflowExecutionSignaledEventAttributes;
        if (signal?.signalName === 'customerMessage') {
          const payload = signal.input?.payloads?.[0]?.data;
          const path = { signalled: at };
          if (payload) paths.set(JSON.parse(Buffer.from(payload).toString()).messageId, path);
          waiting = path;
          answers++;
        }
        if (e.workflowTaskStartedEventAttributes) {
          current = waiting;
          waiting = null;
          if (current) current.started = at;
        }
        if (answers === 0) continue;
        if (e.workflowTaskCompletedEventAttributes) {
          tasks++;
          // Its local activities' markers follow this event: `current` stays until the next task.
          if (current) current.completed = at;
        }
        if (e.activityTaskScheduledEventAttributes) activities++;
        if (e.markerRecordedEventAttributes?.markerName === 'core_local_activity') {
          locals++;
          const data = e.markerRecordedEventAttributes.details?.data?.payloads?.[0]?.data;
          const marker = data ? JSON.parse(Buffer.from(data).toString()) : null;
          if (marker?.complete_time && current && current.localDone === undefined)
            current.localDone = ms(marker.complete_time);
        }
      }
    }
    // The answers' appends, and each one's next TicketVariableSet on its ticket (the local activity's).
    const { rows: appended } = await db.query<{ id: string; t1: Date; t2: Date | null }>(
      `SELECT i.data->>'messageId' AS id, i.created_at AS t1,
              (SELECT min(v.created_at) FROM es_events v WHERE v.stream_id = 'ticket-' || (i.data->>'ticketId')
                  AND v.type = 'TicketVariableSet' AND v.global_position > i.global_position) AS t2
         FROM es_events i
        WHERE i.type = 'InboundMessageReceived' AND i.data->>'messageId' = ANY($1)`,
      [[...paths.keys()]],
    );
    const q = (xs: number[], p: number) => {
      const sorted = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
      return Math.round(
        sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN,
      );
    };
    const stage = (name: string, of: (p: Path, t1: number, t2: number) => number | undefined) => {
      const xs = appended.map((r) => {
        const p = paths.get(r.id);
        const x = p ? of(p, r.t1.getTime(), r.t2?.getTime() ?? Number.NaN) : undefined;
        return x === undefined ? Number.NaN : x;
      });
      console.log(`  ${name.padEnd(30)} ${String(q(xs, 50)).padStart(7)} / ${String(q(xs, 99)).padStart(7)}`);
    };
    const minus = (a: number | undefined, b: number | undefined) =>
      a === undefined || b === undefined ? undefined : a - b;
    if (process.env.BENCH_TRACE)
      for (const r of appended.slice(0, 5))
        console.log(r.id, r.t1.getTime(), r.t2?.getTime(), JSON.stringify(paths.get(r.id)));
    log(`Temporal, ${answers} answers of ${rows.length} runs, each answer's own path (ms, p50 / p99):`);
    stage('answer appended → signalled', (p, t1) => p.signalled - t1);
    stage('signalled → task started', (p) => minus(p.started, p.signalled));
    stage('task started → local act. done', (p) => minus(p.localDone, p.started));
    stage('local act. done → task done', (p) => minus(p.completed, p.localDone));
    stage('answer appended → run appended', (_, t1, t2) => t2 - t1);
    const per = (n: number) => (answers ? (n / answers).toFixed(2) : '?');
    console.log(
      `  per answer: ${per(tasks)} workflow tasks, ${per(activities)} activities, ${per(locals)} local activities`,
    );
  } catch (err) {
    console.log('  Temporal trace failed:', (err as Error).message);
  } finally {
    await db.end();
    await connection.close();
  }
}
