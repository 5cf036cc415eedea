// Correctness checks after a bench load: every accepted message stored once (messages read model and
// es_events), in send order per ticket, one ticket per customer; and every projection's read model
// equal to a fresh replay of the events (projections/src/rebuild.ts).
import type pg from 'pg';
import { rebuildProjection } from '../projections/src/rebuild.ts';
import { allProjections } from '../projections/src/registry.ts';
import { PostgresEventStore } from '../services/src/event-store/postgres.ts';
import { openProductEventStore } from '../services/src/privacy/start.ts';
import type { LoadResult } from './measure.ts';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const parse = (body: string) => {
  const m = /^bench c(\d+) m(\d+)$/.exec(body);
  return m ? { c: Number(m[1]), k: Number(m[2]) } : null;
};
const customerOfNumber = (n: string) => Number(n.slice(-8)) - 10_000_000;

/** What the load's customers sent: the bodies whose inbound call was answered 201. */
function acceptedBodies(load: LoadResult): Set<string> {
  const failed = new Set(load.failed);
  const bodies = new Set<string>();
  load.sentPerCustomer.forEach((n, c) => {
    for (let k = 0; k < n; k++) if (!failed.has(`bench c${c} m${k}`)) bodies.add(`bench c${c} m${k}`);
  });
  return bodies;
}

/** Each accepted body exactly once among `bodies` (a failed call's body may be there once, or not). */
function once(name: string, bodies: string[], load: LoadResult, accepted: Set<string>): Check {
  const counts = new Map<string, number>();
  for (const b of bodies) counts.set(b, (counts.get(b) ?? 0) + 1);
  const missing = [...accepted].filter((b) => !counts.has(b));
  const dup = [...counts].filter(([, n]) => n > 1).map(([b]) => b);
  const failed = new Set(load.failed);
  const unexpected = [...counts.keys()].filter((b) => !accepted.has(b) && !failed.has(b));
  const ok = missing.length + dup.length + unexpected.length === 0;
  const example = [...missing.slice(0, 2), ...dup.slice(0, 2), ...unexpected.slice(0, 2)].join('; ');
  return {
    name,
    ok,
    detail: `${counts.size} distinct of ${accepted.size} accepted, missing ${missing.length}, duplicated ${dup.length}, unexpected ${unexpected.length}${example ? ` (${example})` : ''}`,
  };
}

export async function checkStored(pool: pg.Pool, load: LoadResult): Promise<Check[]> {
  const accepted = acceptedBodies(load);
  const checks: Check[] = [];
  const { rows: messages } = await pool.query<{ body: string; ticket: string }>(
    `SELECT body, ticket_id::text AS ticket FROM messages WHERE NOT from_me AND body LIKE 'bench c%'
      ORDER BY ticket_id, created_at, id`,
  );
  checks.push(
    once(
      'stored once (messages)',
      messages.map((m) => m.body),
      load,
      accepted,
    ),
  );
  // The bodies are sealed in es_events (issue 25): read through the product's store, which opens them.
  const store = openProductEventStore(pool, '');
  const events: { body: string }[] = [];
  for (let after: string | null = null; ; ) {
    const page = await store.readAll(after, 5_000);
    if (page.length === 0) break;
    for (const e of page)
      if (e.type === 'InboundMessageReceived' && String(e.data.body).startsWith('bench c'))
        events.push({ body: e.data.body as string });
    after = page[page.length - 1].position;
  }
  checks.push(
    once(
      'stored once (es_events)',
      events.map((e) => e.body),
      load,
      accepted,
    ),
  );

  // In order per ticket: in the order the conversation shows them (created_at, id), each customer's
  // message indexes only go up.
  let violations = 0;
  let example = '';
  const last = new Map<string, number>();
  const ticketsOf = new Map<number, Set<string>>();
  for (const m of messages) {
    const p = parse(m.body)!;
    const key = `${m.ticket}|${p.c}`;
    const prev = last.get(key) ?? -1;
    if (p.k < prev) {
      violations++;
      example ||= ` (${m.body} shown after m${prev})`;
    }
    last.set(key, Math.max(prev, p.k));
    if (!ticketsOf.has(p.c)) ticketsOf.set(p.c, new Set());
    ticketsOf.get(p.c)!.add(m.ticket);
  }
  checks.push({
    name: 'stored in order per ticket',
    ok: violations === 0,
    detail: `${violations} messages stored before an earlier one of the same customer${example}`,
  });

  const writers = load.sentPerCustomer.filter((n) => n > 0).length;
  const { rows: tickets } = await pool.query<{ number: string; contacts: number; tickets: number }>(
    `SELECT ct.number, count(DISTINCT ct.id)::int AS contacts, count(t.id)::int AS tickets
       FROM contacts ct LEFT JOIN tickets t ON t.contact_id = ct.id
      WHERE ct.number LIKE '55119%' GROUP BY ct.number`,
  );
  const bad = tickets.filter((t) => t.contacts !== 1 || t.tickets !== 1);
  const split = [...ticketsOf].filter(([, s]) => s.size > 1).length;
  checks.push({
    name: 'one contact and one ticket per customer',
    ok: tickets.length === writers && bad.length === 0 && split === 0,
    detail: `${tickets.length} contacts for ${writers} customers, ${tickets.reduce((n, t) => n + t.tickets, 0)} tickets; ${bad.length} customers with other than one contact/ticket${bad[0] ? ` (customer ${customerOfNumber(bad[0].number)}: ${bad[0].contacts} contacts, ${bad[0].tickets} tickets)` : ''}, ${split} with messages in several tickets`,
  });
  return checks;
}

