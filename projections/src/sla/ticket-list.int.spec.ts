import type { AnyEvent } from '@zelo/contracts/events';
import * as b from '@zelo/contracts/testing/events';
import { testId } from '@zelo/contracts/testing/events';
import { beforeAll, describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { recorded } from '../testing/recorded-events.ts';
import { conversationsProjection } from '../tickets/conversations.ts';
import { getTicket, listTickets } from '../tickets/queries.ts';
import { slaClocksProjection } from './sla-clocks.ts';

// The ticket list's side of the SLA clocks: each row's badge, and the "closest to breach" order.

describe('tickets with their SLA badge', () => {
  const db = useReadModelDatabase();

  const companyId = testId();
  const [fast, slow, noPolicy, whatsappId] = [testId(), testId(), testId(), testId()];
  const ticket = (queueId: string) => {
    const ticketId = testId();
    return b.ticketCreated({
      ticketId,
      companyId,
      queueId,
      whatsappId,
      isGroup: false,
      status: 'pending',
      userId: null,
    });
  };
  // Created in this order (each a minute after the one before): the newest is the one without a clock.
  const [late, soon, none] = [ticket(slow), ticket(fast), ticket(noPolicy)];

  beforeAll(async () => {
    const events: AnyEvent[] = [
      b.slaPolicyCreated({
        companyId,
        queueId: fast,
        firstResponseMinutes: 10,
        resolutionMinutes: null,
        nextResponseMinutes: null,
      }),
      b.slaPolicyCreated({
        companyId,
        queueId: slow,
        firstResponseMinutes: 600,
        resolutionMinutes: null,
        nextResponseMinutes: null,
      }),
      late,
      soon,
      none,
    ];
    await db.apply(
      [conversationsProjection, slaClocksProjection],
      events.map((e) => recorded(e)),
    );
  });

  it('shows the running clock closest to breach on the row, or null', async () => {
    const row = await getTicket(db.pool, companyId, soon.data.ticketId);
    const at = Date.parse(row!.createdAt);
    expect(row?.sla).toEqual({
      target: 'firstResponse',
      state: 'ok',
      warnAt: new Date(at + 8 * 60_000).toISOString(),
      dueAt: new Date(at + 10 * 60_000).toISOString(),
    });
    expect((await getTicket(db.pool, companyId, none.data.ticketId))?.sla).toBeNull();
  });

  it('lists the closest to breach first with orderBy=slaDue, tickets without a clock last', async () => {
    const list = (orderBy: 'recent' | 'slaDue', pageNumber = 1, pageSize = 3) =>
      listTickets(db.pool, { companyId, queueIds: null, orderBy, pageNumber, pageSize });
    const ids = async (...args: Parameters<typeof list>) => (await list(...args)).tickets.map((t) => t.id);
    expect(await ids('recent')).toEqual([none, soon, late].map((t) => t.data.ticketId));
    expect(await ids('slaDue')).toEqual([soon, late, none].map((t) => t.data.ticketId));
    // Pages of one walk the same order.
    const paged = [await ids('slaDue', 1, 1), await ids('slaDue', 2, 1), await ids('slaDue', 3, 1)].flat();
    expect(paged).toEqual([soon, late, none].map((t) => t.data.ticketId));
    expect((await list('slaDue')).count).toBe(3);
  });
});
