/**
 * Campaign throughput at interval 0, and whether it starves the agents. The product runs on a fresh
 * database as `npm start` runs it: API and channels in this process, the projections and the workflows
 * (the real Temporal worker and campaign runtime) each in a child process (WORKFLOWS_APART=0: the
 * workflows in this process). Then:
 *  - N simulator connections, and N contact lists of R/N phones each, registered on the simulated
 *    network (POST /simulator/phones) and imported as a generated .xlsx (POST /contact-lists/{id}/upload),
 *    until WhatsApp (the simulator) has called every number valid;
 *  - campaign settings messageInterval 0, longerIntervalAfter 0;
 *  - a steady inbound load (bench/campaign-load.ts, its own process: customers writing at RATE messages/s
 *    over the N connections, an admin socket timing inbound → push), first alone (the baseline), then
 *    while one campaign per connection, scheduled a few seconds ahead, sends to its list.
 * Reports campaign messages/s (queued = shipments recorded, delivered = the phone's receipt), the time to
 * FINALIZADA, inbound p50/p95/p99 in the baseline and during the campaigns, CPU per process, and checks
 * that every phone got exactly one campaign message (the simulator's phones, the event store).
 *
 *   BENCH_PHASES=throughput npm run bench:campaign
 *   CAMPAIGN_RECIPIENTS (total, default 5000; the 10000 takes ~20 min here), CAMPAIGN_CONNECTIONS (10), INBOUND_RATE (messages/s, 50),
 *   INBOUND_CUSTOMERS (200), BASELINE_SECONDS (30), CAMPAIGN_TIMEOUT_SECONDS (1800),
 *   DELIVERY_WAIT_SECONDS (60: how long the report's delivered counter may lag after FINALIZADA)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { DEMO, startTestSystem } from '../app/src/testing/system.ts';
import { runConnectionCommand } from '../services/src/connections/handlers.ts';
import { newId } from '../services/src/platform/ids.ts';
import { eventually } from '../services/src/testing/eventually.ts';
import { countQueries, type ProcessStats, queryCount, queryTexts, startRole } from './measure.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const connections = env('CAMPAIGN_CONNECTIONS', 10);
const total = env('CAMPAIGN_RECIPIENTS', 5_000);
const perList = Math.floor(total / connections);
const rate = env('INBOUND_RATE', 50);
const customers = env('INBOUND_CUSTOMERS', 200);
const baselineSeconds = env('BASELINE_SECONDS', 30);
const timeoutSeconds = env('CAMPAIGN_TIMEOUT_SECONDS', 1800);
const recipients = perList * connections;
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const log = (s: string) => console.log(`[${since()}] ${s}`);

Runtime.install({ logger: new DefaultLogger('WARN') });
// Every query this process sends from now on is counted (BENCH_QUERIES=1: by statement too).
countQueries();
// As `npm start` runs it: the Temporal worker in a process of its own (WORKFLOWS_APART=0: beside the API).
const workflowsApart = process.env.WORKFLOWS_APART !== '0';
const taskQueue = `bench-campaign-${randomUUID()}`;
const system = await startTestSystem({
  env: {
    ZELO_ROLES: workflowsApart ? 'api,channels' : 'api,channels,workflows',
    TEMPORAL_TASK_QUEUE: taskQueue,
  },
});
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const projector = await startRole(system.databaseUrl, 'projections');
const workflows = workflowsApart
  ? await startRole(system.databaseUrl, 'workflows', { TEMPORAL_TASK_QUEUE: taskQueue })
  : null;
const { deps, ctx } = system;
const pool = ctx.pool;
const simulator = system.simulator!;
// biome-ignore lint/suspicious/noExplicitAny: SQL rows, typed where read
const q = async <T = any>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[];

// 1. The connections: the demo one and N - 1 more, each paired by this process's channel worker.
const whatsappIds = [DEMO.whatsappId];
for (let i = 1; i < connections; i++) {
  const whatsappId = newId();
  await runConnectionCommand(
    deps,
    {
      type: 'CreateConnection',
      companyId: DEMO.companyId,
      whatsappId,
      token: newId(),
      fields: {
        ...defaultConnectionSettings,
        name: `Campanha ${i}`,
        isDefault: false,
        provider: 'simulator',
      },
    },
    { companyId: DEMO.companyId, actor: 'system:bench' },
  );
  whatsappIds.push(whatsappId);
}
await eventually(
  async () =>
    whatsappIds.every((id) => simulator.isConnected(id)) &&
    (await q(`SELECT count(*)::int AS n FROM whatsapps WHERE status = 'CONNECTED'`))[0].n === connections,
  120_000,
  'every connection CONNECTED',
);
const { token } = await eventually(() => system.login(DEMO.email, DEMO.password), 30_000, 'login');
const call = async (method: string, path: string, body?: unknown) => {
  const r = await system.api(method, path, { token, body });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};
log(`${connections} connections paired`);

// 2. The phones on the simulated network, and one contact list per connection imported from a .xlsx.
const phone = (k: number) => `55219${String(k).padStart(8, '0')}`;
const numbers = Array.from({ length: recipients }, (_, k) => phone(k));
{
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < numbers.length) {
        const k = next++;
        await call('POST', '/simulator/phones', { number: numbers[k], name: `Cliente ${k}` });
      }
    }),
  );
}
log(`${recipients} phones registered on the simulator`);
await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
const lists: string[] = [];
const UPLOAD_CAP = 5_000;
for (let c = 0; c < connections; c++) {
  const listId = (await call('POST', '/contact-lists', { name: `Lista ${c + 1}` })).id as string;
  lists.push(listId);
  for (let from = c * perList; from < (c + 1) * perList; from += UPLOAD_CAP) {
    const rows = numbers
      .slice(from, Math.min(from + UPLOAD_CAP, (c + 1) * perList))
      .map((n, j) => [`Cliente ${from + j} Silva`, n, '']);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['nome', 'numero', 'email'], ...rows]), 'C');
    const form = new FormData();
    form.append('file', new Blob([XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })]), 'lista.xlsx');
    const res = await fetch(`${system.url}/contact-lists/${listId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const answer = await res.json();
    if (res.status !== 200 || answer.errorBag.length > 0)
      throw new Error(`upload: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  }
}
for (const deadline = Date.now() + 600_000; ; ) {
  const [{ n }] = await q(`SELECT count(*)::int AS n FROM contact_list_items WHERE is_whatsapp_valid = true`);
  if (n === recipients) break;
  if (Date.now() > deadline) throw new Error(`only ${n} of ${recipients} numbers WhatsApp-valid in 600 s`);
  await new Promise((r) => setTimeout(r, 1_000));
}
log(`${connections} lists of ${perList} imported, every number WhatsApp-valid`);

// CPU time per process (ticks from /proc): this process, the projections, the load, PostgreSQL (every
// database of the server: other jobs on the machine count too), the Temporal dev server, the machine.
const clockTicks = 100;
function cpuSample() {
  const byPid = new Map<number, { ppid: number; comm: string; ticks: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      byPid.set(Number(d), { ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) });
    } catch {}
  }
  const under = (root: number | undefined) => {
    if (!root) return 0;
    let sum = 0;
    for (const [pid, p] of byPid) {
      for (let up: number | undefined = pid; up && up > 1; up = byPid.get(up)?.ppid) {
        if (up === root) {
          sum += p.ticks;
          break;
        }
      }
    }
    return sum;
  };
  const byComm = (test: (c: string) => boolean) =>
    [...byPid.values()].filter((p) => test(p.comm)).reduce((a, p) => a + p.ticks, 0);
  const all = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const ticks: Record<string, number> = {
    [workflowsApart ? 'zelo: api, channels' : 'zelo: api, channels, workflows']:
      byPid.get(process.pid)?.ticks ?? 0,
    'zelo: projections': under(projector.pid),
    ...(workflows ? { 'zelo: workflows': under(workflows.pid) } : {}),
    'inbound load + admin socket': under(load?.pid),
    postgresql: byComm((c) => c === 'postgres'),
    'temporal dev server': byComm((c) => c.startsWith('temporal')),
    'machine (2 cores)': all[0] + all[1] + all[2] + all[4] + all[5] + all[6],
  };
  return { at: Date.now(), ticks };
}
type Cpu = ReturnType<typeof cpuSample>;
const cpuBetween = (a: Cpu, b: Cpu) => {
  const s = (b.at - a.at) / 1000;
  return Object.fromEntries(
    Object.keys(a.ticks).map((k) => [
      k,
      `${(((b.ticks[k] - a.ticks[k]) / clockTicks / s) * 100).toFixed(0)} %`,
    ]),
  );
};

// 3. The inbound load, first alone.
let load: ChildProcess | undefined;
load = spawn(
  tsx,
  [
    fileURLToPath(new URL('./campaign-load.ts', import.meta.url)),
    system.url,
    token,
    whatsappIds.join(','),
    String(rate),
    String(customers),
  ],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const loadLines = createInterface({ input: load.stdout! });
const loadResult = new Promise<string>((resolve) => {
  let last = '';
  loadLines.on('line', (l) => {
    last = l;
  });
  load!.once('exit', () => resolve(last));
});
await new Promise<void>((r) => loadLines.once('line', () => r()));
log(`inbound load: ${rate} messages/s from ${customers} customers; warm-up (first contacts)`);
await new Promise((r) => setTimeout(r, (customers / rate) * 1000 + 5_000));
const baselineCpu0 = cpuSample();
const baselineFrom = Date.now();
await new Promise((r) => setTimeout(r, baselineSeconds * 1000));
const baselineTo = Date.now();
const baselineCpu = cpuBetween(baselineCpu0, cpuSample());
log(`baseline done (${baselineSeconds} s)`);

/** Queries sent so far by each product process (the inbound load's share included). */
async function queriesNow(): Promise<Record<string, ProcessStats>> {
  const here = { cpu: 0, queries: queryCount.total, texts: queryTexts() };
  const out: Record<string, ProcessStats> = { 'api, channels': here, projections: await projector.stats() };
  if (workflows) out.workflows = await workflows.stats();
  return out;
}

