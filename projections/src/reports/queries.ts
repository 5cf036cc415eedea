import type { ReportGroupBy } from '@zelo/contracts/reports/api';
import type {
  Durations,
  ReportFigures,
  ReportRow,
  ReportView,
  SlaAttainment,
} from '@zelo/contracts/reports/read-models';
import type pg from 'pg';
import { dayRange } from '../dashboard/queries.ts';

// GET /reports/ (issue 24): every figure from the reports' read model (projection.ts) and the SLA
// engineer's sla_clocks, in the company's calendar [from 00:00, to + 1 00:00). Each figure is bucketed
// by the moment it starts from, and grouped by whom or where it belongs:
//   opened, reopened          openings, by opened_at; agent/queue/connection: the opening's latest
//   first/next response       answered waits, by the wait's start (opening, customer's message);
//                             agent: who answered; queue/connection: the ticket's then
//   resolved, bot's share,    openings closed, by closed_at; agent: who closed
//   resolution
//   CSAT                      openings asked to rate, by the request; agent: the rated one
//   SLA attainment            sla_clocks, by started_at; agent/queue/connection: the clock's
// Per tag: the tickets' current tags (ticket_tags), so a ticket with two tags counts in both rows
// and the summary is not their sum; '' is the row of what has no agent, queue or tag.

export interface ReportFilter {
  companyId: string;
  from: string;
  to: string;
  groupBy: ReportGroupBy;
  queueId?: string;
  userId?: string;
  whatsappId?: string;
  tagId?: string;
  timeZone: string;
}

/** Where a figure's rows come from: its table and which of its columns mean time, agent, queue… */
interface Source {
  /** The table and its alias, `table t`. */
  from: string;
  alias: string;
  at: string;
  user: string;
  queue: string;
  whatsapp: string;
  ticket: string;
  /** What else a row must be (not deleted). */
  where?: string;
  figures: string;
}

const openings = (at: string, figures: string): Source => ({
  from: 'report_openings o',
  alias: 'o',
  at: `o.${at}`,
  user: at === 'rating_asked_at' ? 'o.rated_user_id' : 'o.user_id',
  queue: 'o.queue_id',
  whatsapp: 'o.whatsapp_id',
  ticket: 'o.ticket_id',
  where: 'NOT o.deleted',
  figures,
});

const durations = (prefix: string, value: string, only = 'true') => `
  count(${value}) FILTER (WHERE ${only})::int AS ${prefix}_count,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY ${value}) FILTER (WHERE ${only}) AS ${prefix}_median,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY ${value}) FILTER (WHERE ${only}) AS ${prefix}_p90,
  avg(${value}) FILTER (WHERE ${only}) AS ${prefix}_average`;

const SLA_TARGETS = ['firstResponse', 'nextResponse', 'resolution'] as const;

const SOURCES: Source[] = [
  // The heaviest first: a report runs PARALLEL of them at a time.
  {
    from: 'report_responses r',
    alias: 'r',
    at: 'r.customer_at',
    user: 'r.user_id',
    queue: 'r.queue_id',
    whatsapp: 'r.whatsapp_id',
    ticket: 'r.ticket_id',
    where: 'NOT r.deleted',
    figures: `${durations('first', 'r.secs', "r.kind = 'first'")}, ${durations('next', 'r.secs', "r.kind = 'next'")}`,
  },
  {
    // The SLA projection's clocks (it removes a deleted ticket's, as a report leaves out its openings).
    from: 'sla_clocks s',
    alias: 's',
    at: 's.started_at',
    user: 's.user_id',
    queue: 's.queue_id',
    whatsapp: 's.whatsapp_id',
    ticket: 's.ticket_id',
    figures: SLA_TARGETS.map(
      (t) => `count(*) FILTER (WHERE s.target = '${t}' AND s.stopped_at IS NOT NULL AND s.breached_at IS NULL
                AND NOT s.cancelled)::int AS "${t}_met",
              count(*) FILTER (WHERE s.target = '${t}' AND s.breached_at IS NOT NULL)::int AS "${t}_breached"`,
    ).join(', '),
  },
  openings(
    'opened_at',
    'count(*) FILTER (WHERE NOT o.reopened)::int AS opened, count(*) FILTER (WHERE o.reopened)::int AS reopened',
  ),
  openings(
    'closed_at',
    `count(*)::int AS resolved, count(*) FILTER (WHERE NOT o.answered_by_person)::int AS by_bot,
     ${durations('resolution', 'o.resolution_secs')}`,
  ),
  openings(
    'rating_asked_at',
    `count(*)::int AS asked, count(o.rating)::int AS rated, avg(o.rating)::float8 AS rating_average,
     count(*) FILTER (WHERE o.rating = 1)::int AS r1, count(*) FILTER (WHERE o.rating = 2)::int AS r2,
     count(*) FILTER (WHERE o.rating = 3)::int AS r3`,
  ),
];

