import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewEvent } from '../../services/src/event-store/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../../services/src/event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/database.ts';
import { eventually } from '../../services/src/testing/eventually.ts';
import { readAllCommitted } from '../../services/src/testing/read-all.ts';
import { projectionFaults, projectionFaultsMigration } from './projection-faults.ts';
import { rebuildProjection } from './rebuild.ts';
import { checkpointMigration, type Projection, ProjectionRunner, readCheckpoint } from './runner.ts';
import { write } from './write-buffer.ts';

// One bad event stops neither its projection nor the others of its group: it is parked for the
// projection that cannot store it, and reported; a failure that is not the event's parks nothing.

const companyId = randomUUID();
const noteAdded = (note: string): NewEvent => ({
  id: randomUUID(),
  type: 'TicketNoteAdded',
  data: {
    companyId,
    noteId: randomUUID(),
    ticketId: randomUUID(),
    contactId: randomUUID(),
    userId: randomUUID(),
    note,
  },
  metadata: { companyId, actor: 'test', correlationId: randomUUID(), at: new Date().toISOString() },
});
const noteOf = (e: { data: object }) => (e.data as { note?: string }).note;

/** Stores notes in a column of ten characters: a longer note is a value PostgreSQL refuses (22001). */
const notes: Projection = {
  name: 'test-notes',
  tables: ['fault_notes'],
  async handle(tx, event) {
    if (event.type !== 'TicketNoteAdded') return;
    await write(tx, 'INSERT INTO fault_notes (id, note) VALUES ($1, $2)', [event.id, event.data.note]);
  },
};
/** Records every event it is given. */
const recorder = (name: string): Projection => ({
  name,
  tables: ['fault_seen'],
  async handle(tx, event) {
    await write(tx, 'INSERT INTO fault_seen (projection, event_id) VALUES ($1, $2)', [name, event.id]);
  },
});
/** A reactor whose own code fails on the note "boom" (it takes a lookup for granted: a TypeError). */
const picked: string[] = [];
const sizes = new Map<string, { length: number }>();
const picky: Projection = {
  name: 'test-picky',
  tables: [],
  async handle(_tx, event) {
    if (noteOf(event) === 'boom') sizes.get('boom')!.length;
    picked.push(event.id);
  },
};

const seenBy = async (db: TestDatabase, name: string) =>
  (
    await db.pool.query<{ event_id: string }>('SELECT event_id FROM fault_seen WHERE projection = $1', [name])
  ).rows.map((r) => r.event_id);
const faultRows = async (db: TestDatabase, projection: string) =>
  (
    await db.pool.query(
      'SELECT position, event_id, event_type, stream_id, error, code FROM projection_faults WHERE projection = $1 ORDER BY at',
      [projection],
    )
  ).rows;
const checkpoint = async (db: TestDatabase, name: string) =>
  (await db.pool.query('SELECT position, events_applied FROM projection_checkpoints WHERE name = $1', [name]))
    .rows[0];