// 4. One campaign per connection, a few seconds ahead.
const scheduledAt = new Date(Date.now() + 5_000).toISOString();
const campaigns: string[] = [];
for (let c = 0; c < connections; c++) {
  const made = await call('POST', '/campaigns', {
    name: `Campanha ${c + 1}`,
    message1: 'Olá {nome}, esta é a campanha da semana!',
    message2: 'Oi {firstName}, temos novidades para você.',
    message3: '',
    message4: '',
    message5: '',
    whatsappId: whatsappIds[c],
    scheduledAt,
    contactListId: lists[c],
    tagListId: '',
    fileListId: '',
    status: 'PROGRAMADA',
    companyId: DEMO.companyId,
  });
  campaigns.push(made.id);
}
log(`${connections} campaigns PROGRAMADA for ${scheduledAt}`);
const campaignCpu0 = cpuSample();
const queries0 = await queriesNow();
const timeline: { s: number; sent: number; delivered: number; failed: number; done: number }[] = [];
const counters = async () =>
  (
    await q(
      `SELECT coalesce(sum(sent),0)::int AS sent, coalesce(sum(delivered),0)::int AS delivered,
              coalesce(sum(failed),0)::int AS failed,
              count(*) FILTER (WHERE status = 'FINALIZADA')::int AS done
         FROM campaigns WHERE id = ANY($1::uuid[])`,
      [campaigns],
    )
  )[0] as { sent: number; delivered: number; failed: number; done: number };
