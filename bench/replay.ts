/**
 * Replay benchmark (issue 13): how fast `zelo projections replay` rebuilds each projection. Builds a fresh
 * database, appends a busy company's history through the event store (mostly inbound and outbound
 * messages with their sends and acks; tickets accepted, transferred, tagged, closed and rated; a few of
 * every other aggregate), then times rebuildProjection for every projection and prints events/s.
 * Usage: npm run bench:replay   (BENCH_EVENTS=150000; BENCH_ONLY=conversations,tags; BENCH_BATCH=1000;
 *        BENCH_DB=<url> reuses a filled database; BENCH_KEEP=1 keeps the one it built and prints its url)
 */

import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { allMigrations } from '../app/src/system.ts';
import { rebuildProjection } from '../projections/src/rebuild.ts';
import { allProjections } from '../projections/src/registry.ts';
import { busyHistory } from '../projections/src/testing/busy-history.ts';
import type { StreamAppend } from '../services/src/event-store/port.ts';
import { createPool, ensureDatabase } from '../services/src/platform/db.ts';
import { migrate } from '../services/src/platform/migrate.ts';
import { openProductEventStore } from '../services/src/privacy/start.ts';
import { createTestDatabase } from '../services/src/testing/database.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 150_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const ONLY = process.env.BENCH_ONLY?.split(',');

let db: { url: string; pool: ReturnType<typeof createPool>; drop(): Promise<void> };
if (process.env.BENCH_DB) {
  await ensureDatabase(process.env.BENCH_DB);
  const pool = createPool(process.env.BENCH_DB, 4);
  await migrate(pool, allMigrations);
  db = { url: process.env.BENCH_DB, pool, drop: () => pool.end() };
} else {
  db = await createTestDatabase(allMigrations);
}
const { pool } = db;
// Sealed as the product's: the replay pays for opening personal fields (issue 25).
const store = openProductEventStore(pool, db.url);

async function fill() {
  const t0 = performance.now();
  const start = Date.now() - 365 * 86_400_000;
  const step = (365 * 86_400_000) / EVENTS;
  let i = 0;
  let chunk: StreamAppend[] = [];
  const flush = async () => {
    if (chunk.length) await store.appendToStreams(chunk);
    chunk = [];
  };
  const inChunk = new Set<string>();
  for (const e of busyHistory(EVENTS)) {
    // One append names each stream once: a stream seen again starts the next append, keeping the order.
    if (chunk.length === 500 || inChunk.has(e.stream)) {
      await flush();
      inChunk.clear();
    }
    inChunk.add(e.stream);
    const companyId = (e.data as { companyId?: string }).companyId ?? null;
    chunk.push({
      streamId: e.stream,
      expected: 'any',
      events: [
        {
          id: randomUUID(),
          type: e.type,
          data: e.data as Record<string, unknown>,
          metadata: {
            companyId,
            actor: 'bench',
            correlationId: randomUUID(),
            at: new Date(start + i++ * step).toISOString(),
          },
        },
      ],
    });
  }
  await flush();
  await pool.query('VACUUM ANALYZE es_events');
  console.error(`appended ${i} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const count = async () => Number((await pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
if ((await count()) === 0) await fill();
const total = await count();
const mix = await pool.query(
  'SELECT type, count(*)::int AS n FROM es_events GROUP BY type ORDER BY n DESC LIMIT 8',
);
console.error(
  `${total} events; most common: ${mix.rows.map((r) => `${r.type} ${((100 * r.n) / total).toFixed(0)}%`).join(', ')}`,
);

// The machine is shared: say how busy it was, since every figure depends on it.
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.error(`${cpus().length} cores, load average ${load()}`);
const results: { name: string; seconds: number; rate: number }[] = [];
for (const projection of allProjections()) {
  if (ONLY && !ONLY.includes(projection.name)) continue;
  const t0 = performance.now();
  const done = await rebuildProjection(pool, store, projection, { batchSize: BATCH });
  const seconds = (performance.now() - t0) / 1000;
  const rate = Math.round(done.done / seconds);
  results.push({ name: projection.name, seconds, rate });
  console.log(
    `${projection.name.padEnd(20)} ${seconds.toFixed(2).padStart(7)} s ${String(rate).padStart(8)} events/s`,
  );
}
console.error(`load average ${load()}`);
if (results.length === 0) console.log('no projection matched BENCH_ONLY');
else {
  const slowest = results.reduce((a, r) => (r.rate < a.rate ? r : a), results[0]);
  const mean = results.reduce((s, r) => s + r.rate, 0) / results.length;
  console.log(
    `${results.length} projections over ${total} events: mean ${Math.round(mean)} events/s, slowest ${slowest.name} ${slowest.rate} events/s`,
  );
}

await store.close();
if (process.env.BENCH_KEEP && !process.env.BENCH_DB) {
  await pool.end();
  console.error(`kept ${db.url}`);
} else await db.drop();
