import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/database.ts';
import { checkOut, PgListener } from './pg-listener.ts';

const until = async (ok: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('PgListener', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase([]);
  });
  afterAll(async () => {
    await db?.drop();
  });
  const terminate = (appName: string) =>
    db.pool.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE $1',
      [appName],
    );

  it('reconnects after every cut, listens again and says so, so that the caller catches up', async () => {
    const heard: string[] = [];
    let caughtUp = 0;
    const listener = new PgListener(db.url, ['zelo_test_a', 'zelo_test_b'], {
      onNotification: (n) => heard.push(`${n.channel} ${n.payload}`),
      onReconnect: () => {
        caughtUp++;
      },
      minDelayMs: 20,
    });
    await listener.start();
    try {
      for (let cut = 1; cut <= 3; cut++) {
        await terminate('LISTEN%');
        await until(() => caughtUp === cut && listener.connected);
        await db.pool.query(`SELECT pg_notify('zelo_test_a', $1), pg_notify('zelo_test_b', $1)`, [
          `after ${cut}`,
        ]);
        await until(() => heard.includes(`zelo_test_b after ${cut}`));
        expect(heard).toContain(`zelo_test_a after ${cut}`);
      }
      expect(listener.reconnects).toBe(3);
    } finally {
      await listener.stop();
    }
    expect(listener.connected).toBe(false);
  });

  it('fails the query of a checked-out client that is cut, without ending the process', async () => {
    const { client, release } = await checkOut(db.pool, 'test');
    const { rows } = await client.query('SELECT pg_backend_pid() AS pid');
    const waiting = client.query('SELECT pg_sleep(5)').then(
      () => 'finished',
      (err: Error) => err.message,
    );
    await db.pool.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    expect(await waiting).toMatch(/terminat/);
    release(true);
    // The pool goes on with fresh connections.
    expect((await db.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});