const scheduledMs = Date.parse(scheduledAt);
for (let lastLog = 0; ; ) {
  await new Promise((r) => setTimeout(r, 2_000));
  const c = await counters();
  const s = (Date.now() - scheduledMs) / 1000;
  timeline.push({ s, ...c });
  if (s - lastLog >= 30) {
    lastLog = s;
    log(`sent ${c.sent}, delivered ${c.delivered}, failed ${c.failed}, FINALIZADA ${c.done}/${connections}`);
  }
  if (c.done === connections) break;
  if (s > timeoutSeconds) {
    log(`timeout: ${c.done} of ${connections} FINALIZADA after ${timeoutSeconds} s`);
    break;
  }
}
const campaignsTo = Date.now();
const campaignCpu = cpuBetween(campaignCpu0, cpuSample());
const queries1 = await queriesNow();
load.stdin!.write('stop\n');
const inbound = JSON.parse(await loadResult) as {
  late: number;
  failures: string[];
  failureCount: number;
  samples: [number, number | null, number | null][];
};
const deliveryWait = env('DELIVERY_WAIT_SECONDS', 60);
await eventually(
  async () => (await counters()).delivered >= recipients,
  deliveryWait * 1000,
  'deliveries',
).catch(() => log(`not every delivery recorded within ${deliveryWait} s of the end`));
await new Promise((r) => setTimeout(r, 3_000)); // anything sent late would show now

