import { randomBytes } from 'node:crypto';
import type { AnyEvent } from '@zelo/contracts/events';
import pg from 'pg';
import { readModelMigrations } from '../registry.ts';
import { applyToGroup, type Change, type Projection } from '../runner.ts';
import { type Envelope, recorded } from './recorded-events.ts';

/** Recorded events as the runner takes them, whichever way the runner types them. */
type RunnerEvents = Parameters<typeof applyToGroup>[1][number]['events'];

export interface ApplyOptions {
  oneByOne?: boolean;
}

export interface ReadModelDatabase {
  pool: pg.Pool;
  /**
   * Applies the events to each projection in one transaction, as the runner does with one batch
   * (a projection's batch path included); `oneByOne` applies them one event per transaction instead.
   */
  apply(projections: Projection[], events: RunnerEvents, options?: ApplyOptions): Promise<Change[]>;
  /** Records built events in order (see `recorded`) and applies them: what was recorded, what changed. */
  given(
    projections: Projection[],
    events: AnyEvent[],
    options?: ApplyOptions,
  ): Promise<{ history: (AnyEvent & Envelope)[]; changes: Change[] }>;
  drop(): Promise<void>;
}

const serverUrl = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database on the machine's PostgreSQL with every read model's tables; `drop()` removes it. */
export async function createReadModelDatabase(): Promise<ReadModelDatabase> {
  const name = `zelo_test_rm_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const pool = new pg.Pool({ connectionString: `${serverUrl}/${name}`, max: 4 });
  for (const migration of readModelMigrations) await pool.query(migration.sql);
  const applyOnce = async (projections: Projection[], events: RunnerEvents) =>
    (
      await applyToGroup(
        pool,
        projections.map((projection) => ({ projection, events })),
        { lock: false },
      )
    ).changes;
  const apply = async (projections: Projection[], events: RunnerEvents, options: ApplyOptions = {}) => {
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
    async drop() {
      await pool.end();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
