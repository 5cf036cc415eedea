import { CHANGES_CHANNEL } from '@zelo/projections/runner';
import type { ChannelAdapter } from '@zelo/services/channels/port';
import { ChannelWorker } from '@zelo/services/channels/worker';
import { systemClock } from '@zelo/services/platform/clock';
import type { Deps } from '@zelo/services/platform/command-handler';
import type { Pool } from '@zelo/services/platform/db';
import { newId } from '@zelo/services/platform/ids';
import { createTestDatabase, type TestDatabase } from '@zelo/services/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../system.ts';

// A connection projected while the channel worker is starting must still get its session started.
// This is what made `startTestSystem()` sometimes come up with the demo connection never paired
// (the harness gave up and the tests then failed with ChannelNotConnectedError). The periodic sync
// would repair it too, so these tests give it a renewal period far longer than they wait.

describe('channel worker start-up', () => {
  let db: TestDatabase;
  const slow = { ttlMs: 120_000, renewMs: 60_000 };

  beforeAll(async () => {
    db = await createTestDatabase(allMigrations);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const fakeAdapter = (started: string[]) =>
    ({
      provider: 'simulator',
      start: async (id: string) => void started.push(id),
      stop: async () => {},
      logout: async () => {},
    }) as unknown as ChannelAdapter;

  /** The read model as the projection writes it: the row, then the change notification. */
  const project = async (whatsappId: string, companyId: string) => {
    await db.pool.query(
      `INSERT INTO whatsapps (id, company_id, name, is_default, provider, token, settings, queue_ids, created_at, updated_at)
       VALUES ($1, $2, 'Loja', true, 'simulator', $3, '{}', '{}', now(), now())`,
      [whatsappId, companyId, newId()],
    );
    await db.pool.query('SELECT pg_notify($1, $2)', [
      CHANGES_CHANNEL,
      JSON.stringify([{ kind: 'whatsapp', action: 'create', id: whatsappId, companyId }]),
    ]);
  };

  const waitFor = async (started: string[], id: string) => {
    const deadline = Date.now() + 3_000;
    while (!started.includes(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  // Regression test for a bug found while writing this suite (now fixed).
  it('starts a connection that is projected right after its first look at the connections', async () => {
    const whatsappId = newId();
    const started: string[] = [];
    // The worker's first read of the connections comes back empty; the projection lands right after.
    let projected = false;
    const pool = {
      async query(sql: string, params?: unknown[]) {
        const result = await db.pool.query(sql, params);
        if (!projected && /FROM whatsapps/.test(sql)) {
          projected = true;
          await project(whatsappId, newId());
        }
        return result;
      },
    } as unknown as Pool;

    const deps = { store: null, clock: systemClock } as unknown as Deps;
    const worker = new ChannelWorker(deps, pool, db.url, () => fakeAdapter(started), slow);
    await worker.start();
    try {
      await waitFor(started, whatsappId);
      expect(started).toContain(whatsappId);
    } finally {
      await worker.stop();
    }
  });

  it('starts a connection projected after it is listening, once', async () => {
    const whatsappId = newId();
    const started: string[] = [];
    const worker = new ChannelWorker(
      { store: null, clock: systemClock } as unknown as Deps,
      db.pool,
      db.url,
      () => fakeAdapter(started),
      slow,
    );
    await worker.start();
    try {
      await project(whatsappId, newId());
      await waitFor(started, whatsappId);
      await new Promise((r) => setTimeout(r, 300));
      expect(started.filter((id) => id === whatsappId)).toEqual([whatsappId]);
    } finally {
      await worker.stop();
    }
  });
});
