import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../services/src/platform/db.ts';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/database.ts';
import { checkpointMigration } from './runner.ts';
import { lockInTransaction, ProjectionLockedError, startBatch, withRebuildLock } from './runner-lock.ts';

describe('projection lock', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase([checkpointMigration]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const runnerWouldApply = (name: string) =>
    inTransaction(db.pool, async (tx) => (await startBatch(tx, [name], true)).locked.length === 0);

  it('keeps a second rebuild out while one runs, but never the runner, and only for that projection', async () => {
    await withRebuildLock(db.pool, 'ticket-history', async () => {
      expect(await runnerWouldApply('ticket-history')).toBe(true);
      await expect(withRebuildLock(db.pool, 'ticket-history', async () => 'second')).rejects.toBeInstanceOf(
        ProjectionLockedError,
      );
      expect(await withRebuildLock(db.pool, 'users', async () => 'other')).toBe('other');
    });
    expect(await withRebuildLock(db.pool, 'ticket-history', async () => 'again')).toBe('again');
  });

  it("keeps the runner out of a projection during a rebuild's swap transaction only", async () => {
    await inTransaction(db.pool, async (swap) => {
      await lockInTransaction(swap, 'ticket-history');
      expect(await runnerWouldApply('ticket-history')).toBe(false);
      expect(await runnerWouldApply('users')).toBe(true);
    });
    expect(await runnerWouldApply('ticket-history')).toBe(true);
  });

  it('lets go when the work fails', async () => {
    await expect(
      withRebuildLock(db.pool, 'users', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(await withRebuildLock(db.pool, 'users', async () => 'again')).toBe('again');
  });
});