// 5. The figures.
const span = (
  await q(
    `SELECT extract(epoch FROM min(sent_at)) * 1000 AS first_sent, extract(epoch FROM max(sent_at)) * 1000 AS last_sent,
            extract(epoch FROM max(delivered_at)) * 1000 AS last_delivered,
            count(*) FILTER (WHERE status IN ('sent', 'delivered'))::int AS sent,
            count(*) FILTER (WHERE delivered_at IS NOT NULL)::int AS delivered,
            count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM campaign_shipments WHERE campaign_id = ANY($1::uuid[])`,
    [campaigns],
  )
)[0];
const finished = await q<{ completed_at: Date | null; status: string }>(
  `SELECT status, completed_at FROM campaigns WHERE id = ANY($1::uuid[]) ORDER BY completed_at`,
  [campaigns],
);
const phones = (
  await q(
    `SELECT count(*)::int AS n, extract(epoch FROM max(created_at)) * 1000 AS last
       FROM sim_messages WHERE direction = 'outbound' AND number = ANY($1::text[])`,
    [numbers],
  )
)[0];
const atFinish = timeline.at(-1)!;
const firstSent = Number(span.first_sent);
const lastSent = Number(span.last_sent);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(0) : 'n/a';
};
const window = (from: number, to: number) => {
  const inIt = inbound.samples.filter(([wall]) => wall >= from && wall < to);
  const lat = inIt.map(([, l]) => l).filter((l): l is number => l !== null);
  const stored = inIt.map(([, , a]) => a).filter((a): a is number => a !== null);
  return {
    n: inIt.length,
    missing: inIt.length - lat.length,
    text: `p50 ${pct(lat, 50)}  p95 ${pct(lat, 95)}  p99 ${pct(lat, 99)}  max ${pct(lat, 100)} ms`,
    stored: `p50 ${pct(stored, 50)}  p99 ${pct(stored, 99)} ms`,
    rate: inIt.length / ((to - from) / 1000),
  };
};
const base = window(baselineFrom, baselineTo);
const during = window(firstSent, lastSent);
// The busiest and quietest 10 s of queueing, from the counters' timeline.
const rates: number[] = [];
for (let i = 0, j = 0; i < timeline.length; i++) {
  while (j < timeline.length && timeline[j].s - timeline[i].s < 10) j++;
  if (j < timeline.length)
    rates.push((timeline[j].sent - timeline[i].sent) / (timeline[j].s - timeline[i].s));
}
const running = rates.filter((r) => r > 0);

