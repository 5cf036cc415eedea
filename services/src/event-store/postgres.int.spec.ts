import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import {
  eventStoreContract,
  newEvent,
  positionNow,
  readUntil,
  streamPrefix,
} from './event-store.contract.ts';
import { WrongExpectedRevisionError } from './port.ts';
import { eventStoreMigrations, PostgresEventStore } from './postgres.ts';

eventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase(eventStoreMigrations);
  const store = new PostgresEventStore(db.pool, db.url);
  return {
    store,
    teardown: async () => {
      await store.close();
      await db.drop();
    },
  };
});

describe('PostgreSQL event store: transactions that commit out of order', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let raw: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase(eventStoreMigrations);
    store = new PostgresEventStore(db.pool, db.url);
    raw = new pg.Client({ connectionString: db.url });
    await raw.connect();
  });

  afterAll(async () => {
    await raw?.end();
    await store?.close();
    await db?.drop();
  });

  const insertRaw = (streamId: string) => {
    const e = newEvent('CommittedLate');
    return raw
      .query(
        `INSERT INTO es_events (stream_id, stream_position, event_id, type, data, metadata)
         VALUES ($1, 0, $2, $3, $4, $5)`,
        [streamId, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
      )
      .then(() => e);
  };

  it('holds back a later commit until an earlier open transaction commits, then returns both in order', async () => {
    const prefix = streamPrefix();
    const from = await positionNow(store);

    await raw.query('BEGIN');
    const early = await insertRaw(`${prefix}early`);
    const later = newEvent('CommittedEarly');
    const appended = await store.appendToStream(`${prefix}later`, [later], 'no_stream');
    expect((await store.readStream(`${prefix}later`)).events.map((e) => e.id)).toEqual([later.id]);

    // The later event is committed, but a reader that took it now would move its checkpoint past
    // the still-open earlier transaction and never see that one.
    expect(await store.readAll(from, 100)).toEqual([]);

    await raw.query('COMMIT');
    const all = await readUntil(store, from, 100, (evs) => evs.length >= 2);
    expect(all.map((e) => e.id)).toEqual([early.id, later.id]);
    expect(store.comparePositions(all[0].position, all[1].position)).toBeLessThan(0);
    expect(store.comparePositions(all[1].position, appended.position)).toBe(0);
    // A reader that checkpointed the late event resumes without seeing anything twice.
    expect(await store.readAll(all[1].position, 100)).toEqual([]);
  });

  it('does not wait forever on, nor ever return, an event whose transaction rolls back', async () => {
    const prefix = streamPrefix();
    const from = await positionNow(store);

    await raw.query('BEGIN');
    await insertRaw(`${prefix}rolled-back`);
    const later = newEvent('Kept');
    await store.appendToStream(`${prefix}kept`, [later], 'no_stream');
    expect(await store.readAll(from, 100)).toEqual([]);
    await raw.query('ROLLBACK');

    expect((await readUntil(store, from, 100, (evs) => evs.length >= 1)).map((e) => e.id)).toEqual([
      later.id,
    ]);
    expect(await store.readAll(from, 100)).toHaveLength(1);
  });

  it('orders the events of one multi-event append by their stream revision', async () => {
    const stream = `${streamPrefix()}batch`;
    const from = await positionNow(store);
    const evs = Array.from({ length: 50 }, (_, i) => ({ ...newEvent('Batched', { i }), id: randomUUID() }));
    await store.appendToStream(stream, evs, 'no_stream');
    const all = await readUntil(store, from, 100, (read) => read.length >= evs.length);
    expect(all.map((e) => e.id)).toEqual(evs.map((e) => e.id));
    expect(all.map((e) => e.streamRevision)).toEqual(evs.map((_, i) => i));
  });
});

describe('PostgreSQL event store: several streams in one transaction', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase(eventStoreMigrations);
    store = new PostgresEventStore(db.pool, db.url);
  });

  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('writes none of the streams when a later one fails for its data (a NUL the database refuses)', async () => {
    const prefix = streamPrefix();
    await expect(
      store.appendToStreams([
        { streamId: `${prefix}claim`, events: [newEvent('Claimed')], expected: 'no_stream' },
        {
          streamId: `${prefix}owner`,
          events: [newEvent('Created', { name: 'a\u0000b' })],
          expected: 'no_stream',
        },
      ]),
    ).rejects.toThrow();
    expect((await store.readStream(`${prefix}claim`)).revision).toBe(-1);
    expect((await store.readStream(`${prefix}owner`)).revision).toBe(-1);
    // The claim is free: the same appends with good data go through.
    const ok = await store.appendToStreams([
      { streamId: `${prefix}claim`, events: [newEvent('Claimed')], expected: 'no_stream' },
      { streamId: `${prefix}owner`, events: [newEvent('Created', { name: 'ab' })], expected: 'no_stream' },
    ]);
    expect(ok.map((r) => r.nextRevision)).toEqual([0, 0]);
  });
});

