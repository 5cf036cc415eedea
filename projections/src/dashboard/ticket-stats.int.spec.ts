import type { AnyEvent } from '@zelo/contracts/events';
import {
  contactCreated,
  testId,
  ticketAccepted,
  ticketClosed,
  ticketCreated,
  ticketDeleted,
  ticketRated,
  ticketReopened,
  userCreated,
} from '@zelo/contracts/testing/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsProjection } from '../contacts/contacts.ts';
import { createReadModelDatabase, type ReadModelDatabase } from '../testing/read-model-database.ts';
import { recorded } from '../testing/recorded-events.ts';
import { conversationsProjection } from '../tickets/conversations.ts';
import { usersProjection } from '../users/users.ts';
import { dashboardCounters, dayRange, ticketsPerDay, ticketsPerUser } from './queries.ts';
import { ticketStatsProjection } from './ticket-stats.ts';

// The dashboard counts open and pending tickets from the tickets table, leads from contacts, and names
// agents from users: those projections run beside ticket-stats.
const readers = [usersProjection, contactsProjection, conversationsProjection, ticketStatsProjection];

describe('dashboard ticket-stats read model', () => {
  let db: ReadModelDatabase;
  beforeAll(async () => {
    db = await createReadModelDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** An event recorded at that time (HH:MM, UTC) of 2026-01-05, so durations come out in whole minutes. */
  const on = (time: string, event: AnyEvent) => recorded(event, { at: `2026-01-05T${time}:00.000Z` });

  it('measures waits, attendance, ratings and tickets per agent and per hour from the ticket events', async () => {
    const companyId = testId();
    const bruno = userCreated({ companyId, name: 'Bruno' });
    const carla = userCreated({ companyId, name: 'Carla' });
    const [brunoId, carlaId] = [bruno.data.userId, carla.data.userId];
    const ticket = (status: 'pending' | 'open' = 'pending', userId: string | null = null) =>
      ticketCreated({ companyId, status, userId });
    const [t1, t2, t3, t5, t6] = [ticket(), ticket(), ticket(), ticket(), ticket()];
    const t4 = ticket('open', brunoId);
    const ref = (t: typeof t1) => ({ companyId, ticketId: t.data.ticketId });
    await db.apply(readers, [
      on('08:00', bruno),
      on('08:00', carla),
      on('09:00', contactCreated({ companyId })),
      // Waited 10 minutes, attended 30, rated 3 for Bruno.
      on('10:00', t1),
      on('10:10', ticketAccepted({ ...ref(t1), userId: brunoId })),
      on('10:40', ticketClosed({ ...ref(t1), userId: brunoId })),
      on('10:41', ticketRated({ ...ref(t1), userId: brunoId, rate: 3 })),
      // Waited 20 minutes, attended 60, rated 1 for Carla.
      on('10:00', t2),
      on('10:20', ticketAccepted({ ...ref(t2), userId: carlaId })),
      on('11:20', ticketClosed({ ...ref(t2), userId: carlaId })),
      on('11:21', ticketRated({ ...ref(t2), userId: carlaId, rate: 1 })),
      // Still waiting.
      on('11:00', t3),
      // Opened straight away by Bruno: no wait.
      on('11:00', t4),
      // Deleted: counts nowhere.
      on('11:00', t5),
      on('11:05', ticketAccepted({ ...ref(t5), userId: brunoId })),
      on('11:30', ticketClosed({ ...ref(t5), userId: brunoId })),
      on('11:31', ticketDeleted(ref(t5))),
      // Waited 30 minutes; closed, then reopened: being attended again, not finished.
      on('12:00', t6),
      on('12:30', ticketAccepted({ ...ref(t6), userId: carlaId })),
      on('12:40', ticketClosed({ ...ref(t6), userId: carlaId })),
      on('12:50', ticketReopened({ ...ref(t6), userId: carlaId })),
    ]);

    const range = await dayRange(db.pool, { from: '2026-01-05', to: '2026-01-05' }, 'UTC');
    expect(range).toEqual({ from: '2026-01-05T00:00:00.000Z', to: '2026-01-06T00:00:00.000Z' });
    expect(await dashboardCounters(db.pool, companyId, range)).toEqual({
      supportHappening: 2,
      supportPending: 1,
      supportFinished: 2,
      leads: 1,
      avgSupportTime: 45,
      avgWaitTime: 15,
      attendants: [
        { id: brunoId, name: 'Bruno', rating: 3, avgSupportTime: 30 },
        { id: carlaId, name: 'Carla', rating: 1, avgSupportTime: 60 },
      ],
    });
    expect(await ticketsPerUser(db.pool, companyId, range)).toEqual([
      { name: 'Bruno', quantidade: 2 },
      { name: 'Carla', quantidade: 2 },
      { name: '—', quantidade: 1 },
    ]);
    expect(await ticketsPerDay(db.pool, companyId, range, 'UTC')).toEqual([
      { horario: '10:00 - 10:59', total: 2 },
      { horario: '11:00 - 11:59', total: 2 },
      { horario: '12:00 - 12:59', total: 1 },
    ]);
    // The next day's range sees none of it.
    const nextDay = await dayRange(db.pool, { from: '2026-01-06', to: '2026-01-06' }, 'UTC');
    expect(await ticketsPerUser(db.pool, companyId, nextDay)).toEqual([]);
  });
});
