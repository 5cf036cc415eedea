import { randomUUID } from 'node:crypto';
import { ticketAccepted, ticketClosed, ticketCreated } from '@zelo/contracts/testing/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { systemClock } from '../platform/clock.ts';
import type { Deps } from '../platform/command-handler.ts';
import { recordable } from '../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { FollowedTickets } from './followed-tickets.ts';

const USER = randomUUID();

describe('FollowedTickets: ticket states folded from the events a reactor reads', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let deps: Deps;
  const who = { companyId: null, actor: 'system:test' };

  beforeAll(async () => {
    db = await createTestDatabase(eventStoreMigrations);
    store = new PostgresEventStore(db.pool, db.url);
    deps = { store, clock: systemClock };
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  /** Appends a ticket's events and returns them as recorded (what the reactor reads). */
  async function append(ticketId: string, events: { type: string; data: object }[], expected: number) {
    const stream = `ticket-${ticketId}`;
    await store.appendToStream(
      stream,
      recordable(deps, events as { type: string; data: Record<string, unknown> }[], who),
      expected === -1 ? 'no_stream' : expected,
    );
    return (await store.readStream(stream, expected)).events;
  }
  const asRead = (e: RecordedEvent) => e as never;

  /** The store's reads, counted. */
  function counting(f: FollowedTickets) {
    let reads = 0;
    const original = store.readStream.bind(store);
    store.readStream = (...args) => {
      reads++;
      return original(...args);
    };
    return { f, reads: () => reads, restore: () => (store.readStream = original) };
  }

  it('follows a ticket from its creation without reading its stream', async () => {
    const ticketId = randomUUID();
    const followed = new FollowedTickets(deps);
    const created = await append(ticketId, [ticketCreated({ ticketId })], -1);
    const accepted = await append(ticketId, [ticketAccepted({ ticketId, userId: USER })], 0);
    const c = counting(followed);
    try {
      for (const e of [...created, ...accepted]) followed.observe(asRead(e));
      const state = await followed.get(ticketId);
      expect(state).toMatchObject({ kind: 'exists', status: 'open' });
      expect(c.reads()).toBe(0);
    } finally {
      c.restore();
    }
  });

  it('ignores events it already folded (a batch applied again) and reads again after a gap', async () => {
    const ticketId = randomUUID();
    const followed = new FollowedTickets(deps);
    const created = await append(ticketId, [ticketCreated({ ticketId })], -1);
    const accepted = await append(ticketId, [ticketAccepted({ ticketId, userId: USER })], 0);
    const closed = await append(ticketId, [ticketClosed({ ticketId })], 1);
    for (const e of [...created, ...accepted, ...created, ...accepted]) followed.observe(asRead(e));
    expect(await followed.get(ticketId)).toMatchObject({ status: 'open' });
    // The close is folded; a later event skipping a revision drops the ticket, read again on use.
    followed.observe(asRead(closed[0]));
    expect(await followed.get(ticketId)).toMatchObject({ status: 'closed' });
    const gap = { ...closed[0], streamRevision: 5 };
    followed.observe(asRead(gap));
    const c = counting(followed);
    try {
      expect(await followed.get(ticketId)).toMatchObject({ status: 'closed' });
      expect(c.reads()).toBe(1);
    } finally {
      c.restore();
    }
  });

  it('a ticket first met in the middle is read once, then followed from the revision it read', async () => {
    const ticketId = randomUUID();
    const followed = new FollowedTickets(deps);
    const created = await append(ticketId, [ticketCreated({ ticketId })], -1);
    const accepted = await append(ticketId, [ticketAccepted({ ticketId, userId: USER })], 0);
    expect(await followed.get(ticketId)).toMatchObject({ status: 'open' });
    // The reactor reads those events after the read: they are already in the state.
    for (const e of [...created, ...accepted]) followed.observe(asRead(e));
    const closed = await append(ticketId, [ticketClosed({ ticketId })], 1);
    followed.observe(asRead(closed[0]));
    const c = counting(followed);
    try {
      expect(await followed.get(ticketId)).toMatchObject({ status: 'closed' });
      expect(c.reads()).toBe(0);
    } finally {
      c.restore();
    }
  });
});
