import type pg from 'pg';
import { inTransaction } from './pg-listener.ts';
import { applyAround, describeFault, recordFaults } from './projection-faults.ts';
import {
  applyEvents,
  CHECKPOINT_CHANNEL,
  type EventSource,
  type Projection,
  type StoredEvent,
} from './runner.ts';
import { lockInTransaction, withRebuildLock } from './runner-lock.ts';

export interface RebuildProgress {
  name: string;
  done: number;
  total: number;
  elapsedMs: number;
  position: string | null;
  /** Building beside the live tables, then swapping them in (a short last step). */
  stage: 'build' | 'swap';
  finished: boolean;
  /** Events the projection could not store, parked as the runner parks them (projection-faults.ts). */
  parked: number;
}

const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
/** The schema a projection is rebuilt in: one per projection, dropped before and after. */
export const shadowSchema = (projection: string) => `zelo_rebuild_${projection.replace(/[^a-z0-9]+/gi, '_')}`;

/** `CREATE [UNIQUE] INDEX name ON schema.table USING …` without its name and schema, to pair indexes. */
const indexShape = (def: string) =>
  def.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (?:\S+\.)?(\S+) /, 'CREATE $1INDEX ON $2 ');

/**
 * Rebuilds a projection from the first event without ever showing a consumer an empty or half-built
 * read model: the events are applied to copies of its tables in a schema of their own (the handlers'
 * unqualified table names resolve there through search_path; other projections' tables still resolve
 * to the live ones), while the runner keeps the live tables up to date. Then one transaction takes the
 * projection's lock (waiting for the runner's batch), applies what was appended meanwhile, carries the
 * consumer-owned columns over (Projection.preserve), drops the live tables, moves the rebuilt ones in
 * under the same index names and sets the checkpoint. Readers see the old tables, then the new ones;
 * nothing is notified as changed, so no push, send, connect or disconnect follows from a rebuild.
 * The projection's parked events are applied again like every other: the swap replaces its faults with
 * those of the rebuild, which parks an event it still cannot store and goes on.
 */
