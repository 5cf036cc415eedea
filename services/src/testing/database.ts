import { randomBytes } from 'node:crypto';
import { createPool, dropDatabase, ensureDatabase, type Pool } from '../platform/db.ts';
import { type Migration, migrate } from '../platform/migrate.ts';

export const testServerUrl = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

/** A fresh database on the machine's real PostgreSQL, migrated, dropped by `drop()`. */
export async function createTestDatabase(migrations: Migration[] = []): Promise<TestDatabase> {
  const url = `${testServerUrl}/zelo_test_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(url);
  const pool = createPool(url, 20);
  await migrate(pool, migrations);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      await dropDatabase(url);
    },
  };
}
