import { randomUUID } from 'node:crypto';
import { ticketHistoryMigrations, ticketHistoryProjection } from '@zelo/projections/audit/ticket-history';
import { projectionFaultsMigration } from '@zelo/projections/projection-faults';
import { applyBatch, checkpointMigration } from '@zelo/projections/runner';
import { eventStoreMigrations, PostgresEventStore } from '@zelo/services/event-store/postgres';
import { createTestDatabase, type TestDatabase } from '@zelo/services/testing/database';
import { readAllCommitted } from '@zelo/services/testing/read-all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendNoise } from '../../testing/events.ts';
import { runZelo } from '../../testing/run-zelo.tsx';

const companyId = randomUUID();
const rowOf = (screen: string, name: string) =>
  screen.split('\n').find((l) => l.startsWith(`${name} `)) ?? '';

describe('zelo projections status', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase([
      ...eventStoreMigrations,
      checkpointMigration,
      projectionFaultsMigration,
      ...ticketHistoryMigrations,
    ]);
    store = new PostgresEventStore(db.pool, db.url);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('lists every registered projection, those that never ran included', async () => {
    await appendNoise(store, companyId, 4);
    const { screen, exitCode } = await runZelo(['projections', 'status'], { databaseUrl: db.url });
    expect(exitCode).toBe(0);
    expect(screen).toMatch(/PROJECTION\s+POSITION\s+APPLIED\s+LAST UPDATE\s+LAG\s+STATE/);
    for (const name of ['tenancy', 'users', 'connections', 'conversations', 'ticket-history']) {
      expect(rowOf(screen, name)).toMatch(/—\s+0\s+—\s+4\s+never ran$/);
    }
    expect(screen).toContain('4 events in the store');
  });

  it('shows a caught-up projection up to date, then behind by the events appended since', async () => {
    const events = await readAllCommitted(store, db.pool);
    await applyBatch(db.pool, ticketHistoryProjection, events);
    const position = events[events.length - 1].position;

    let { screen } = await runZelo(['projections', 'status'], { databaseUrl: db.url });
    expect(rowOf(screen, 'ticket-history')).toMatch(
      new RegExp(
        `^ticket-history\\s+${position}\\s+4\\s+\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d:\\d\\d\\s+0\\s+up to date$`,
      ),
    );

    await appendNoise(store, companyId, 3);
    ({ screen } = await runZelo(['projections', 'status'], { databaseUrl: db.url }));
    expect(rowOf(screen, 'ticket-history')).toMatch(/\s4\s+\S+ \S+\s+3\s+behind$/);
    expect(rowOf(screen, 'users')).toMatch(/\s7\s+never ran$/);
  });

  it('shows a checkpoint the registry does not know, so a retired projection is not hidden', async () => {
    await db.pool.query(
      `INSERT INTO projection_checkpoints (name, position, events_applied) VALUES ('old-report', NULL, 0)`,
    );
    const { screen } = await runZelo(['projections', 'status'], { databaseUrl: db.url });
    expect(rowOf(screen, 'old-report')).toMatch(
      /^old-report \(not registered\)\s+—\s+0\s+\S+ \S+\s+7\s+never ran$/,
    );
  });

  it('names a reactor as one, not as an unknown projection', async () => {
    await db.pool.query(
      `INSERT INTO projection_checkpoints (name, position, events_applied) VALUES ('ticket-chatbot', NULL, 0)`,
    );
    const { screen } = await runZelo(['projections', 'status'], { databaseUrl: db.url });
    expect(rowOf(screen, 'ticket-chatbot')).toMatch(/^ticket-chatbot \(reactor\)\s+—/);
  });

  it('counts the events a projection parked and shows the latest with its error', async () => {
    const [older, latest] = [randomUUID(), randomUUID()];
    await db.pool.query(
      `INSERT INTO projection_faults (projection, position, event_id, event_type, stream_id, error, code, at)
       VALUES ('ticket-history', '1:1', $1, 'TicketCreated', 'ticket-a', 'an older error', '23502',
               now() - interval '1 minute'),
              ('ticket-history', '1:2', $2, 'TicketNoteAdded', 'ticket-b',
               'value too long for type character varying(50)', '22001', now())`,
      [older, latest],
    );
    const { screen, exitCode } = await runZelo(['projections', 'status'], { databaseUrl: db.url });
    // A monitoring check running the command sees parked events in its exit code.
    expect(exitCode).toBe(3);
    expect(rowOf(screen, 'ticket-history')).toMatch(/\s3\s+behind, 2 parked$/);
    expect(rowOf(screen, 'users')).toMatch(/never ran$/);
    const text = screen.replace(/\s+/g, ' ');
    expect(text).toContain('Parked events (could not be applied; the projection went on without them):');
    expect(text).toMatch(
      new RegExp(
        `ticket-history: 2 parked; the latest on \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d:\\d\\d: TicketNoteAdded ${latest} at 1:2 ` +
          '22001 value too long for type character varying\\(50\\)',
      ),
    );
    expect(text).not.toContain('an older error');
    expect(text).toContain('then `zelo projections replay <name>` applies them again');
  });

  it('says plainly when the database was never migrated', async () => {
    const empty = await createTestDatabase([]);
    try {
      const { screen, exitCode } = await runZelo(['projections', 'status'], { databaseUrl: empty.url });
      expect(exitCode).toBe(1);
      expect(screen).toContain('relation "projection_checkpoints" does not exist');
      expect(screen).toContain('run the server once (npm start) to migrate it');
    } finally {
      await empty.drop();
    }
  });
});
