import { randomUUID } from 'node:crypto';
import { ticketHistoryMigrations, ticketHistoryProjection } from '@zelo/projections/audit/ticket-history';
import { queuesMigrations } from '@zelo/projections/queues/queues';
import { applyBatch, checkpointMigration } from '@zelo/projections/runner';
import { usersMigrations } from '@zelo/projections/users/users';
import { eventStoreMigrations, PostgresEventStore } from '@zelo/services/event-store/postgres';
import { migrate } from '@zelo/services/platform/migrate';
import { createTestDatabase, type TestDatabase } from '@zelo/services/testing/database';
import { readAllCommitted } from '@zelo/services/testing/read-all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendTicketLife } from '../../testing/events.ts';
import { runZelo } from '../../testing/run-zelo.tsx';

// The operator's clock: dates on screen are in the local time zone.
process.env.TZ = 'UTC';

const ids = {
  companyId: randomUUID(),
  ticketId: randomUUID(),
  agentId: randomUUID(),
  salesQueue: randomUUID(),
  supportQueue: randomUUID(),
  whatsappId: randomUUID(),
  contactId: randomUUID(),
};
const lines = (screen: string) => screen.split('\n').map((l) => l.trimEnd());
/** The text with the terminal's line wrapping undone. */
const flat = (screen: string) => screen.replace(/\s+/g, ' ');

describe('zelo tickets history', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase([...eventStoreMigrations, checkpointMigration, ...ticketHistoryMigrations]);
    store = new PostgresEventStore(db.pool, db.url);
    await appendTicketLife(store, ids);
    await appendTicketLife(store, { ...ids, ticketId: randomUUID(), contactId: randomUUID() });
    await applyBatch(db.pool, ticketHistoryProjection, await readAllCommitted(store, db.pool));
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('shows short ids for people when the database has no users read model', async () => {
    const { screen, exitCode } = await runZelo(['tickets', 'history', ids.ticketId], { databaseUrl: db.url });
    expect(exitCode).toBe(0);
    expect(lines(screen)[0]).toBe(`Ticket ${ids.ticketId}: 8 events`);
    const agent = `${ids.agentId.slice(0, 8)}…`;
    const queue = `${ids.salesQueue.slice(0, 8)}…`;
    expect(lines(screen)).toContain(
      `01/03/2025 10:03:00  ${agent}       accepted by ${agent} in queue ${queue}`,
    );
    expect(lines(screen).at(-1)).toBe('Ids without a name are shortened; --json shows them whole.');
  });

  it('prints every event of the ticket in order: when, who (by name), what', async () => {
    await migrate(db.pool, [...usersMigrations, ...queuesMigrations]);
    await db.pool.query(
      `INSERT INTO users (id, company_id, name, email, password_hash, profile, super, all_ticket, queue_ids, created_at, updated_at)
       VALUES ($1, $2, 'Ana Souza', 'ana@example.com', 'x', 'user', false, 'disabled', '{}', now(), now())`,
      [ids.agentId, ids.companyId],
    );
    for (const [id, name] of [
      [ids.salesQueue, 'Sales'],
      [ids.supportQueue, 'Support'],
    ])
      await db.pool.query(
        `INSERT INTO queues (id, company_id, name, color, greeting_message, out_of_hours_message, created_at, updated_at)
         VALUES ($1, $2, $3, '#000000', '', '', now(), now())`,
        [id, ids.companyId, name],
      );

    const { screen, exitCode } = await runZelo(
      ['tickets', 'history', ids.ticketId, '--company', ids.companyId],
      { databaseUrl: db.url },
    );

    expect(exitCode).toBe(0);
    expect(lines(screen)).toEqual([
      `Ticket ${ids.ticketId}: 8 events`,
      'WHEN                 WHO             WHAT',
      // The last column wraps inside itself on a 100-column terminal.
      '01/03/2025 10:00:00  system:channel  conversation claimed the ticket (created) as pending in queue',
      '                                     Sales',
      '01/03/2025 10:01:00  system:channel  created as pending in queue Sales',
      "01/03/2025 10:02:00  system:channel  message received from Carla: 'hello, where is my order?'",
      '01/03/2025 10:03:00  Ana Souza       accepted by Ana Souza in queue Sales',
      "01/03/2025 10:04:00  Ana Souza       message queued by Ana Souza: 'On it!'",
      '01/03/2025 10:05:00  system:channel  message sent',
      '01/03/2025 10:06:00  Ana Souza       transferred from queue Sales to queue Support',
      '01/03/2025 10:07:00  Ana Souza       closed (was with Ana Souza)',
    ]);
  });

  it('prints the raw rows with --json', async () => {
    const { printed, exitCode } = await runZelo(['tickets', 'history', ids.ticketId, '--json'], {
      databaseUrl: db.url,
    });
    expect(exitCode).toBe(0);
    const rows = JSON.parse(printed);
    expect(rows).toHaveLength(8);
    expect(rows[3]).toMatchObject({
      ticketId: ids.ticketId,
      companyId: ids.companyId,
      type: 'TicketAccepted',
      actor: ids.agentId,
      at: '2025-03-01T10:03:00.000Z',
    });
  });

  it('refuses a ticket it has no events for, and another company asking for this one', async () => {
    const unknown = randomUUID();
    let run = await runZelo(['tickets', 'history', unknown], { databaseUrl: db.url });
    expect(run.exitCode).toBe(1);
    expect(flat(run.screen)).toContain(`✖ No history for ticket ${unknown}.`);

    const otherCompany = randomUUID();
    run = await runZelo(['tickets', 'history', ids.ticketId, '--company', otherCompany], {
      databaseUrl: db.url,
    });
    expect(run.exitCode).toBe(1);
    expect(flat(run.screen)).toContain(`✖ No history for ticket ${ids.ticketId} in company ${otherCompany}.`);
    expect(run.screen).not.toContain('accepted');

    run = await runZelo(['tickets', 'history', '42'], { databaseUrl: db.url });
    expect(run.exitCode).toBe(1);
    expect(run.screen).toContain('✖ "42" is not a ticket id (expected a uuid).');
  });
});
