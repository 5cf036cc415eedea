/**
 * Reports benchmark (issue 24): GET /reports/ over a year of a busy company, per grouping, on the
 * bench:lists data (100 000 tickets of one company over a year, 20 agents, 5 queues). That data is
 * built by bench/ticket-list.ts itself (run here with BENCH_KEEP=1), or taken from BENCH_DB. The
 * reports' read model is then filled the realistic way: each ticket's history as events (ticket-list's
 * tickets with their status, agent, queue and contact, spread over the last year; report-history.ts)
 * run through the reports projection (and the tags one), with the company's opening hours set first;
 * the SLA clocks from the same answers (a 30-minute first, a
 * 15-minute next response and an 8-hour resolution target on every queue). Times the query
 * (reportView, as the route runs it) and, with BENCH_HTTP=1, the route and its CSV; p50/p95/p99 in ms.
 * Usage: npm run bench:reports   (BENCH_RUNS=30; BENCH_DB=<url> reuses a database bench:lists filled,
 *        BENCH_KEEP=1 keeps the one built and prints its url)
 */

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { allMigrations, startZelo } from '../app/src/system.ts';
import type { ReportGroupBy } from '../contracts/src/reports/api.ts';
import * as b from '../contracts/src/testing/events.ts';
import { defaultWeeklyHours } from '../contracts/src/weekly-hours.ts';
import { reportsProjectionIn } from '../projections/src/reports/projection.ts';
import { reportView } from '../projections/src/reports/queries.ts';
import { applyToGroup, type ProjectionEvent } from '../projections/src/runner.ts';
import { tagsProjection } from '../projections/src/tags/tags.ts';
import { loadConfig } from '../services/src/platform/config.ts';
import { createPool, dropDatabase } from '../services/src/platform/db.ts';
import { migrate } from '../services/src/platform/migrate.ts';
import { hashPassword } from '../services/src/users/password.ts';
import { type ListTicket, ticketHistory } from './report-history.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ZONE = 'America/Sao_Paulo';
const GROUPS: ReportGroupBy[] = ['day', 'hour', 'agent', 'queue', 'connection', 'tag'];

/** The bench:lists database: given, or built by bench/ticket-list.ts and kept. */
async function listsDatabase(): Promise<string> {
  if (process.env.BENCH_DB) return process.env.BENCH_DB;
  console.error('building the bench:lists data (bench/ticket-list.ts)…');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./ticket-list.ts', import.meta.url))],
    {
      env: { ...process.env, BENCH_KEEP: '1', BENCH_RUNS: '1', BENCH_HTTP: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
    process.stderr.write(d);
  });
  const code = await new Promise((r) => child.once('exit', r));
  const url = /database kept: (\S+)/.exec(err)?.[1];
  if (code !== 0 || !url) throw new Error(`bench/ticket-list.ts failed (exit ${code})`);
  return url;
}

const url = await listsDatabase();
const pool = createPool(url, 12);
await migrate(pool, allMigrations);
const company = (await pool.query(`SELECT md5('company' || 1)::uuid AS id`)).rows[0].id as string;
const tickets = Number(
  (await pool.query('SELECT count(*)::int AS n FROM tickets WHERE company_id = $1', [company])).rows[0].n,
);
if (tickets === 0) throw new Error(`${url} holds no bench:lists data`);

async function fill() {
  console.error('filling the reports read model from each ticket’s events…');
  const t0 = performance.now();
  const projection = reportsProjectionIn(ZONE);
  const apply = (events: ProjectionEvent[]) =>
    applyToGroup(
      pool,
      [projection, tagsProjection].map((p) => ({ projection: p, events })),
      { lock: false },
    );
  const agents = (
    await pool.query('SELECT id FROM users WHERE company_id = $1 ORDER BY id', [company])
  ).rows.map((r) => r.id as string);
  const tags = Array.from({ length: 8 }, (_, i) =>
    b.tagCreated({ companyId: company, name: `Assunto ${i + 1}` }),
  );
  const setup = [b.companySchedulesChanged({ companyId: company, schedules: defaultWeeklyHours }), ...tags];
  const at = new Date(Date.now() - 400 * 86_400_000).toISOString();
  await apply(
    setup.map((e, i) => ({
      ...e,
      id: `setup-${i}`,
      metadata: { companyId: company, actor: 'bench', correlationId: 'setup', at },
      streamId: 'bench-setup',
      streamRevision: i,
      position: '0',
    })) as ProjectionEvent[],
  );
  const tagIds = tags.map((t) => t.data.tagId);
  const { rows } = await pool.query(
    `SELECT row_number() OVER (ORDER BY created_at, id)::int AS n, count(*) OVER ()::int AS of, id, status,
            user_id AS "userId", queue_id AS "queueId", contact_id AS "contactId", whatsapp_id AS "whatsappId"
       FROM tickets WHERE company_id = $1 ORDER BY created_at, id`,
    [company],
  );
  let events: ProjectionEvent[] = [];
  let count = 0;
  for (const t of rows as ListTicket[]) {
    events.push(...ticketHistory(company, t, agents, tagIds));
    if (events.length >= 5_000) {
      count += events.length;
      await apply(events);
      events = [];
    }
  }
  count += events.length;
  await apply(events);
  const projected = (performance.now() - t0) / 1000;
  console.error(
    `  ${count} events through the projection in ${projected.toFixed(0)} s (${(count / projected).toFixed(0)}/s)`,
  );
  await slaClocks();
  await pool.query('VACUUM ANALYZE report_openings, report_responses, sla_clocks, ticket_tags');
}

