import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../services/src/event-store/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../../services/src/event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/database.ts';
import { outboundQueueMigrations, outboundQueueProjection } from './messaging/outbound-queue.ts';
import { projectionFaultsMigration } from './projection-faults.ts';
import { rebuildProjection, shadowSchema } from './rebuild.ts';
import { checkpointMigration, ProjectionRunner, readCheckpoint } from './runner.ts';

const companyId = randomUUID();
const queued = (): NewEvent => {
  const messageId = randomUUID();
  return {
    id: randomUUID(),
    type: 'OutboundMessageQueued',
    data: {
      companyId,
      messageId,
      ticketId: randomUUID(),
      contactId: randomUUID(),
      whatsappId: randomUUID(),
      body: 'oi',
      mediaType: 'chat',
      mediaUrl: null,
      userId: null,
      waMessageId: `ZELO${messageId}`,
    },
    metadata: { companyId, actor: 'test', correlationId: randomUUID(), at: new Date().toISOString() },
  };
};
const sent = (messageId: string): NewEvent => ({
  id: randomUUID(),
  type: 'OutboundMessageSent',
  data: { companyId, messageId, sentAt: new Date().toISOString(), attempts: 1 },
  metadata: { companyId, actor: 'test', correlationId: randomUUID(), at: new Date().toISOString() },
});

// A rebuild builds beside the live tables and swaps them in; the consumer of the work list never sees
// a delivered message again nor loses its claim on one in flight.
describe('rebuildProjection', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  const ids: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase([
      ...eventStoreMigrations,
      checkpointMigration,
      projectionFaultsMigration,
      ...outboundQueueMigrations,
    ]);
    store = new PostgresEventStore(db.pool, db.url);
    for (let i = 0; i < 6; i++) {
      const e = queued();
      ids.push(e.data.messageId as string);
      await store.appendToStream(`message-${e.data.messageId}`, [e], 'any');
    }
    // Four delivered, one claimed by the worker and being sent, one waiting.
    for (const id of ids.slice(0, 4)) await store.appendToStream(`message-${id}`, [sent(id)], 'any');
    runner = new ProjectionRunner(db.pool, store, [outboundQueueProjection], { pollMs: 20, batchSize: 3 });
    runner.start();
    const queue = async () =>
      (await db.pool.query('SELECT message_id FROM outbound_queue ORDER BY message_id')).rows.map(
        (r) => r.message_id,
      );
    for (let i = 0; i < 200 && (await queue()).length !== 2; i++) await new Promise((r) => setTimeout(r, 25));
    await db.pool.query(
      `UPDATE outbound_queue SET attempts = 1, next_attempt_at = now() + interval '30 seconds' WHERE message_id = $1`,
      [ids[4]],
    );
  });
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await db?.drop();
  });

  it('swaps in rebuilt tables that keep the claims in flight, the index names and the checkpoint', async () => {
    const seen: number[] = [];
    const done = await rebuildProjection(db.pool, store, outboundQueueProjection, {
      batchSize: 2,
      // Mid-build, the live work list is still whole: never emptied under the worker.
      onProgress: async () => {
        seen.push((await db.pool.query('SELECT count(*)::int AS n FROM outbound_queue')).rows[0].n);
      },
    });
    expect(done.finished).toBe(true);
    expect(done.done).toBe(10);
    expect(seen.every((n) => n === 2)).toBe(true);
    const { rows } = await db.pool.query(
      `SELECT message_id, attempts, next_attempt_at > now() + interval '20 seconds' AS claimed
         FROM outbound_queue ORDER BY attempts DESC`,
    );
    expect(rows).toEqual([
      { message_id: ids[4], attempts: 1, claimed: true },
      { message_id: ids[5], attempts: 0, claimed: false },
    ]);
    const indexes = await db.pool.query(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'outbound_queue' ORDER BY 1`,
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['outbound_queue_due', 'outbound_queue_pkey']);
    expect(await readCheckpoint(db.pool, 'outbound-queue')).toBe(done.position);
    const schemas = await db.pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
      shadowSchema('outbound-queue'),
    ]);
    expect(schemas.rowCount).toBe(0);

    // The live runner goes on from the swapped checkpoint: a new message is queued once, a send removes it.
    const e = queued();
    await store.appendToStream(`message-${e.data.messageId}`, [e], 'any');
    await store.appendToStream(`message-${ids[5]}`, [sent(ids[5])], 'any');
    const expected = [ids[4], e.data.messageId].sort();
    let now: string[] = [];
    for (let i = 0; i < 200; i++) {
      now = (await db.pool.query('SELECT message_id FROM outbound_queue ORDER BY message_id')).rows.map(
        (r) => r.message_id,
      );
      if (JSON.stringify(now) === JSON.stringify(expected)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(now).toEqual(expected);
  });

  it('refuses to rebuild a reactor (no tables): replaying it would repeat its side effects', async () => {
    let calls = 0;
    const reactor = {
      name: 'greetings',
      tables: [],
      async handle() {
        calls++;
      },
    };
    await expect(rebuildProjection(db.pool, store, reactor)).rejects.toThrow(/would repeat its side effects/);
    expect(calls).toBe(0);
  });
});