describe('PostgreSQL event store: transaction ids of different lengths', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase(eventStoreMigrations);
    store = new PostgresEventStore(db.pool, db.url);
  });

  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  // Regression: ordering by the text form of transaction_id put "10" before "9" once ids crossed a
  // digit boundary, and readers that had moved past "10" then skipped "9" for good.
  it('orders by the numeric transaction id, so ids crossing a digit boundary stay in order', async () => {
    const rows = [
      { tx: '9', stream: 'nine' },
      { tx: '10', stream: 'ten' },
      { tx: '99', stream: 'ninety-nine' },
      { tx: '100', stream: 'hundred' },
    ];
    for (const r of rows) {
      const e = newEvent('Old');
      await db.pool.query(
        `INSERT INTO es_events (stream_id, stream_position, event_id, type, data, metadata, transaction_id)
         VALUES ($1, 0, $2, $3, $4, $5, $6::xid8)`,
        [r.stream, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), r.tx],
      );
    }
    const all = await store.readAll(null, 10);
    expect(all.map((e) => e.streamId)).toEqual(['nine', 'ten', 'ninety-nine', 'hundred']);
    const afterTen = await store.readAll(all[1].position, 10);
    expect(afterTen.map((e) => e.streamId)).toEqual(['ninety-nine', 'hundred']);
  });
});

describe('PostgreSQL event store: group commit', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let other: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase(eventStoreMigrations);
    store = new PostgresEventStore(db.pool, db.url);
    // A second store on the same database: another process appending beside this one.
    other = new PostgresEventStore(db.pool, db.url);
  });

  afterAll(async () => {
    await other?.close();
    await store?.close();
    await db?.drop();
  });

  const txOf = (position: string) => position.split(':')[0];

  it('writes concurrent callers in fewer transactions than callers, each write whole and in order', async () => {
    const prefix = streamPrefix();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        store.appendToStream(`${prefix}s${i}`, [newEvent('A'), newEvent('B')], 'no_stream'),
      ),
    );
    expect(new Set(results.map((r) => txOf(r.position))).size).toBeLessThan(40);
    for (let i = 0; i < 40; i++) {
      const read = await store.readStream(`${prefix}s${i}`);
      expect(read.events.map((e) => e.type)).toEqual(['A', 'B']);
      // A write's events share its transaction, in order: readers, who order by transaction first, see
      // them side by side even when the sequence interleaved them with a concurrent group's.
      const [a, b] = read.events.map((e) => e.position);
      expect(txOf(a)).toBe(txOf(b));
      expect(store.comparePositions(a, b)).toBeLessThan(0);
    }
  });

  it('fails only the caller whose value PostgreSQL refuses; the rest of its group commits', async () => {
    const prefix = streamPrefix();
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        store.appendToStream(
          `${prefix}s${i}`,
          // jsonb cannot hold a NUL: writer 3's event is refused by the database.
          [newEvent('A', { text: i === 3 ? 'bad\u0000value' : 'fine' })],
          'no_stream',
        ),
      ),
    );
    expect(settled.map((r) => r.status)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i === 3 ? 'rejected' : 'fulfilled')),
    );
    expect((await store.readStream(`${prefix}s3`)).revision).toBe(-1);
    expect((await store.readStream(`${prefix}s4`)).revision).toBe(0);
  });

  it('lets two processes race on one stream in their groups: exactly one wins, the other conflicts', async () => {
    const prefix = streamPrefix();
    const bystanders = (s: PostgresEventStore, tag: string) =>
      Array.from({ length: 10 }, (_, i) =>
        s.appendToStream(`${prefix}${tag}${i}`, [newEvent()], 'no_stream'),
      );
    const settled = await Promise.allSettled([
      ...bystanders(store, 'a'),
      store.appendToStream(`${prefix}contested`, [newEvent('Mine')], 'no_stream'),
      ...bystanders(other, 'b'),
      other.appendToStream(`${prefix}contested`, [newEvent('Theirs')], 'no_stream'),
    ]);
    const contested = [settled[10], settled[21]];
    expect(contested.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = contested.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(WrongExpectedRevisionError);
    // Every bystander committed, whichever group the race landed in.
    expect(settled.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect((await store.readStream(`${prefix}contested`)).events).toHaveLength(1);
  });
});