/** A clock per measured wait and per resolution, met or breached by the same business seconds. */
async function slaClocks() {
  const t0 = performance.now();
  const clocks = (target: string, minutes: number, rows: string) => `
    INSERT INTO sla_clocks (company_id, ticket_id, clock_id, target, policy_id, queue_id, whatsapp_id, user_id,
                            started_at, due_at, warn_at, stopped_at, warned_at, breached_at, cancelled)
    SELECT company_id, ticket_id, clock_id, '${target}', md5('policy' || queue_id)::uuid, queue_id, whatsapp_id, user_id,
           started_at, started_at + interval '${minutes} minutes', started_at + interval '${minutes * 0.8} minutes',
           stopped_at, CASE WHEN secs > ${minutes * 48} THEN started_at + interval '${minutes * 0.8} minutes' END,
           CASE WHEN secs > ${minutes * 60} THEN started_at + interval '${minutes} minutes' END, false
      FROM (${rows}) r WHERE queue_id IS NOT NULL`;
  await pool.query(
    clocks(
      'firstResponse',
      30,
      `SELECT company_id, ticket_id, 'firstResponse:' || opening AS clock_id, queue_id, whatsapp_id, user_id,
              customer_at AS started_at, answered_at AS stopped_at, secs
         FROM report_responses WHERE company_id = '${company}' AND kind = 'first'`,
    ),
  );
  await pool.query(
    clocks(
      'nextResponse',
      15,
      `SELECT company_id, ticket_id, 'nextResponse:' || message_id AS clock_id, queue_id, whatsapp_id, user_id,
              customer_at AS started_at, answered_at AS stopped_at, secs
         FROM report_responses WHERE company_id = '${company}' AND kind = 'next'`,
    ),
  );
  await pool.query(
    clocks(
      'resolution',
      480,
      `SELECT company_id, ticket_id, 'resolution:' || opening AS clock_id, queue_id, whatsapp_id, user_id,
              opened_at AS started_at, closed_at AS stopped_at, resolution_secs AS secs
         FROM report_openings WHERE company_id = '${company}' AND resolution_secs IS NOT NULL`,
    ),
  );
  console.error(`  SLA clocks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const filled = (
  await pool.query('SELECT count(*)::int AS n FROM report_openings WHERE company_id = $1', [company])
).rows[0].n;
if (filled === 0) await fill();
const sizes = await pool.query(
  `SELECT (SELECT count(*) FROM report_openings WHERE company_id = $1)::int AS openings,
          (SELECT count(*) FROM report_responses WHERE company_id = $1)::int AS responses,
          (SELECT count(*) FROM sla_clocks WHERE company_id = $1)::int AS clocks`,
  [company],
);

function stats(samples: number[]) {
  const s = [...samples].sort((a, c) => a - c);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)].toFixed(0);
  return { p50: at(50), p95: at(95), p99: at(99) };
}
async function time(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run(); // warm the cache and the connections
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  const r = stats(samples);
  console.log(`| ${label} | ${r.p50} | ${r.p95} | ${r.p99} |`);
}

const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + offset * 86_400_000);
const [from, to] = [day(-365), day(0)];
const { openings, responses, clocks } = sizes.rows[0];
console.log(
  `\nA year (${from} to ${to}): ${openings} openings, ${responses} answered waits, ${clocks} SLA clocks`,
);
console.log(`${RUNS} runs each, ms\n`);
console.log('| GET /reports/ groupBy | p50 | p95 | p99 |\n|---|---|---|---|');
for (const groupBy of GROUPS)
  await time(groupBy, () => reportView(pool, { companyId: company, from, to, groupBy, timeZone: ZONE }));
await time('agent, filtered by a queue', () =>
  reportView(pool, {
    companyId: company,
    from,
    to,
    groupBy: 'agent',
    queueId: md5Id('queue', 2),
    timeZone: ZONE,
  }),
);

function md5Id(kind: string, n: number) {
  // As bench/ticket-list.ts makes its ids: md5(kind || n) read as a uuid.
  const hex = createHash('md5').update(`${kind}${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Through HTTP: the API alone on this database, as the list's admin (agent 1).
if (process.env.BENCH_HTTP) {
  const password = 'bench123';
  await pool.query('UPDATE users SET password_hash = $1 WHERE id = $2', [
    await hashPassword(password),
    md5Id('user', 1),
  ]);
  const zelo = await startZelo(
    loadConfig({
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      ZELO_ROLES: 'api',
      ZELO_LOG: 'false',
      ZELO_SEED_DEMO: 'false',
    }),
  );
  const login = await fetch(`${zelo.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agent1@bench.test', password }),
  });
  const { token } = (await login.json()) as { token: string };
  const get = (path: string) => async () => {
    const res = await fetch(`${zelo.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  console.log('\nThrough HTTP (one client, same machine), ms\n');
  console.log('| request | p50 | p95 | p99 |\n|---|---|---|---|');
  await time('GET /reports/?groupBy=day', get(`/reports/?from=${from}&to=${to}`));
  await time('GET /reports/?groupBy=agent', get(`/reports/?from=${from}&to=${to}&groupBy=agent`));
  await time('GET /reports/export/?groupBy=day', get(`/reports/export/?from=${from}&to=${to}`));
  await zelo.stop();
}

await pool.end();
if (process.env.BENCH_KEEP || process.env.BENCH_DB) console.error(`database kept: ${url}`);
else await dropDatabase(url);
