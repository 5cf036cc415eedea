import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../services/src/event-store/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../../services/src/event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/database.ts';
import { eventually } from '../../services/src/testing/eventually.ts';
import { checkpointMigration, type Projection, ProjectionRunner } from './runner.ts';

const companyId = randomUUID();
const note = (): NewEvent => ({
  id: randomUUID(),
  type: 'TicketNoteAdded',
  data: { companyId, noteId: randomUUID(), ticketId: randomUUID(), userId: randomUUID(), note: 'n' },
  metadata: { companyId, actor: 'test', correlationId: randomUUID(), at: new Date().toISOString() },
});

/** A reactor that only remembers what it was given, and a runner that counts its batches. */
function watched(
  store: PostgresEventStore,
  pool: TestDatabase['pool'],
  options: { paceMs?: number; batchSize?: number },
) {
  const seen: string[] = [];
  const projection: Projection = {
    name: `paced-${randomUUID()}`,
    tables: [],
    async handle(_tx, event) {
      seen.push(event.id);
    },
  };
  const runner = new ProjectionRunner(pool, store, [projection], { pollMs: 50, ...options });
  let batches = 0;
  runner.on('applied', () => batches++);
  return { seen, runner, batches: () => batches };
}

// paceMs: a reactor whose work can wait reads at most once per pace while events keep coming, so
// that every append does not cost it a read; nothing is lost, and a backlog is read without a pause.
describe('ProjectionRunner paceMs', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase([...eventStoreMigrations, checkpointMigration]);
    store = new PostgresEventStore(db.pool, db.url);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('reads events arriving one by one in a few paced batches, every one of them', async () => {
    const paced = watched(store, db.pool, { paceMs: 400 });
    const eager = watched(store, db.pool, {});
    paced.runner.start();
    eager.runner.start();
    const ids: string[] = [];
    const started = Date.now();
    // 24 appends 25 ms apart: about 600 ms of steady traffic (more on a busy machine).
    for (let i = 0; i < 24; i++) {
      const e = note();
      ids.push(e.id);
      await store.appendToStream(`note-${e.id}`, [e], 'no_stream');
      await new Promise((r) => setTimeout(r, 25));
    }
    const traffic = Date.now() - started;
    await eventually(async () => expect(paced.seen).toEqual(ids), 5_000);
    await eventually(async () => expect(eager.seen).toEqual(ids), 5_000);
    await Promise.all([paced.runner.stop(), eager.runner.stop()]);
    // One read per 400 ms of traffic (two or three batches for 600 ms), where the runner without a
    // pace took a batch for nearly every append.
    expect(paced.batches()).toBeLessThanOrEqual(Math.ceil(traffic / 400) + 1);
    expect(eager.batches()).toBeGreaterThan(8);
  });

  it('reads a backlog batch after batch without waiting for its pace', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const e = note();
      ids.push(e.id);
      await store.appendToStream(`note-${e.id}`, [e], 'no_stream');
    }
    const paced = watched(store, db.pool, { paceMs: 10_000, batchSize: 10 });
    const started = Date.now();
    paced.runner.start();
    // The events of the first test come first: every event of this one within a fraction of one pace.
    await eventually(async () => expect(paced.seen.slice(-50)).toEqual(ids), 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    await paced.runner.stop();
  });

  it('two processes running one reactor: the one that finds its work done sits out, and takes over when the other stops', async () => {
    const name = `shared-${randomUUID()}`;
    const seen: string[] = [];
    /** Each process's reactor: the events it was given, and `skipped` where it was told it missed some. */
    const logs: string[][] = [];
    /** The reactor as each process runs it, and how often that process read the event stream. */
    const process = () => {
      let reads = 0;
      const log: string[] = [];
      logs.push(log);
      const source = {
        readAll: (after: string | null, limit: number) => {
          reads++;
          return store.readAll(after, limit);
        },
        onAppended: (listener: () => void) => store.onAppended(listener),
        comparePositions: (a: string, b: string) => store.comparePositions(a, b),
      };
      const projection: Projection = {
        name,
        tables: [],
        async handle(_tx, event) {
          seen.push(event.id);
          log.push(event.id);
        },
        skipped: () => log.push('skipped'),
      };
      const runner = new ProjectionRunner(db.pool, source, [projection], { pollMs: 50, standbyMs: 1_000 });
      return { runner, reads: () => reads };
    };
    const a = process();
    const b = process();
    a.runner.start();
    b.runner.start();
    const write = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const e = note();
        ids.push(e.id);
        await store.appendToStream(`note-${e.id}`, [e], 'no_stream');
        await new Promise((r) => setTimeout(r, 25));
      }
      return ids;
    };
    // The events of the earlier tests come first: this test's are the last ones seen.
    const ids = await write(60);
    await eventually(async () => expect(seen.slice(seen.indexOf(ids[0]))).toEqual(ids), 5_000);
    // About 1.5 s of appends: one process read on nearly every append, the other about once a second.
    const [busy, idle] = a.reads() > b.reads() ? [a, b] : [b, a];
    expect(busy.reads()).toBeGreaterThan(20);
    expect(idle.reads()).toBeLessThanOrEqual(6);
    // The busy one stops (a process killed or stopped): the other one carries on, nothing lost or repeated.
    await busy.runner.stop();
    const later = await write(10);
    await eventually(async () => expect(seen.slice(seen.indexOf(later[0]))).toEqual(later), 5_000);
    expect(new Set(seen).size).toBe(seen.length);
    await idle.runner.stop();
    // Each process's reactor saw an unbroken run of events, or was told (skipped) where it was not: a
    // reactor that folds state from what it sees (the chatbot's followed tickets) never folds across a gap.
    const order = new Map(seen.map((id, i) => [id, i]));
    for (const log of logs) {
      const runs = log
        .join(' ')
        .split('skipped')
        .map((r) => r.trim().split(' ').filter(Boolean));
      for (const run of runs)
        for (let i = 1; i < run.length; i++)
          expect(order.get(run[i]), 'the next event after one it saw').toBe(
            (order.get(run[i - 1]) ?? -2) + 1,
          );
    }
    expect(logs.some((log) => log.includes('skipped'))).toBe(true);
  });

  it('gives a reactor only the events it handles, spends no batch on the others, and still moves its checkpoint', async () => {
    const seen: string[] = [];
    const name = `handles-${randomUUID()}`;
    const projection: Projection = {
      name,
      tables: [],
      handles: new Set(['TicketNoteDeleted']),
      async handle(_tx, event) {
        seen.push(event.type);
      },
    };
    const runner = new ProjectionRunner(db.pool, store, [projection], { pollMs: 50, checkpointEveryMs: 600 });
    let batches = 0;
    runner.on('applied', () => batches++);
    runner.start();
    const checkpoint = async () =>
      (await db.pool.query('SELECT position FROM projection_checkpoints WHERE name = $1', [name])).rows[0]
        ?.position ?? null;
    // Notes nobody here acts on, one by one, then one deleted note, then more notes.
    for (let i = 0; i < 10; i++) {
      const e = note();
      await store.appendToStream(`note-${e.id}`, [e], 'no_stream');
      await new Promise((r) => setTimeout(r, 20));
    }
    const deleted = { ...note(), type: 'TicketNoteDeleted' };
    deleted.data = { companyId, noteId: randomUUID(), ticketId: randomUUID(), userId: randomUUID() };
    await store.appendToStream(`note-${deleted.id}`, [deleted], 'no_stream');
    await eventually(async () => expect(seen).toEqual(['TicketNoteDeleted']), 5_000);
    let last = '';
    for (let i = 0; i < 10; i++) {
      const e = note();
      last = (await store.appendToStream(`note-${e.id}`, [e], 'no_stream')).position;
      await new Promise((r) => setTimeout(r, 20));
    }
    // Idle: the checkpoint reaches the last note within checkpointEveryMs, having acted on none.
    await eventually(async () => expect(await checkpoint()).toBe(last), 5_000);
    await runner.stop();
    expect(seen).toEqual(['TicketNoteDeleted']);
    // 21 appends cost a handful of transactions (a save every 600 ms, the deleted note), not one each.
    expect(batches).toBeLessThanOrEqual(5);
  });
});
