import type { AnyEvent } from '@zelo/contracts/events';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../services/src/testing/database.ts';
import { readModelMigrations } from '../registry.ts';
import { applyToGroup, type Change, type Projection, type StoredEvent } from '../runner.ts';
import { type Envelope, recorded } from './recorded-events.ts';

export interface ApplyOptions {
  oneByOne?: boolean;
}

export interface ReadModelDatabase {
  pool: pg.Pool;
  /**
   * Applies the events to each projection in one transaction, as the runner does with one batch
   * (a projection's batch path included); `oneByOne` applies them one event per transaction instead.
   */
  apply(projections: Projection[], events: StoredEvent[], options?: ApplyOptions): Promise<Change[]>;
  /** Records built events in order (see `recorded`) and applies them: what was recorded, what changed. */
  given(
    projections: Projection[],
    events: AnyEvent[],
    options?: ApplyOptions,
  ): Promise<{ history: (AnyEvent & Envelope)[]; changes: Change[] }>;
  drop(): Promise<void>;
}

/** A fresh database on the machine's PostgreSQL with every read model's tables; `drop()` removes it. */
export async function createReadModelDatabase(): Promise<ReadModelDatabase> {
  const { pool, drop } = await createTestDatabase(readModelMigrations);
  const applyOnce = async (projections: Projection[], events: StoredEvent[]) =>
    (
      await applyToGroup(
        pool,
        projections.map((projection) => ({ projection, events })),
        { lock: false },
      )
    ).changes;
  const apply = async (projections: Projection[], events: StoredEvent[], options: ApplyOptions = {}) => {
    if (!options.oneByOne) return applyOnce(projections, events);
    const changes: Change[] = [];
    for (const event of events) changes.push(...(await applyOnce(projections, [event])));
    return changes;
  };
  return {
    pool,
    apply,
    async given(projections, events, options) {
      const history = events.map((event) => recorded(event));
      return { history, changes: await apply(projections, history, options) };
    },
    drop,
  };
}

/**
 * The read-model database of a spec file: made in its `beforeAll`, dropped in its `afterAll`. The
 * handle can be taken at the top of a `describe`; its members are usable once the hooks ran.
 */
export function useReadModelDatabase(): ReadModelDatabase {
  let db: ReadModelDatabase | undefined;
  beforeAll(async () => {
    db = await createReadModelDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  const current = () => {
    if (!db) throw new Error('the read-model database exists only inside tests (after beforeAll)');
    return db;
  };
  return {
    get pool() {
      return current().pool;
    },
    apply: (...args) => current().apply(...args),
    given: (...args) => current().given(...args),
    drop: () => current().drop(),
  };
}