/** Parameters every source's query takes, in this order; the time zone ($8) only by day or hour. */
const PARAMS = ['companyId', 'from', 'to', 'queueId', 'userId', 'whatsappId', 'tagId'] as const;
const byTime = (groupBy: ReportGroupBy | null) => groupBy === 'day' || groupBy === 'hour';

/**
 * The period's hours as instants (`at`, sorted) with each one's local hour and day (days since the
 * first): a row finds its hour by a binary search (width_bucket) instead of converting its time to the
 * company's zone, which cost more than the rest of the grouping. Stepping hour by hour from local
 * midnight follows the zone's changes of offset (a 23- or 25-hour day).
 */
const HOURS = `b AS (
  SELECT array_agg(i ORDER BY i) AS at, array_agg(extract(hour FROM i AT TIME ZONE $8)::int ORDER BY i) AS hour,
         array_agg((i AT TIME ZONE $8)::date - ($2::timestamptz AT TIME ZONE $8)::date ORDER BY i) AS day
    FROM generate_series($2::timestamptz, $3::timestamptz - interval '1 hour', interval '1 hour') i)`;

/** What a source's rows are grouped by, and what it needs for that: the hours above, or a join. */
function groupOf(s: Source, groupBy: ReportGroupBy): { group: string; key: string; join: string } {
  const entity = (column: string) => ({ group: column, key: `coalesce(${column}::text, '')`, join: '' });
  // Read through scalar subqueries, the arrays are computed once (init plans) and never joined to
  // the rows: a join would carry them through the sort, 70 kB a row.
  const local = (part: 'hour' | 'day') => {
    const group = `(SELECT ${part} FROM b)[width_bucket(${s.at}, (SELECT at FROM b))]`;
    return { group, key: `${group}::text`, join: '' };
  };
  switch (groupBy) {
    case 'day':
      return local('day');
    case 'hour':
      return local('hour');
    case 'agent':
      return entity(s.user);
    case 'queue':
      return entity(s.queue);
    case 'connection':
      return entity(s.whatsapp);
    case 'tag':
      return { ...entity('g.tag_id'), join: `LEFT JOIN ticket_tags g ON g.ticket_id = ${s.ticket}` };
  }
}

/**
 * A source's figures per group and, in the same pass (a grouping set), for the whole period: the row
 * with `total` true. Per tag the join repeats a ticket under each tag, so the total is a query apart.
 */
function sourceSql(s: Source, groupBy: ReportGroupBy | null): string {
  const { group, key, join } = groupBy ? groupOf(s, groupBy) : { group: '', key: "''", join: '' };
  const perTag = groupBy === 'tag';
  const grouping = !groupBy ? '' : perTag ? `GROUP BY ${group}` : `GROUP BY GROUPING SETS ((${group}), ())`;
  const total = !groupBy ? 'true' : perTag ? 'false' : `grouping(${group}) = 1`;
  return `${byTime(groupBy) ? `WITH ${HOURS}` : ''}
    SELECT ${key} AS key, ${total} AS total, ${s.figures}
      FROM ${s.from} ${join}
     WHERE ${s.alias}.company_id = $1 AND ${s.at} >= $2 AND ${s.at} < $3 AND ${s.where ?? 'true'}
       AND ($4::uuid IS NULL OR ${s.queue} = $4) AND ($5::uuid IS NULL OR ${s.user} = $5)
       AND ($6::uuid IS NULL OR ${s.whatsapp} = $6)
       AND ($7::uuid IS NULL OR EXISTS (SELECT 1 FROM ticket_tags f WHERE f.ticket_id = ${s.ticket} AND f.tag_id = $7))
     ${grouping}`;
}

type Raw = Record<string, number | string | null>;

const num = (raw: Raw, k: string) => Number(raw[k] ?? 0);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
/** Whole seconds: a report reads in seconds, and percentile interpolation gives fractions of one. */
const secs = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));

function durationsOf(raw: Raw, prefix: string): Durations {
  return {
    median: secs(raw[`${prefix}_median`]),
    p90: secs(raw[`${prefix}_p90`]),
    average: secs(raw[`${prefix}_average`]),
    count: num(raw, `${prefix}_count`),
  };
}

function slaOf(raw: Raw, target: string): SlaAttainment {
  const [met, breached] = [num(raw, `${target}_met`), num(raw, `${target}_breached`)];
  return { met, breached, rate: ratio(met, met + breached) };
}

