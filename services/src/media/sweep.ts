import { rm, stat } from 'node:fs/promises';
import type { EventSource, Projection } from '@zelo/projections/runner';
import type { Pool } from '../platform/db.ts';
import { storedPath } from './storage.ts';

// Files nothing refers to any more (an option removed from a file list, a quick message's or an
// announcement's replaced attachment, an upload whose request failed after the file was stored, a flow
// editor's upload never saved) are removed from the media folder. Only files of the uploads ledger
// (uploads.ts) are considered, only once older than a grace period, and only while the read models
// that hold the references are current.

/**
 * Every column that holds a stored file's URL: as the whole value, or anywhere in a JSON document's
 * strings. A place that starts keeping uploads must be added here (upload-sweep.int.spec.ts checks
 * the schema's columns against this list).
 */
export const UPLOAD_REFERENCES: { table: string; column: string; json?: true }[] = [
  { table: 'messages', column: 'media_url' },
  { table: 'outbound_queue', column: 'media_url' },
  { table: 'quick_messages', column: 'media_url' },
  { table: 'announcements', column: 'media_path' },
  { table: 'file_list_options', column: 'path' },
  { table: 'campaigns', column: 'media_path' },
  { table: 'schedules', column: 'media_path' },
  { table: 'contacts', column: 'profile_pic_url' },
  // Every saved version: a flow run reads the version it started on to the end.
  { table: 'flow_versions', column: 'graph', json: true },
  // The simulated phones' copies of the messages they sent and received.
  { table: 'sim_messages', column: 'media_url' },
];

/** A day: the flow editor stores its uploads when they are picked and refers to them when saved. */
export const UPLOAD_GRACE_MS = 24 * 3600 * 1000;
const SWEEP_LOCK = 774_412;
const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;

export interface SweepOptions {
  pool: Pool;
  /** The media folder (localMediaStorage's root). */
  root: string;
  /** The event store, to tell whether the read models are current. */
  source: Pick<EventSource, 'readAll'>;
  projections: Pick<Projection, 'name' | 'tables'>[];
  graceMs?: number;
  /** Lists what would go, removes nothing. */
  dryRun?: boolean;
  batchSize?: number;
}

export interface SweepResult {
  removed: { url: string; bytes: number }[];
  /** Why nothing was looked at, when so. */
  skipped: string | null;
}

/** Removes the uploads no record refers to; see the module's comment for what keeps a file. */
export async function sweepUploads(o: SweepOptions): Promise<SweepResult> {
  const graceMs = o.graceMs ?? UPLOAD_GRACE_MS;
  const client = await o.pool.connect();
  try {
    if (!(await client.query('SELECT pg_try_advisory_lock($1) AS ok', [SWEEP_LOCK])).rows[0].ok)
      return { removed: [], skipped: 'another sweep is running' };
    try {
      const behind = await readModelBehind(o, graceMs);
      if (behind) return { removed: [], skipped: behind };
      const orphans = await orphansQuery(client);
      const removed: SweepResult['removed'] = [];
      for (;;) {
        const { rows } = await client.query<{ url: string }>(orphans, [
          `${graceMs} milliseconds`,
          o.dryRun ? null : (o.batchSize ?? 1000),
        ]);
        const gone: string[] = [];
        for (const { url } of rows) {
          const path = storedPath(o.root, url);
          const file = path ? await stat(path).catch(() => null) : null;
          // Written to since the grace began: still in use, whatever the ledger says.
          if (file && Date.now() - file.mtimeMs < graceMs) continue;
          if (!o.dryRun && path) await rm(path, { force: true });
          removed.push({ url, bytes: file?.size ?? 0 });
          gone.push(url);
        }
        // After the files: a sweep cut short in between finds their rows again, and no file.
        if (!o.dryRun) await client.query('DELETE FROM media_uploads WHERE url = ANY($1)', [gone]);
        if (o.dryRun || gone.length === 0 || rows.length < (o.batchSize ?? 1000))
          return { removed, skipped: null };
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Why the references cannot be trusted yet, or null: a read model holding them that has events older
 * than the grace period still to apply (stopped, or being built from the first event) would miss a
 * reference to a file the sweep may take.
 */
async function readModelBehind(o: SweepOptions, graceMs: number): Promise<string | null> {
  const tables = new Set(UPLOAD_REFERENCES.map((r) => r.table));
  const holders = o.projections.filter((p) => p.tables.some((t) => tables.has(t)));
  const { rows } = await o.pool.query<{ name: string; position: string | null }>(
    'SELECT name, position FROM projection_checkpoints WHERE name = ANY($1)',
    [holders.map((p) => p.name)],
  );
  const positions = new Map(rows.map((r) => [r.name, r.position]));
  for (const p of holders) {
    const [next] = await o.source.readAll(positions.get(p.name) ?? null, 1);
    if (next && Date.now() - Date.parse(next.metadata.at) > graceMs)
      return `the ${p.name} read model has events older than the grace period to apply`;
  }
  return null;
}

/**
 * The ledger's files older than the grace period ($1) that no reference names, oldest first, at most
 * $2 (null: all). Tables this database lacks hold no references and are left out.
 */
async function orphansQuery(client: Pick<Pool, 'query'>): Promise<string> {
  const { rows } = await client.query<{ table: string }>(
    'SELECT t AS table FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NOT NULL',
    [UPLOAD_REFERENCES.map((r) => r.table)],
  );
  const present = new Set(rows.map((r) => r.table));
  const unreferenced = UPLOAD_REFERENCES.filter((r) => present.has(r.table)).map(({ table, column, json }) =>
    json
      ? `NOT EXISTS (SELECT 1 FROM ${ident(table)} r,
           jsonb_path_query(r.${ident(column)}, 'strict $.** ? (@.type() == "string" && @ starts with "/public/")') AS s
           WHERE s #>> '{}' = u.url)`
      : `NOT EXISTS (SELECT 1 FROM ${ident(table)} r WHERE r.${ident(column)} = u.url)`,
  );
  return `SELECT u.url FROM media_uploads u
    WHERE u.saved_at < now() - $1::interval ${unreferenced.map((c) => `AND ${c}`).join(' ')}
    ORDER BY u.saved_at, u.url LIMIT $2`;
}

/**
 * The sweep in this process (the API's: it stores the uploads) every `everyMs`, the first `firstMs`
 * after the start. Several API processes may each run it: one at a time sweeps, the others skip.
 */
export function startUploadSweeps(o: SweepOptions & { everyMs?: number; firstMs?: number }): {
  stop(): Promise<void>;
} {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    running = sweepUploads(o)
      .then(
        ({ removed }) => {
          if (removed.length === 0) return;
          const mb = removed.reduce((n, f) => n + f.bytes, 0) / 1024 / 1024;
          console.log(`[media] removed ${removed.length} unreferenced uploads (${mb.toFixed(1)} MB)`);
        },
        (err) => console.error(`[media] upload sweep failed: ${(err as Error).message}`),
      )
      .finally(() => {
        running = null;
        schedule(o.everyMs ?? 3600_000);
      });
  };
  schedule(o.firstMs ?? 10 * 60_000);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
