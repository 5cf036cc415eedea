import { inTransaction as inTransactionOf } from '@zelo/projections/pg-listener';
import pg from 'pg';

// bigint columns (event positions, counts) come back as strings by default; counts fit in a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/zelo';

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, keepAlive: true });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (err) => console.error('[db] idle client error', err.message));
  // Nor a checked-out one (pg_terminate_backend, a restart, a network cut): an 'error' event with no
  // listener ends the process. The query in flight fails with the error, so only its request or batch
  // fails; the broken client is discarded when released (pg-pool drops clients that are not queryable).
  pool.on('connect', (client) => {
    client.on('error', (err) => console.error('[db] connection lost', err.message));
  });
  return pool;
}

/**
 * One transaction on a pooled client (projections' inTransaction): its checkout guards the client
 * against a connection cut, which pools not made by createPool (the CLI's, tests') need.
 */
export const inTransaction = <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> =>
  inTransactionOf(pool, 'a transaction', work);

/** Creates the database named in the URL when it is missing (the local server trusts us). */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      } catch (err) {
        // Another process (a role starting beside this one) created it between the check and here:
        // 42P04 duplicate_database, or 23505 when both reached pg_database's unique index at once.
        // The index waits for the other creation to commit before it refuses, so the database exists.
        const code = (err as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw err;
      }
    }
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