/** One group's figures from the columns the sources gave for it (absent: nothing happened). */
function figuresOf(raw: Raw): ReportFigures {
  const [resolved, resolvedByBot] = [num(raw, 'resolved'), num(raw, 'by_bot')];
  const rated = num(raw, 'rated');
  return {
    opened: num(raw, 'opened'),
    resolved,
    reopened: num(raw, 'reopened'),
    resolvedByBot,
    botShare: ratio(resolvedByBot, resolved),
    firstResponse: durationsOf(raw, 'first'),
    nextResponse: durationsOf(raw, 'next'),
    resolution: durationsOf(raw, 'resolution'),
    sla: {
      firstResponse: slaOf(raw, 'firstResponse'),
      nextResponse: slaOf(raw, 'nextResponse'),
      resolution: slaOf(raw, 'resolution'),
    },
    csat: {
      distribution: { 1: num(raw, 'r1'), 2: num(raw, 'r2'), 3: num(raw, 'r3') },
      responseRate: ratio(rated, num(raw, 'asked')),
      average:
        raw.rating_average === null || raw.rating_average === undefined ? null : Number(raw.rating_average),
    },
  };
}

/**
 * How many of a report's queries run at once: enough to use the database's cores, few enough that two
 * admins reading reports leave the API's pool (20 connections) to everyone else.
 */
const PARALLEL = 3;

async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

interface Figures {
  total: Raw;
  byKey: Map<string, Raw>;
}

/** Every source's figures for the whole period and per group, merged: key → every source's columns. */
async function figuresBy(
  pool: pg.Pool,
  groupBy: ReportGroupBy,
  params: unknown[],
  keyName: (key: string) => string,
): Promise<Figures> {
  const args = (g: ReportGroupBy | null) => (byTime(g) ? params : params.slice(0, PARAMS.length));
  // Per tag the total is a query of its own; otherwise it comes with the groups.
  const queries = [groupBy, ...(groupBy === 'tag' ? [null] : [])].flatMap((g) =>
    SOURCES.map((s) => () => pool.query<Raw & { key: string; total: boolean }>(sourceSql(s, g), args(g))),
  );
  const results = await inParallel(queries, PARALLEL);
  const figures: Figures = { total: {}, byKey: new Map() };
  for (const { rows } of results)
    for (const { key, total, ...columns } of rows) {
      if (total) Object.assign(figures.total, columns);
      else figures.byKey.set(keyName(key), { ...figures.byKey.get(keyName(key)), ...columns });
    }
  return figures;
}

/** The calendar day `n` days after `day` (yyyy-MM-dd). */
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The rows a breakdown shows: every day of the period, every hour, or what has figures. */
function keysOf(filter: ReportFilter, found: Iterable<string>): string[] {
  if (filter.groupBy === 'hour') return Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
  if (filter.groupBy === 'day') {
    const days = (Date.parse(filter.to) - Date.parse(filter.from)) / 86_400_000 + 1;
    return Array.from({ length: days }, (_, n) => dayAfter(filter.from, n));
  }
  return [...found];
}

const NAMES: Partial<Record<ReportGroupBy, string>> = {
  agent: 'users',
  queue: 'queues',
  connection: 'whatsapps',
  tag: 'tags',
};

/** The names of the breakdown's agents, queues, connections or tags; '—' for none or one gone. */
async function labelsOf(pool: pg.Pool, filter: ReportFilter, keys: string[]): Promise<Map<string, string>> {
  const table = NAMES[filter.groupBy];
  if (!table) return new Map(keys.map((k) => [k, k]));
  const ids = keys.filter((k) => k !== '');
  const { rows } = await pool.query<{ id: string; name: string }>(
    `SELECT id, name FROM ${table} WHERE company_id = $1 AND id = ANY($2::uuid[])`,
    [filter.companyId, ids],
  );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return new Map(keys.map((k) => [k, names.get(k) ?? '—']));
}

export async function reportView(pool: pg.Pool, filter: ReportFilter): Promise<ReportView> {
  const range = await dayRange(pool, { from: filter.from, to: filter.to }, filter.timeZone);
  const params = [
    ...PARAMS.map((p) => (p === 'from' ? range.from : p === 'to' ? range.to : (filter[p] ?? null))),
    filter.timeZone,
  ];
  // Days come back as days since `from`, hours as numbers.
  const keyName =
    filter.groupBy === 'day'
      ? (k: string) => dayAfter(filter.from, Number(k))
      : filter.groupBy === 'hour'
        ? (k: string) => k.padStart(2, '0')
        : (k: string) => k;
  const figures = await figuresBy(pool, filter.groupBy, params, keyName);
  const keys = keysOf(filter, figures.byKey.keys());
  const labels = await labelsOf(pool, filter, keys);
  const rows: ReportRow[] = keys.map((key) => ({
    key,
    label: labels.get(key) ?? key,
    ...figuresOf(figures.byKey.get(key) ?? {}),
  }));
  if (NAMES[filter.groupBy])
    rows.sort(
      (a, b) =>
        Number(a.key === '') - Number(b.key === '') ||
        a.label.localeCompare(b.label) ||
        a.key.localeCompare(b.key),
    );
  return {
    period: { from: filter.from, to: filter.to },
    groupBy: filter.groupBy,
    summary: figuresOf(figures.total),
    rows,
  };
}
