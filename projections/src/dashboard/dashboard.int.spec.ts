import type { AnyEvent } from '@zelo/contracts/events';
import {
  contactCreated,
  inboundMessageReceived,
  outboundMessageQueued,
  testId,
  ticketAccepted,
  ticketClosed,
  ticketCreated,
  ticketDeleted,
  ticketRated,
  ticketRatingRequested,
  ticketReopened,
  userCreated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { contactsProjection } from '../contacts/contacts.ts';
import { reportsProjectionIn } from '../reports/projection.ts';
import { reportView } from '../reports/queries.ts';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { recorded } from '../testing/recorded-events.ts';
import { conversationsProjection } from '../tickets/conversations.ts';
import { usersProjection } from '../users/users.ts';
import { dashboardCounters, dayRange, ticketsPerDay, ticketsPerUser } from './queries.ts';

// The dashboard counts open and pending tickets from the tickets table, leads from contacts, names
// agents from users, and reads everything it measures from the reports' model (one definition of
// "first response"): those projections run beside it. The company never set hours: calendar time.
const readers = [usersProjection, contactsProjection, conversationsProjection, reportsProjectionIn('UTC')];

describe('dashboard counters and charts, on the reports model', () => {
  const db = useReadModelDatabase();

  /** An event recorded at that time (HH:MM, UTC) of 2026-01-05, so durations come out in whole minutes. */
  const on = (time: string, event: AnyEvent) => recorded(event, { at: `2026-01-05T${time}:00.000Z` });

  it('measures waits to the first answer, attendance, ratings and tickets per agent and per hour', async () => {
    const companyId = testId();
    const bruno = userCreated({ companyId, name: 'Bruno' });
    const carla = userCreated({ companyId, name: 'Carla' });
    const [brunoId, carlaId] = [bruno.data.userId, carla.data.userId];
    const ticket = (status: 'pending' | 'open' = 'pending', userId: string | null = null) =>
      ticketCreated({ companyId, status, userId });
    const [t1, t2, t3, t5, t6] = [ticket(), ticket(), ticket(), ticket(), ticket()];
    const t4 = ticket('open', brunoId);
    const ref = (t: typeof t1) => ({ companyId, ticketId: t.data.ticketId });
    const msg = (t: typeof t1) => ({ ...ref(t), contactId: t.data.contactId, whatsappId: t.data.whatsappId });
    const says = (t: typeof t1) => inboundMessageReceived(msg(t));
    const answers = (t: typeof t1, userId: string | null, automatic = false) =>
      outboundMessageQueued({ ...msg(t), userId, ...(automatic ? { automatic: true as const } : {}) });
    await db.apply(readers, [
      on('08:00', bruno),
      on('08:00', carla),
      on('09:00', contactCreated({ companyId })),
      // Accepted at 10:10 with the automatic greeting, answered by Bruno at 10:15: waited 15 minutes;
      // attended from then to the close, 25; rated 3 for Bruno.
      on('10:00', t1),
      on('10:00', says(t1)),
      on('10:10', ticketAccepted({ ...ref(t1), userId: brunoId })),
      on('10:10', answers(t1, brunoId, true)),
      on('10:15', answers(t1, brunoId)),
      on('10:38', ticketRatingRequested({ ...ref(t1), userId: brunoId })),
      on('10:40', ticketRated({ ...ref(t1), userId: brunoId, rate: 3 })),
      on('10:40', ticketClosed({ ...ref(t1), userId: brunoId, reason: 'rated' })),
      // Waited 25 minutes, attended 55, rated 1 for Carla.
      on('10:00', t2),
      on('10:20', ticketAccepted({ ...ref(t2), userId: carlaId })),
      on('10:25', answers(t2, carlaId)),
      on('11:19', ticketRatingRequested({ ...ref(t2), userId: carlaId })),
      on('11:20', ticketRated({ ...ref(t2), userId: carlaId, rate: 1 })),
      on('11:20', ticketClosed({ ...ref(t2), userId: carlaId, reason: 'rated' })),
      // Still waiting: only the chatbot has answered.
      on('11:00', t3),
      on('11:00', says(t3)),
      on('11:01', answers(t3, null)),
      // Opened straight away by Bruno: nothing said yet.
      on('11:00', t4),
      // Deleted: counts nowhere.
      on('11:00', t5),
      on('11:05', ticketAccepted({ ...ref(t5), userId: brunoId })),
      on('11:06', answers(t5, brunoId)),
      on('11:30', ticketClosed({ ...ref(t5), userId: brunoId })),
      on('11:31', ticketDeleted(ref(t5))),
      // Waited 35 minutes, attended 10, resolved; then reopened (being attended again).
      on('12:00', t6),
      on('12:30', ticketAccepted({ ...ref(t6), userId: carlaId })),
      on('12:35', answers(t6, carlaId)),
      on('12:45', ticketClosed({ ...ref(t6), userId: carlaId })),
      on('12:50', ticketReopened({ ...ref(t6), userId: carlaId })),
    ]);

    const range = await dayRange(db.pool, { from: '2026-01-05', to: '2026-01-05' }, 'UTC');
    expect(range).toEqual({ from: '2026-01-05T00:00:00.000Z', to: '2026-01-06T00:00:00.000Z' });
    const counters = await dashboardCounters(db.pool, companyId, range);
    expect(counters).toEqual({
      supportHappening: 2,
      supportPending: 1,
      // t1, t2 and t6 before its reopen: the report's resolved.
      supportFinished: 3,
      leads: 1,
      // (25 + 55 + 10) / 3 and (15 + 25 + 35) / 3.
      avgSupportTime: 30,
      avgWaitTime: 25,
      attendants: [
        { id: brunoId, name: 'Bruno', rating: 3, avgSupportTime: 25 },
        { id: carlaId, name: 'Carla', rating: 1, avgSupportTime: 32.5 },
      ],
    });
    // The same figures as the report of that day.
    const report = await reportView(db.pool, {
      companyId,
      from: '2026-01-05',
      to: '2026-01-05',
      groupBy: 'agent',
      timeZone: 'UTC',
    });
    expect(report.summary.resolved).toBe(counters.supportFinished);
    expect(report.summary.firstResponse.average).toBe(counters.avgWaitTime * 60);
    expect(report.rows.find((r) => r.key === carlaId)?.csat.average).toBe(1);

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