export async function rebuildProjection(
  pool: pg.Pool,
  source: Pick<EventSource, 'readAll'>,
  projection: Projection,
  options: { batchSize?: number; onProgress?: (p: RebuildProgress) => void; clock?: () => number } = {},
): Promise<RebuildProgress> {
  // A reactor keeps no tables: its handlers are its side effects (a send, a workflow signal), and
  // running them over history again would repeat every one. It is never rebuilt.
  if (projection.tables.length === 0)
    throw new Error(
      `${projection.name} keeps no tables (a reactor): rebuilding it would repeat its side effects`,
    );
  const clock = options.clock ?? Date.now;
  const batchSize = options.batchSize ?? 1000;
  const schema = ident(shadowSchema(projection.name));
  const tables = projection.tables;
  return withRebuildLock(pool, projection.name, async () => {
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.query(`CREATE SCHEMA ${schema}`);
    try {
      // Logged tables: unlogged ones built no faster here, and setting them logged rewrote them whole.
      for (const t of tables)
        await pool.query(`CREATE TABLE ${schema}.${ident(t)} (LIKE public.${ident(t)} INCLUDING ALL)`);
      const started = clock();
      const total = Number((await pool.query('SELECT count(*)::bigint AS n FROM es_events')).rows[0].n);
      const progress: RebuildProgress = {
        name: projection.name,
        done: 0,
        total,
        elapsedMs: 0,
        position: null,
        stage: 'build',
        finished: false,
        parked: 0,
      };
      const faults: { event: StoredEvent; error: Error }[] = [];
      const report = () => {
        // Events appended since the count are replayed too: the total grows with them.
        progress.total = Math.max(progress.total, progress.done);
        progress.elapsedMs = clock() - started;
        options.onProgress?.({ ...progress });
      };
      options.onProgress?.({ ...progress });
      const applyShadow = async (tx: pg.PoolClient, events: StoredEvent[]) => {
        await tx.query(`SELECT set_config('search_path', $1, true)`, [`${schema}, public`]);
        await applyEvents(tx, projection, events);
        await tx.query(`SELECT set_config('search_path', 'public', true)`);
      };
      /** Counted once committed (or in the swap's transaction): a run that fails is halved and tried again. */
      const passed = (events: StoredEvent[]) => {
        progress.done += events.length;
        progress.position = events[events.length - 1].position;
        return true;
      };
      const park = async (event: StoredEvent, error: Error) => {
        console.error(`[projections] rebuild: ${describeFault(projection.name, event, error)}`);
        faults.push({ event, error });
        progress.parked = faults.length;
        return passed([event]);
      };

      // Build beside the live tables, batch by batch, until the store is read to its end. The next
      // batch is read (on another connection) while this one is applied.
      const read = (after: string | null) => {
        const page = source.readAll(after, batchSize);
        page.catch(() => {}); // awaited below; not an unhandled rejection if applying fails first
        return page;
      };
      let next = read(progress.position);
      for (;;) {
        const events = await next;
        if (events.length === 0) break;
        const more = events.length === batchSize;
        if (more) next = read(events[events.length - 1].position);
        await applyAround(
          events,
          async (some) => {
            await inTransaction(pool, `rebuild of ${projection.name}`, async (tx) => {
              await tx.query('SET LOCAL synchronous_commit = off');
              await applyShadow(tx, some);
            });
            return passed(some);
          },
          park,
        );
        report();
        if (!more) break;
      }

      progress.stage = 'swap';
      report();

      // The swap: one transaction, under the projection's lock, so the runner is between batches.
      await inTransaction(pool, `swap of ${projection.name}`, async (tx) => {
        await lockInTransaction(tx, projection.name);
        // What was appended since the last batch (little: the build just read to the end).
        for (;;) {
          const events = await source.readAll(progress.position, batchSize);
          if (events.length === 0) break;
          // Each run in a savepoint, so that one that fails by an event's fault is undone alone.
          await applyAround(
            events,
            async (some) => {
              await tx.query('SAVEPOINT shadow_run');
              try {
                await applyShadow(tx, some);
              } catch (err) {
                await tx.query('ROLLBACK TO SAVEPOINT shadow_run');
                throw err;
              }
              await tx.query('RELEASE SAVEPOINT shadow_run');
              return passed(some);
            },
            park,
          );
        }
        if (tables.length)
          await tx.query(
            `LOCK TABLE ${tables.map((t) => `public.${ident(t)}`).join(', ')} IN ACCESS EXCLUSIVE MODE`,
          );
        for (const p of projection.preserve ?? []) {
          const set = p.columns.map((c) => `${ident(c)} = o.${ident(c)}`).join(', ');
          const on = p.key.map((k) => `n.${ident(k)} = o.${ident(k)}`).join(' AND ');
          await tx.query(
            `UPDATE ${schema}.${ident(p.table)} n SET ${set} FROM public.${ident(p.table)} o WHERE ${on}`,
          );
        }
        const { rows: liveIndexes } = await tx.query<{ indexname: string; indexdef: string }>(
          `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1)`,
          [tables],
        );
        for (const t of tables) {
          await tx.query(`DROP TABLE public.${ident(t)}`);
          await tx.query(`ALTER TABLE ${schema}.${ident(t)} SET SCHEMA public`);
        }
        // LIKE … INCLUDING ALL names the copies' indexes itself: give them their live names back, so
        // that later migrations find them.
        const { rows: newIndexes } = await tx.query<{ indexname: string; indexdef: string }>(
          `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1)`,
          [tables],
        );
        const renames = newIndexes.flatMap((n) => {
          const live = liveIndexes.find((l) => indexShape(l.indexdef) === indexShape(n.indexdef));
          return live && live.indexname !== n.indexname ? [{ from: n.indexname, to: live.indexname }] : [];
        });
        // Through temporary names first: one copy may carry the name another live index had.
        for (const [i, r] of renames.entries())
          await tx.query(`ALTER INDEX public.${ident(r.from)} RENAME TO ${ident(`zelo_swap_${i}`)}`);
        for (const [i, r] of renames.entries())
          await tx.query(`ALTER INDEX public.${ident(`zelo_swap_${i}`)} RENAME TO ${ident(r.to)}`);
        await tx.query('DELETE FROM projection_faults WHERE projection = $1', [projection.name]);
        await recordFaults(tx, projection.name, faults);
        if (progress.position === null)
          await tx.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
        else {
          await tx.query(
            `INSERT INTO projection_checkpoints (name, position, events_applied, updated_at)
             VALUES ($1, $2, $3, now())
             ON CONFLICT (name) DO UPDATE SET position = $2, events_applied = $3, updated_at = now()`,
            [projection.name, progress.position, progress.done - faults.length],
          );
          await tx.query('SELECT pg_notify($1, $2)', [
            CHECKPOINT_CHANNEL,
            `${projection.name} ${progress.position}`,
          ]);
        }
      });
      Object.assign(progress, { total: progress.done, elapsedMs: clock() - started, finished: true });
      options.onProgress?.({ ...progress });
      return progress;
    } finally {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    }
  });
}