describe('ProjectionRunner with an event a projection cannot store', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const appended: NewEvent[] = [];
  const append = async (note: string) => {
    const e = noteAdded(note);
    appended.push(e);
    await store.appendToStream(`note-${e.id}`, [e], 'no_stream');
    return e;
  };
  const lastPosition = async () => (await readAllCommitted(store, db.pool)).at(-1)!.position;
  const caughtUp = async (names: string[]) => {
    const last = await lastPosition();
    await eventually(
      async () => {
        for (const name of names) if ((await readCheckpoint(db.pool, name)) !== last) return false;
        return true;
      },
      15_000,
      `${names.join(', ')} at ${last}`,
    );
    return last;
  };

  beforeAll(async () => {
    db = await createTestDatabase([
      ...eventStoreMigrations,
      checkpointMigration,
      projectionFaultsMigration,
      {
        id: 'test/001-fault-tables',
        sql: `CREATE TABLE fault_notes (id uuid PRIMARY KEY, note varchar(10) NOT NULL);
              CREATE TABLE fault_seen (projection text NOT NULL, event_id uuid NOT NULL,
                                       PRIMARY KEY (projection, event_id));`,
      },
    ]);
    store = new PostgresEventStore(db.pool, db.url);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await store?.close();
    await db?.drop();
  });

  it('parks the bad event for its projection alone, and applies every other projection and event', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const one = await append('one');
    const long = await append('far too long for ten');
    const two = await append('two');
    const boom = await append('boom');
    const three = await append('three');

    const runner = new ProjectionRunner(db.pool, store, [notes, recorder('test-recorder'), picky], {
      pollMs: 20,
    });
    const parked: [string, string][] = [];
    runner.on('parked', (name: string, event: { id: string }) => parked.push([name, event.id]));
    runner.start();
    try {
      await caughtUp(['test-notes', 'test-recorder', 'test-picky']);
      // Events after the bad ones still come through.
      const four = await append('four');
      const last = await caughtUp(['test-notes', 'test-recorder', 'test-picky']);

      const stored = (await db.pool.query('SELECT id, note FROM fault_notes ORDER BY note')).rows;
      expect(stored.map((r) => r.note)).toEqual(['boom', 'four', 'one', 'three', 'two']);
      expect((await seenBy(db, 'test-recorder')).sort()).toEqual(appended.map((e) => e.id).sort());
      expect(new Set(picked)).toEqual(new Set([one, long, two, three, four].map((e) => e.id)));

      const events = await readAllCommitted(store, db.pool);
      const at = (e: NewEvent) => events.find((r) => r.id === e.id)!.position;
      expect(await faultRows(db, 'test-notes')).toEqual([
        {
          position: at(long),
          event_id: long.id,
          event_type: 'TicketNoteAdded',
          stream_id: `note-${long.id}`,
          error: 'value too long for type character varying(10)',
          code: '22001',
        },
      ]);
      const [pickyFault] = await faultRows(db, 'test-picky');
      expect(pickyFault).toMatchObject({ position: at(boom), event_id: boom.id, code: 'TypeError' });
      expect(pickyFault.error).toMatch(/length/);
      expect(await faultRows(db, 'test-recorder')).toEqual([]);

      // Each checkpoint is past everything; a parked event is not counted as applied.
      expect(await checkpoint(db, 'test-notes')).toEqual({ position: last, events_applied: 5 });
      expect(await checkpoint(db, 'test-recorder')).toEqual({ position: last, events_applied: 6 });
      expect(await checkpoint(db, 'test-picky')).toEqual({ position: last, events_applied: 5 });

      // Once each, with one clear log line each.
      expect(parked).toEqual([
        ['test-notes', long.id],
        ['test-picky', boom.id],
      ]);
      const lines = logged.mock.calls.map((c) => String(c[0]));
      expect(lines.filter((l) => l.includes('parked event'))).toEqual([
        `[projections] test-notes parked event ${at(long)} (TicketNoteAdded ${long.id}, stream note-${long.id}): ` +
          '22001 value too long for type character varying(10)',
        expect.stringMatching(
          new RegExp(
            `^\\[projections\\] test-picky parked event ${at(boom)} \\(TicketNoteAdded ${boom.id}.*: TypeError `,
          ),
        ),
      ]);

      // What `zelo projections status` shows.
      const faults = await projectionFaults(db.pool);
      expect([...faults.keys()].sort()).toEqual(['test-notes', 'test-picky']);
      expect(faults.get('test-notes')).toMatchObject({
        parked: 1,
        latest: {
          position: at(long),
          eventId: long.id,
          eventType: 'TicketNoteAdded',
          code: '22001',
          error: 'value too long for type character varying(10)',
        },
      });
    } finally {
      await runner.stop();
      logged.mockRestore();
    }
  });

  it("parks nothing for a failure that is not the event's: a cut connection is retried", async () => {
    let cuts = 0;
    const cutter: Projection = {
      name: 'test-cutter',
      tables: [],
      async handle(tx, event) {
        // The first time it meets "cut", the database ends this connection under it (57P01).
        if (noteOf(event) === 'cut' && cuts++ === 0)
          await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
      },
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await append('cut');
    await append('after');
    const runner = new ProjectionRunner(db.pool, store, [cutter, recorder('test-recorder-2')], {
      pollMs: 20,
    });
    let parked = 0;
    runner.on('parked', () => parked++);
    runner.start();
    try {
      const last = await caughtUp(['test-cutter', 'test-recorder-2']);
      expect(cuts).toBe(2);
      expect(parked).toBe(0);
      expect(await faultRows(db, 'test-cutter')).toEqual([]);
      expect(await faultRows(db, 'test-recorder-2')).toEqual([]);
      expect((await seenBy(db, 'test-recorder-2')).sort()).toEqual(appended.map((e) => e.id).sort());
      expect(await checkpoint(db, 'test-cutter')).toEqual({
        position: last,
        events_applied: appended.length,
      });
      // Retried as before: the error was logged, and the batch applied on the next try.
      expect(logged.mock.calls.some((c) => String(c[1] ?? c[0]).includes('terminating connection'))).toBe(
        true,
      );
    } finally {
      await runner.stop();
      logged.mockRestore();
    }
  });

  it('a replay applies the parked events again: parked anew while the cause stays, cleared once fixed', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const total = (await readAllCommitted(store, db.pool)).length;
      const long = appended.find((e) => noteOf(e) === 'far too long for ten')!;

      const again = await rebuildProjection(db.pool, store, notes);
      expect(again).toMatchObject({ finished: true, done: total, parked: 1 });
      expect((await faultRows(db, 'test-notes')).map((f) => f.event_id)).toEqual([long.id]);
      expect((await checkpoint(db, 'test-notes')).events_applied).toBe(total - 1);

      // The fix: a column wide enough. The replay stores the note and the fault is gone.
      await db.pool.query('ALTER TABLE fault_notes ALTER COLUMN note TYPE varchar(100)');
      const fixed = await rebuildProjection(db.pool, store, notes);
      expect(fixed).toMatchObject({ finished: true, done: total, parked: 0 });
      expect(await faultRows(db, 'test-notes')).toEqual([]);
      expect((await projectionFaults(db.pool)).has('test-notes')).toBe(false);
      const { rows } = await db.pool.query('SELECT note FROM fault_notes WHERE id = $1', [long.id]);
      expect(rows).toEqual([{ note: 'far too long for ten' }]);
      expect((await checkpoint(db, 'test-notes')).events_applied).toBe(total);
      // Another projection's faults are its own.
      expect((await faultRows(db, 'test-picky')).length).toBe(1);
    } finally {
      logged.mockRestore();
    }
  });
});
