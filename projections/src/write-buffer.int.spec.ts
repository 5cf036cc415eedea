import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/database.ts';
import { withWriteBuffer, write } from './write-buffer.ts';

const INSERT = `INSERT INTO samples (k, t, u, i, b, n, f, ok, at, j, us, ts, raw, tsz)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`;
const tricky = [
  "it's",
  'back\\slash',
  '\\x41',
  "E'\\'",
  'ção 🎉',
  'two\nlines\ttab',
  '$1 ; -- not a comment',
  '',
  "'); DROP TABLE samples; --",
];
// The values a handler passes, of every kind pg serialises: the buffered row must equal the direct one.
const rows = (k: string) =>
  tricky.map((text, i) => [
    `${k}${i}`,
    text,
    '6f1e8d0a-3b1c-4c5e-9a0b-123456789abc',
    i - 4,
    '9007199254740993',
    '12345.678901234567890',
    i / 3,
    i % 2 === 0,
    new Date(Date.UTC(2026, 0, 5, 12, 0, i, 7)),
    { text, list: [1, null, 'x'], nested: { q: "'" } },
    ['6f1e8d0a-3b1c-4c5e-9a0b-123456789abc', '00000000-0000-4000-8000-000000000001'],
    [text, null, 'a,b', '{c}', '"d"'],
    Buffer.from([0, 1, 2, 255]),
    i % 3 === 0 ? null : undefined,
  ]);
const read = async (pool: pg.Pool, prefix: string) =>
  (
    await pool.query(
      `SELECT substr(k, 2) AS k, t, u, i, b, n, f, ok, at, j, us, ts, raw, tsz FROM samples WHERE k LIKE $1 ORDER BY k`,
      [`${prefix}%`],
    )
  ).rows;

describe('write buffer', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(`CREATE TABLE samples (
      k text PRIMARY KEY, t text, u uuid, i int, b bigint, n numeric, f float8, ok boolean, at timestamptz,
      j jsonb, us uuid[], ts text[], raw bytea, tsz timestamptz, hits int NOT NULL DEFAULT 0)`);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const inTx = async <T>(fn: (client: pg.PoolClient) => Promise<T>) => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const r = await fn(client);
      await client.query('COMMIT');
      return r;
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  };

  it('stores every kind of value exactly as the same statement with parameters does', async () => {
    await inTx(async (client) => {
      for (const values of rows('d')) await client.query(INSERT, values);
    });
    await inTx((client) =>
      withWriteBuffer(client, async (tx) => {
        for (const values of rows('w')) await write(tx, INSERT, values);
      }),
    );
    const direct = await read(db.pool, 'd');
    expect(direct).toHaveLength(tricky.length);
    expect(await read(db.pool, 'w')).toEqual(direct);
    expect(direct[0].raw).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('infers untyped parameters the same way (arithmetic, comparison, reuse)', async () => {
    const bump = 'UPDATE samples SET hits = hits + $2, t = $3 || t WHERE k = $1 AND $4 = (SELECT $4)';
    await inTx(async (client) => {
      await client.query(bump, ['d0', '2', 'x', 7]);
      await withWriteBuffer(client, (tx) => write(tx, bump, ['w0', '2', 'x', 7]));
    });
    expect(await read(db.pool, 'w')).toEqual(await read(db.pool, 'd'));
  });

  it('sends the queued writes in one round trip, in order, before anything that reads', async () => {
    const sent: string[] = [];
    const seen = await inTx((client) => {
      const query = client.query.bind(client);
      (client as { query: unknown }).query = (text: string, ...rest: unknown[]) => {
        sent.push(typeof text === 'string' ? text : 'config');
        return (query as (...a: unknown[]) => unknown)(text, ...rest);
      };
      return withWriteBuffer(client, async (tx) => {
        await write(tx, 'INSERT INTO samples (k, hits) VALUES ($1, 0)', ['order']);
        for (let i = 0; i < 50; i++)
          await write(tx, 'UPDATE samples SET hits = (hits * 7 + $2) % 1000 WHERE k = $1', ['order', i]);
        const { rows } = await tx.query(`SELECT hits FROM samples WHERE k = 'order'`);
        return { hits: rows[0].hits, sent: sent.length };
      });
    });
    // Each step depends on the one before: any reordering gives another number.
    let expected = 0;
    for (let i = 0; i < 50; i++) expected = (expected * 7 + i) % 1000;
    expect(seen.hits).toBe(expected);
    // The prepared-statement list (first use of the connection), the writes, the read.
    expect(seen.sent).toBeLessThanOrEqual(3);
  });

  it('writes to the tables the search_path names now, as a rebuild needs (its shadow schema)', async () => {
    await db.pool.query(
      'CREATE SCHEMA shadow; CREATE TABLE shadow.samples (LIKE public.samples INCLUDING ALL)',
    );
    const insert = 'INSERT INTO samples (k) VALUES ($1)';
    const client = await db.pool.connect();
    try {
      // The same connection prepares the statement for the live tables, then runs it for the shadow.
      for (let i = 0; i < 6; i++) await withWriteBuffer(client, (tx) => write(tx, insert, [`live${i}`]));
      await client.query(`SET search_path = shadow, public`);
      await withWriteBuffer(client, (tx) => write(tx, insert, ['rebuilt']));
      await client.query('SET search_path = public');
    } finally {
      client.release();
    }
    const where = async (schema: string) =>
      (
        await db.pool.query(`SELECT k FROM ${schema}.samples WHERE k ~ '^(live|rebuilt)' ORDER BY k`)
      ).rows.map((r) => r.k);
    expect(await where('shadow')).toEqual(['rebuilt']);
    expect(await where('public')).toEqual(['live0', 'live1', 'live2', 'live3', 'live4', 'live5']);
  });

  it('fails the batch at the write that fails, and the connection is fine afterwards', async () => {
    const insert = 'INSERT INTO samples (k, i) VALUES ($1, $2)';
    await expect(
      inTx((client) =>
        withWriteBuffer(client, async (tx) => {
          await write(tx, insert, ['bad1', 1]);
          await write(tx, insert, ['bad2', 'not a number']);
        }),
      ),
    ).rejects.toThrow(/invalid input syntax for type integer/);
    // A NUL cannot travel in a query string: it goes as a parameter and fails as it would unbuffered.
    await expect(
      inTx((client) => withWriteBuffer(client, (tx) => write(tx, insert, ['nul\0', 1]))),
    ).rejects.toThrow();
    for (let i = 0; i < 3; i++)
      await inTx((client) => withWriteBuffer(client, (tx) => write(tx, insert, [`good${i}`, i])));
    const { rows } = await db.pool.query(`SELECT k FROM samples WHERE k ~ '^(bad|good|nul)' ORDER BY k`);
    expect(rows.map((r) => r.k)).toEqual(['good0', 'good1', 'good2']);
  });
});
