import type pg from 'pg';
import { checkOut } from './pg-listener.ts';

// One writer per projection's live tables. The runner applies batches; a rebuild (`zelo projections
// replay`, rebuild.ts) builds the projection beside the live tables and swaps them in. Two locks,
// PostgreSQL advisory locks keyed on the projection's name:
//
// - the projection lock: the runner takes it per batch, inside the transaction that applies the batch
//   (`startBatch` in `applyToGroup`; a projection whose lock is taken sits that batch out),
//   and a rebuild takes it, waiting, only for its short swap transaction (`lockInTransaction`);
// - the rebuild lock: a rebuild holds it for its whole run, as a session lock on a connection of its
//   own (`withRebuildLock`), so that two rebuilds of one projection never share a shadow schema.
//
// Session and transaction locks on the same key conflict with each other, so these suffice.

/** The lock's key: a 64-bit hash of the projection's name (hashtextextended, PostgreSQL 11+). */
const keyOf = (name: string) => `hashtextextended('zelo:projection:' || ${name}, 0)`;
const KEY = keyOf('$1');
const REBUILD_KEY = `hashtextextended('zelo:rebuild:' || $1, 0)`;

export class ProjectionLockedError extends Error {
  constructor(readonly projection: string) {
    super(`projection ${projection} is being rebuilt by another process (another replay)`);
    this.name = 'ProjectionLockedError';
  }
}

/**
 * The start of a runner's batch, in one round trip: commit without waiting for the WAL flush (read
 * models are rebuilt from the events, so a commit lost in a crash is applied again), take each
 * projection's lock for this transaction when `lock` says so, and read the checkpoints. Answers the
 * projections whose lock someone else holds, and every projection's stored position.
 */
export async function startBatch(
  tx: pg.PoolClient,
  projections: string[],
  lock: boolean,
): Promise<{ locked: string[]; stored: Map<string, string | null> }> {
  const { rows } = await tx.query<{ name: string; got: boolean; position: string | null }>(
    `SELECT p.name, (NOT $2::boolean OR pg_try_advisory_xact_lock(${keyOf('p.name')})) AS got, c.position
       FROM (SELECT set_config('synchronous_commit', 'off', true)) AS s,
            unnest($1::text[]) AS p(name) LEFT JOIN projection_checkpoints c ON c.name = p.name`,
    [projections, lock],
  );
  return {
    locked: rows.filter((r) => !r.got).map((r) => r.name),
    stored: new Map(rows.map((r) => [r.name, r.position])),
  };
}

/** Takes the projection's lock for this transaction, waiting for the runner's batch to end (bounded). */
export async function lockInTransaction(
  tx: pg.PoolClient,
  projection: string,
  timeoutMs = 30_000,
): Promise<void> {
  await tx.query(`SELECT set_config('lock_timeout', $1, true)`, [`${timeoutMs}ms`]);
  await tx.query(`SELECT pg_advisory_xact_lock(${KEY})`, [projection]);
}

/**
 * Runs `work` while holding the projection's rebuild lock on a connection kept aside for it. Throws
 * ProjectionLockedError at once when another rebuild holds it. The runner is not kept out: it goes on
 * keeping the live tables until the rebuild swaps its own in.
 */
export async function withRebuildLock<T>(
  pool: pg.Pool,
  projection: string,
  work: () => Promise<T>,
): Promise<T> {
  const { client, release } = await checkOut(pool, `rebuild lock of ${projection}`);
  // A session lock outlives the work if the unlock fails: then the connection is closed, not pooled.
  let broken = false;
  try {
    const { rows } = await client.query(`SELECT pg_try_advisory_lock(${REBUILD_KEY}) AS ok`, [projection]);
    if (rows[0].ok !== true) throw new ProjectionLockedError(projection);
    try {
      return await work();
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${REBUILD_KEY})`, [projection]).catch(() => {
        broken = true;
      });
    }
  } finally {
    release(broken);
  }
}