// 6. Exactly one campaign message per phone, on its campaign's connection.
const expected = new Map(numbers.map((n, k) => [n, whatsappIds[Math.floor(k / perList)]]));
const got = await q<{ number: string; whatsapp_id: string; n: number }>(
  `SELECT number, whatsapp_id, count(*)::int AS n FROM sim_messages
    WHERE direction = 'outbound' AND number = ANY($1::text[]) GROUP BY number, whatsapp_id`,
  [numbers],
);
const perPhone = new Map<string, number>();
let wrongConnection = 0;
for (const g of got) {
  perPhone.set(g.number, (perPhone.get(g.number) ?? 0) + g.n);
  if (expected.get(g.number) !== g.whatsapp_id) wrongConnection += g.n;
}
const none = numbers.filter((n) => !perPhone.has(n)).length;
const twice = [...perPhone.values()].filter((n) => n > 1).length;
const events = (
  await q(
    `SELECT count(*)::int AS n, count(DISTINCT (stream_id, data->>'index'))::int AS d FROM es_events
      WHERE type = 'CampaignMessageQueued' AND stream_id = ANY($1::text[])`,
    [campaigns.map((id) => `campaign-${id}`)],
  )
)[0];
const correct =
  none === 0 && twice === 0 && wrongConnection === 0 && events.n === recipients && events.d === recipients;

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rows: [string, string][] = [
  ['campaigns', `${connections} (one per simulator connection), ${perList} recipients each, interval 0`],
  [
    'inbound load',
    `${rate} messages/s offered from ${customers} customers over the ${connections} connections`,
  ],
  [
    'queued (shipments recorded)',
    `${span.sent} in ${sec(lastSent - firstSent)}: ${(span.sent / ((lastSent - firstSent) / 1000)).toFixed(1)} messages/s`,
  ],
  [
    'queued, 10 s windows',
    running.length
      ? `${Math.min(...running).toFixed(1)} – ${Math.max(...running).toFixed(1)} messages/s`
      : 'n/a',
  ],
  [
    'reached the phones (simulator)',
    `${phones.n}, last ${sec(Number(phones.last) - firstSent)} after the first send: ${(phones.n / ((Number(phones.last) - firstSent) / 1000)).toFixed(1)} messages/s`,
  ],
  ['delivered counter when all FINALIZADA', `${atFinish.delivered} of ${atFinish.sent} sent`],
  [
    'delivered (report counter, deliveredAt)',
    `${span.delivered}, last ${sec(Number(span.last_delivered) - firstSent)} after the first send: ${(span.delivered / ((Number(span.last_delivered) - firstSent) / 1000)).toFixed(1)} messages/s`,
  ],
  ['failed', String(span.failed)],
  ['scheduled → first message', sec(firstSent - scheduledMs)],
  [
    'scheduled → FINALIZADA',
    finished.every((f) => f.completed_at)
      ? `first ${sec(finished[0].completed_at!.getTime() - scheduledMs)}, all ${connections} ${sec(finished.at(-1)!.completed_at!.getTime() - scheduledMs)}`
      : `${finished.filter((f) => f.status === 'FINALIZADA').length} of ${connections} FINALIZADA`,
  ],
  [
    'inbound → push, baseline',
    `${base.text}  (${base.n} messages, ${base.rate.toFixed(0)}/s sent, ${base.missing} not pushed; the call answered ${base.stored})`,
  ],
  [
    'inbound → push, during',
    `${during.text}  (${during.n} messages, ${during.rate.toFixed(0)}/s sent, ${during.missing} not pushed; the call answered ${during.stored})`,
  ],
  ['inbound sends late (> 100 ms) / failed', `${inbound.late} / ${inbound.failureCount}`],
  [
    'CPU, baseline',
    Object.entries(baselineCpu)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  ],
  [
    'CPU, campaigns',
    Object.entries(campaignCpu)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  ],
  [
    'one message per phone',
    `${correct ? 'yes' : 'NO'}: ${perPhone.size} phones reached, ${none} without, ${twice} twice, ${wrongConnection} on another connection; ${events.n} CampaignMessageQueued events for ${events.d} recipients`,
  ],
];
// Queries per campaign message during the campaign phase (the inbound load's share included: about
// `rate` × seconds of inbound work rides along).
const perMessage = (name: string) =>
  ((queries1[name].queries - queries0[name].queries) / Math.max(1, span.sent)).toFixed(1);
rows.push([
  'queries per campaign message',
  Object.keys(queries1)
    .map((name) => `${name} ${perMessage(name)}`)
    .join(', '),
]);
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
if (inbound.failures.length) console.log('inbound failures:', inbound.failures);
if (process.env.BENCH_QUERIES)
  for (const name of Object.keys(queries1)) {
    const before = new Map(queries0[name].texts);
    const top = queries1[name].texts
      .map(([text, n]): [string, number] => [text, (n - (before.get(text) ?? 0)) / Math.max(1, span.sent)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14);
    console.log(`\nqueries per campaign message, ${name} (BENCH_QUERIES)`);
    for (const [text, n] of top) console.log(`  ${n.toFixed(2).padStart(6)}  ${text}`);
  }
console.log(`(the run took ${since()}; campaign phase ${sec(campaignsTo - scheduledMs)})`);

await workflows?.stop();
await projector.stop();
await system.close();
process.exit(correct ? 0 : 1);
