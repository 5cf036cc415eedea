import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, PostgresEventStore } from '../../../services/src/event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../../services/src/testing/database.ts';
import { readAllCommitted } from '../../../services/src/testing/read-all.ts';
import { applyBatch, checkpointMigration, readCheckpoint } from '../runner.ts';
import { ticketHistory } from './queries.ts';
import { ticketHistoryMigrations, ticketHistoryProjection } from './ticket-history.ts';

const companyId = randomUUID();
const otherCompany = randomUUID();
const ticketId = randomUUID();
const agent = randomUUID();
const meta = (at: string, company = companyId) => ({
  companyId: company,
  actor: agent,
  correlationId: randomUUID(),
  at,
});

describe('ticket-history projection', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase([...eventStoreMigrations, checkpointMigration, ...ticketHistoryMigrations]);
    store = new PostgresEventStore(db.pool, db.url);
    const ticket = `ticket-${ticketId}`;
    await store.appendToStream(
      ticket,
      [
        {
          id: randomUUID(),
          type: 'TicketCreated',
          data: { ticketId, companyId, status: 'pending', userId: null, queueId: null },
          metadata: meta('2025-03-01T10:00:00.000Z'),
        },
        {
          id: randomUUID(),
          type: 'TicketAccepted',
          data: { ticketId, companyId, userId: agent, queueId: null },
          metadata: meta('2025-03-01T10:05:00.000Z'),
        },
      ],
      'no_stream',
    );
    // Not about a ticket: ignored.
    await store.appendToStream(
      `contact-${randomUUID()}`,
      [
        {
          id: randomUUID(),
          type: 'ContactCreated',
          data: { contactId: randomUUID(), companyId, name: 'Carla' },
          metadata: meta('2025-03-01T10:06:00.000Z'),
        },
      ],
      'no_stream',
    );
    await store.appendToStream(
      ticket,
      [
        {
          id: randomUUID(),
          type: 'TicketClosed',
          data: { ticketId, companyId, userId: agent, queueId: null },
          metadata: meta('2025-03-01T10:09:00.000Z'),
        },
      ],
      1,
    );
  });

  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('keeps one row per event of the ticket, in order, however often the events are applied', async () => {
    const events = await readAllCommitted(store, db.pool);
    await applyBatch(db.pool, ticketHistoryProjection, events);
    // A crash between commit and checkpoint, or a runner that re-reads: the same events again.
    await applyBatch(db.pool, ticketHistoryProjection, events);
    for (const e of events)
      await applyBatch(db.pool, { ...ticketHistoryProjection, handleBatch: undefined }, [e]);

    const rows = await ticketHistory(db.pool, companyId, ticketId);
    expect(rows.map((r) => r.type)).toEqual(['TicketCreated', 'TicketAccepted', 'TicketClosed']);
    expect(rows.map((r) => r.eventId)).toEqual(events.filter((e) => e.data.ticketId).map((e) => e.id));
    expect(rows[1]).toMatchObject({
      ticketId,
      companyId,
      actor: agent,
      position: events[1].position,
      data: { userId: agent },
    });
    expect(rows[1].at.toISOString()).toBe('2025-03-01T10:05:00.000Z');
    const { rows: all } = await db.pool.query('SELECT count(*)::int AS n FROM ticket_history');
    expect(all[0].n).toBe(3);
    expect(await readCheckpoint(db.pool, 'ticket-history')).toBe(events[events.length - 1].position);
  });

  it('does not show a ticket to another company', async () => {
    expect(await ticketHistory(db.pool, otherCompany, ticketId)).toEqual([]);
    expect(await ticketHistory(db.pool, null, ticketId)).toHaveLength(3);
    expect(await ticketHistory(db.pool, companyId, 'not-a-uuid')).toEqual([]);
  });
});
