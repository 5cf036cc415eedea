import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../services/src/platform/db.ts';
import { createTestDatabase, type TestDatabase } from '../../services/src/testing/database.ts';
import { ProjectionLockedError, tryLockInTransaction, withProjectionLock } from './runner-lock.ts';

describe('projection lock', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase([]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const runnerWouldApply = (name: string) => inTransaction(db.pool, (tx) => tryLockInTransaction(tx, name));

  it('keeps the runner and a second replay out while a replay holds it, and only for that projection', async () => {
    await withProjectionLock(db.pool, 'ticket-history', async () => {
      expect(await runnerWouldApply('ticket-history')).toBe(false);
      expect(await runnerWouldApply('users')).toBe(true);
      await expect(
        withProjectionLock(db.pool, 'ticket-history', async () => 'second'),
      ).rejects.toBeInstanceOf(ProjectionLockedError);
    });
    expect(await runnerWouldApply('ticket-history')).toBe(true);
    expect(await withProjectionLock(db.pool, 'ticket-history', async () => 'again')).toBe('again');
  });

  it('lets go when the work fails', async () => {
    await expect(
      withProjectionLock(db.pool, 'users', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(await runnerWouldApply('users')).toBe(true);
  });
});
