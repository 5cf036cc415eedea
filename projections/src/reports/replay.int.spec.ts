import type { ReportGroupBy } from '@zelo/contracts/reports/api';
import * as b from '@zelo/contracts/testing/events';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, PostgresEventStore } from '../../../services/src/event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../../services/src/testing/database.ts';
import { connectionsProjection } from '../connections/whatsapps.ts';
import { queuesProjection } from '../queues/queues.ts';
import { rebuildProjection } from '../rebuild.ts';
import { readModelMigrations } from '../registry.ts';
import { applyToGroup } from '../runner.ts';
import { tagsProjection } from '../tags/tags.ts';
import { usersProjection } from '../users/users.ts';
import { at, insertClocks, knownWeek, knownWeekClocks, SAO_PAULO } from './known-week.ts';
import { reportsProjectionIn } from './projection.ts';
import { reportView } from './queries.ts';

// Reports come from the event history: rebuilt from the store, batch by small batch, the read model
// has the same rows and every report the same figures, even after the company changed its hours
// (each duration was measured with the hours in force when it ended).

const GROUPS: ReportGroupBy[] = ['day', 'hour', 'agent', 'queue', 'connection', 'tag'];
const TABLES = ['report_company_hours', 'report_tickets', 'report_openings', 'report_responses'];

async function tableRows(pool: pg.Pool, table: string) {
  const { rows } = await pool.query<{ r: unknown }>(`SELECT to_jsonb(t) AS r FROM "${table}" t`);
  return rows.map((r) => JSON.stringify(r.r)).sort();
}

describe('reports, rebuilt from the event store', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const { ids, events } = knownWeek();
  const projection = reportsProjectionIn(SAO_PAULO);
  const reports = () =>
    Promise.all(
      GROUPS.map((groupBy) =>
        reportView(db.pool, {
          companyId: ids.companyId,
          from: '2026-11-01',
          to: '2026-12-31',
          groupBy,
          timeZone: SAO_PAULO,
        }),
      ),
    );

  beforeAll(async () => {
    db = await createTestDatabase([...eventStoreMigrations, ...readModelMigrations]);
    store = new PostgresEventStore(db.pool, db.url);
    // After the week, the company keeps only Monday mornings: the week's figures must not move.
    const later = b.companySchedulesChanged({
      companyId: ids.companyId,
      schedules: [{ weekday: 'monday', startTime: '08:00', endTime: '12:00' }],
    });
    for (const e of [
      ...events,
      { ...later, metadata: { ...events[0].metadata, at: at('2026-12-01T08:00') } },
    ])
      await store.appendToStream(
        `test-${'ticketId' in e.data ? e.data.ticketId : e.type}`,
        [{ id: b.testId(), type: e.type, data: e.data, metadata: e.metadata }],
        'any',
      );
    const history = await store.readAll(null, 10_000);
    const readers = [usersProjection, queuesProjection, connectionsProjection, tagsProjection, projection];
    await applyToGroup(
      db.pool,
      readers.map((p) => ({ projection: p, events: history })),
      { lock: false },
    );
    await insertClocks(db.pool, knownWeekClocks(ids));
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('gives the same rows and the same reports, the durations measured with the hours of their time', async () => {
    const before = await reports();
    const rows = await Promise.all(TABLES.map((t) => tableRows(db.pool, t)));
    // Friday 17:00 to Monday 09:00 is still 6 h of the hours then, not Monday mornings only.
    expect(before[0].summary.firstResponse).toEqual({ median: 720, p90: 17_424, average: 7_540, count: 3 });

    const done = await rebuildProjection(db.pool, store, projection, { batchSize: 2 });
    expect(done.finished).toBe(true);
    expect(await Promise.all(TABLES.map((t) => tableRows(db.pool, t)))).toEqual(rows);
    expect(await reports()).toEqual(before);
  });
});
