import type pg from 'pg';

// One writer per projection. A replay empties a projection's tables and rebuilds them from zero; if
// the live runner kept applying batches meanwhile, both would write the same tables and move the same
// checkpoint. Both therefore take a PostgreSQL advisory lock keyed on the projection's name:
//
// - a replay (`zelo projections replay`) holds it for its whole run, as a session lock on a
//   connection of its own (`withProjectionLock`);
// - the runner should take it per batch, inside the transaction that applies the batch
//   (`tryLockInTransaction` in `applyToGroup`): a projection whose lock is taken is left out of that
//   batch, and its position is re-read from projection_checkpoints before its next batch, because the
//   replay moved it.
//
// Session and transaction locks on the same key conflict with each other, so these two suffice.

/** The lock's key: a 64-bit hash of the projection's name (hashtextextended, PostgreSQL 11+). */
const KEY = `hashtextextended('zelo:projection:' || $1, 0)`;

export class ProjectionLockedError extends Error {
  constructor(readonly projection: string) {
    super(`projection ${projection} is being written by another process (the runner or another replay)`);
    this.name = 'ProjectionLockedError';
  }
}

/** Takes the projection's lock for this transaction only; false when someone else holds it. */
export async function tryLockInTransaction(tx: pg.PoolClient, projection: string): Promise<boolean> {
  const { rows } = await tx.query(`SELECT pg_try_advisory_xact_lock(${KEY}) AS ok`, [projection]);
  return rows[0].ok === true;
}

/**
 * Runs `work` while holding the projection's lock on a connection kept aside for it. Throws
 * ProjectionLockedError at once when the lock is taken, rather than waiting behind a runner that
 * never lets go.
 */
export async function withProjectionLock<T>(
  pool: pg.Pool,
  projection: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // A session lock outlives the work if the unlock fails: then the connection is closed, not pooled.
  let broken = false;
  try {
    const { rows } = await client.query(`SELECT pg_try_advisory_lock(${KEY}) AS ok`, [projection]);
    if (rows[0].ok !== true) throw new ProjectionLockedError(projection);
    try {
      return await work();
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${KEY})`, [projection]).catch(() => {
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}