/** The load's own checks of what the timing agent's socket received. */
export function checkPushes(load: LoadResult): Check[] {
  return [
    {
      name: 'inbound calls answered 201',
      ok: load.failed.length === 0,
      detail: `${load.accepted} accepted, ${load.failed.length} failed${load.failures[0] ? ` (${load.failures[0]})` : ''}`,
    },
    {
      name: 'pushed once to the timing socket',
      ok: load.missingPushes === 0 && load.duplicatePushes === 0,
      detail: `${load.pushed} pushed, ${load.missingPushes} never pushed, ${load.duplicatePushes} duplicate pushes`,
    },
    {
      name: 'pushed in order per ticket',
      ok: load.pushOrderViolations === 0,
      detail: `${load.pushOrderViolations} pushes before an earlier message of the same customer`,
    },
  ];
}

/**
 * Waits until nothing is being appended (no new event for `quietMs`: the reactors are done) and every
 * projection with tables has read the store to its end, so that the checks see final read models.
 * Returns the projections still behind at the timeout (none: settled).
 */
export async function waitQuiet(pool: pg.Pool, databaseUrl: string, quietMs = 1000, timeoutMs = 60_000) {
  const store = new PostgresEventStore(pool, databaseUrl);
  const deadline = Date.now() + timeoutMs;
  const names = allProjections()
    .filter((p) => p.tables.length)
    .map((p) => p.name);
  let lastMax = '';
  let since = Date.now();
  try {
    for (;;) {
      const max = String((await pool.query('SELECT max(global_position) AS m FROM es_events')).rows[0].m);
      if (max !== lastMax) {
        lastMax = max;
        since = Date.now();
      }
      const { rows } = await pool.query<{ name: string; position: string | null }>(
        'SELECT name, position FROM projection_checkpoints WHERE name = ANY($1)',
        [names],
      );
      const at = new Map(rows.map((r) => [r.name, r.position]));
      const behind: string[] = [];
      for (const n of names) if ((await store.readAll(at.get(n) ?? null, 1)).length) behind.push(n);
      if (behind.length === 0 && Date.now() - since >= quietMs) return [];
      if (Date.now() > deadline) return behind.length ? behind : ['(events still being appended)'];
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await store.close();
  }
}

type Row = Record<string, unknown>;
/**
 * The columns that say which row is which: the primary key, unless it is an identity column beside a
 * unique one (ticket_history's seq and event_id). An identity's numbers are not a fact of the events: a
 * conflicting insert (an event applied twice, which leaves one row) or a rolled-back batch uses some up,
 * so a replay numbers the same rows differently.
 */
async function rowKey(pool: pg.Pool, table: string): Promise<{ key: string[] }> {
  const { rows } = await pool.query<{ primary: boolean; cols: string[]; identity: boolean }>(
    `SELECT i.indisprimary AS primary,
            array_agg(a.attname::text ORDER BY array_position(i.indkey, a.attnum)) AS cols,
            bool_and(a.attidentity <> '') AS identity
       FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND (i.indisprimary OR i.indisunique) AND i.indpred IS NULL
      GROUP BY i.indexrelid, i.indisprimary`,
    [`public."${table}"`],
  );
  const primary = rows.find((r) => r.primary);
  const unique = rows.find((r) => !r.primary);
  if (primary?.identity && primary.cols.length === 1 && unique) return { key: unique.cols };
  return { key: primary?.cols ?? [] };
}

async function dump(pool: pg.Pool, table: string, exclude: string[]) {
  const { key: keyCols } = await rowKey(pool, table);
  // Identity columns number rows in the order they were written: compared, they would report the
  // numbers used up, not the rows (contact_list_items.seq orders a list's items, and keeps that order).
  const { rows: identities } = await pool.query<{ col: string }>(
    `SELECT attname AS col FROM pg_attribute WHERE attrelid = $1::regclass AND attidentity <> ''`,
    [`public."${table}"`],
  );
  exclude = [...exclude, ...identities.map((r) => r.col)];
  const { rows } = await pool.query<{ r: Row }>(`SELECT to_jsonb(t) AS r FROM public."${table}" t`);
  const byKey = new Map<string, Row>();
  const seen = new Map<string, number>();
  for (const { r } of rows) {
    for (const c of exclude) delete r[c];
    // Without a primary key the whole row is its key, numbered by occurrence: a multiset of rows.
    let key = JSON.stringify(keyCols.length ? keyCols.map((c) => r[c]) : r);
    if (!keyCols.length) {
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      key += `#${n}`;
    }
    byKey.set(key, r);
  }
  return byKey;
}

function compare(table: string, before: Map<string, Row>, after: Map<string, Row>) {
  const diffs: string[] = [];
  const columns = new Map<string, { n: number; example: string }>();
  let missing = 0;
  for (const [k, a] of before) {
    const b = after.get(k);
    if (!b) {
      missing++;
      continue;
    }
    for (const c of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const [x, y] = [JSON.stringify(a[c]), JSON.stringify(b[c])];
      if (x === y) continue;
      const e = columns.get(c) ?? { n: 0, example: `${x?.slice(0, 40)} live, ${y?.slice(0, 40)} replayed` };
      e.n++;
      columns.set(c, e);
    }
  }
  const extra = [...after.keys()].filter((k) => !before.has(k)).length;
  if (missing) diffs.push(`${table}: ${missing} of ${before.size} rows not in the replay`);
  if (extra) diffs.push(`${table}: ${extra} rows only in the replay`);
  for (const [c, e] of columns) diffs.push(`${table}.${c} differs in ${e.n} rows (e.g. ${e.example})`);
  return diffs;
}

export interface ReplayResult {
  projection: string;
  equal: boolean;
  rows: number;
  seconds: number;
  diffs: string[];
}

/**
 * For each projection with tables: dump its rows, rebuild it from the first event with
 * rebuildProjection (which builds fresh copies beside the live tables and swaps them in), dump again
 * and compare. Columns a rebuild carries over from the live rows (Projection.preserve: written by a
 * consumer, not by events) are left out of the comparison. Run with nothing else appending.
 */
export async function checkReplay(pool: pg.Pool, databaseUrl: string): Promise<ReplayResult[]> {
  // Sealed as the product's: the projections read personal fields opened (issue 25).
  const store = openProductEventStore(pool, databaseUrl);
  const results: ReplayResult[] = [];
  try {
    for (const p of allProjections()) {
      if (p.tables.length === 0) continue;
      const exclude = (t: string) =>
        (p.preserve ?? []).filter((x) => x.table === t).flatMap((x) => x.columns);
      const before = new Map<string, Map<string, Row>>();
      for (const t of p.tables) before.set(t, await dump(pool, t, exclude(t)));
      const started = performance.now();
      try {
        await rebuildProjection(pool, store, p);
      } catch (err) {
        results.push({
          projection: p.name,
          equal: false,
          rows: 0,
          seconds: (performance.now() - started) / 1000,
          diffs: [`rebuild failed: ${(err as Error).message}`],
        });
        continue;
      }
      const seconds = (performance.now() - started) / 1000;
      const diffs: string[] = [];
      let rows = 0;
      for (const t of p.tables) {
        rows += before.get(t)!.size;
        diffs.push(...compare(t, before.get(t)!, await dump(pool, t, exclude(t))));
      }
      results.push({ projection: p.name, equal: diffs.length === 0, rows, seconds, diffs });
    }
  } finally {
    await store.close();
  }
  return results;
}

/** The columns checkReplay leaves out, and why. */
export const replayExclusions = () => [
  ...allProjections().flatMap((p) =>
    (p.preserve ?? []).map(
      (x) => `${x.table}.${x.columns.join('/')} (${p.name}: written by a consumer, carried over by the swap)`,
    ),
  ),
  'identity columns (numbers in the order rows were written, with gaps a replay does not have)',
];
