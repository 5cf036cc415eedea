import type { Projection } from '@zelo/projections/runner';
import { createPool, defaultDatabaseUrl, type Pool } from '@zelo/services/platform/db';
import type { ReactElement } from 'react';

/** What Ink's render and ink-testing-library's render have in common. */
export interface Screen {
  rerender(node: ReactElement): void;
  unmount(): void;
}

/** Everything a command touches outside itself, so that tests can watch what an operator would see. */
export interface CliIO {
  databaseUrl: string;
  render(node: ReactElement): Screen;
  /** Raw output (--json), written as is. */
  print(text: string): void;
  setExitCode(code: number): void;
  projections(): Projection[];
}

export const databaseUrlFromEnv = () => process.env.DATABASE_URL ?? defaultDatabaseUrl;

/** Opens a pool for one command and always closes it, so the process can exit. */
export async function withPool<T>(io: CliIO, work: (pool: Pool) => Promise<T>): Promise<T> {
  const pool = createPool(io.databaseUrl, 4);
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

/** PostgreSQL's "undefined_table": a read model this database has not been migrated for. */
export const isMissingTable = (err: unknown) => (err as { code?: string }).code === '42P01';
