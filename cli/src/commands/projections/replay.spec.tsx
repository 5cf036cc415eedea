import { randomUUID } from 'node:crypto';
import { ticketHistoryMigrations, ticketHistoryProjection } from '@zelo/projections/audit/ticket-history';
import { projectionFaultsMigration } from '@zelo/projections/projection-faults';
import { checkpointMigration, ProjectionRunner, readCheckpoint } from '@zelo/projections/runner';
import { withRebuildLock } from '@zelo/projections/runner-lock';
import { eventStoreMigrations, PostgresEventStore } from '@zelo/services/event-store/postgres';
import { createTestDatabase, type TestDatabase } from '@zelo/services/testing/database';
import { readAllCommitted } from '@zelo/services/testing/read-all';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendNoise, appendTicketLife } from '../../testing/events.ts';
import { plain, runZelo } from '../../testing/run-zelo.tsx';
import { ReplayView } from './replay.tsx';

const companyId = randomUUID();
const ticket = () => ({
  companyId,
  ticketId: randomUUID(),
  agentId: randomUUID(),
  salesQueue: randomUUID(),
  supportQueue: randomUUID(),
  whatsappId: randomUUID(),
  contactId: randomUUID(),
});
// Everything a row says; seq only records the order rows were written in.
const historyRows = (db: TestDatabase) =>
  db.pool
    .query(
      'SELECT position, ticket_id, company_id, event_id, type, actor, at, data FROM ticket_history ORDER BY seq',
    )
    .then((r) => r.rows);

describe('zelo projections replay', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let live: Awaited<ReturnType<typeof historyRows>>;
  let liveCheckpoint: string | null;

  beforeAll(async () => {
    db = await createTestDatabase([
      ...eventStoreMigrations,
      checkpointMigration,
      projectionFaultsMigration,
      ...ticketHistoryMigrations,
    ]);
    store = new PostgresEventStore(db.pool, db.url);
    for (let i = 0; i < 30; i++) await appendTicketLife(store, ticket());
    await appendNoise(store, companyId, 20);
    const last = (await readAllCommitted(store, db.pool)).at(-1)!.position;
    // The live way: the runner, in small batches, as the server keeps it.
    const runner = new ProjectionRunner(db.pool, store, [ticketHistoryProjection], {
      batchSize: 7,
      pollMs: 20,
    });
    const caughtUp = new Promise<void>((resolve) =>
      runner.on('applied', (_name, at) => at === last && resolve()),
    );
    runner.start();
    await caughtUp;
    await runner.stop();
    live = await historyRows(db);
    liveCheckpoint = await readCheckpoint(db.pool, 'ticket-history');
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('rebuilds ticket_history from zero to the rows the live runner wrote, and ends at 100%', async () => {
    expect(live).toHaveLength(30 * 8);
    // Damage the read model so that the replay has something to repair.
    await db.pool.query('DELETE FROM ticket_history WHERE seq % 3 = 0');
    await db.pool.query(`UPDATE ticket_history SET actor = 'someone else'`);

    const { screen, frames, exitCode } = await runZelo(
      ['projections', 'replay', 'ticket-history', '--batch-size', '50'],
      { databaseUrl: db.url },
    );

    expect(exitCode).toBe(0);
    expect(await historyRows(db)).toEqual(live);
    expect(await readCheckpoint(db.pool, 'ticket-history')).toBe(liveCheckpoint);
    expect(screen).toContain('Replaying ticket-history from the first event');
    expect(screen).toMatch(/█{30} 100% 260\/260 events · [\d,]+ events\/s/);
    expect(screen).toMatch(
      new RegExp(
        `✔ ticket-history rebuilt from 260 events in [\\d.]+s \\([\\d,]+ events/s\\), checkpoint at\\s+${liveCheckpoint}`,
      ),
    );
    // The bar moved batch by batch on the way, saying how long the rest should take.
    expect(
      frames.some((f) => / 19% 50\/260 events · [\d,]+ events\/s · about (a second|\d+ s) left/.test(f)),
    ).toBe(true);
    expect(screen).not.toContain('left');
    const { rows } = await db.pool.query(
      `SELECT events_applied FROM projection_checkpoints WHERE name = 'ticket-history'`,
    );
    expect(rows[0].events_applied).toBe(260);
  });

  it('estimates the time left from the rate so far', () => {
    const at = (done: number, total: number, elapsedMs: number, stage: 'build' | 'swap' = 'build') => {
      const view = render(
        <ReplayView
          progress={{
            name: 'conversations',
            done,
            total,
            elapsedMs,
            position: null,
            stage,
            finished: false,
            parked: 0,
          }}
        />,
      );
      const frame = plain(view.lastFrame() ?? '');
      view.unmount();
      return frame;
    };
    // 60 000 of 180 000 in 40 s: 1 500 events/s, 120 000 to go.
    expect(at(60_000, 180_000, 40_000)).toMatch(
      /██████████░{20} {2}33% 60,000\/180,000 events · 1,500 events\/s · about 1 min 20 s left/,
    );
    expect(at(1_000, 5_000_000, 1_000)).toContain('· about 1 h 23 min left');
    expect(at(10_000, 70_000, 10_000)).toContain('· about 1 min left');
    expect(at(20_000, 30_000, 20_000)).toContain('· about 10 s left');
    expect(at(29_000, 30_000, 1_000)).toContain('· about a second left');
    expect(at(0, 30_000, 0)).toContain('· estimating the time left…');
    // Every event applied: what is left is the swap, which the rate cannot estimate.
    expect(at(30_000, 30_000, 2_000, 'swap')).toContain(
      '100% 30,000/30,000 events · 15,000 events/s · swapping in…',
    );
  });

  it('says how many events it could not apply and parked', () => {
    const view = render(
      <ReplayView
        progress={{
          name: 'prompts',
          done: 10,
          total: 10,
          elapsedMs: 1_000,
          position: '1:10',
          stage: 'swap',
          finished: true,
          parked: 2,
        }}
      />,
    );
    const frame = plain(view.lastFrame() ?? '');
    view.unmount();
    expect(frame).toContain('✔ prompts rebuilt from 10 events');
    expect(frame.replace(/\s+/g, ' ')).toContain(
      '✖ 2 events could not be applied and were parked: see `zelo projections status`',
    );
  });

  it('refuses a name it does not know, listing the ones it does', async () => {
    const before = await historyRows(db);
    const { screen, exitCode } = await runZelo(['projections', 'replay', 'ticket-histroy'], {
      databaseUrl: db.url,
    });
    expect(exitCode).toBe(1);
    expect(screen).toContain('✖ Unknown projection "ticket-histroy".');
    expect(screen).toMatch(/Known projections: .*conversations.*ticket-history/s);
    expect(await historyRows(db)).toEqual(before);
  });

  it('refuses to run while another replay of the projection runs, and leaves the rows alone', async () => {
    const before = await historyRows(db);
    const run = await withRebuildLock(db.pool, 'ticket-history', () =>
      runZelo(['projections', 'replay', 'ticket-history'], { databaseUrl: db.url }),
    );
    expect(run.exitCode).toBe(1);
    expect(run.screen).toContain('✖ projection ticket-history is being rebuilt by another process');
    expect(run.screen).toContain('Wait for the other replay to finish');
    expect(await historyRows(db)).toEqual(before);
  });
});
