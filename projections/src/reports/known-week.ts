import type { AnyEvent } from '@zelo/contracts/events';
import * as b from '@zelo/contracts/testing/events';
import { defaultWeeklyHours } from '@zelo/contracts/weekly-hours';
import type pg from 'pg';
import { type Envelope, recorded } from '../testing/recorded-events.ts';

// A test fixture: a known week of one company in São Paulo (Monday to Friday 08:00-18:00, Saturday
// 08:00-12:00, Sunday closed), from Friday 2026-11-27 to Monday 2026-11-30, whose every report figure
// the specs beside it work out by hand. Times are the company's wall clock (-03:00).
//
// T1  Fri 17:00 a customer writes (Vendas, line 1); the chatbot and Bruno's automatic greeting answer
//     nothing; transferred to Carla (Suporte); Carla answers Mon 09:00 (first response: Fri 1 h + Sat
//     4 h + Mon 1 h = 6 h); the customer writes 09:10 and 09:15, Carla answers 09:40 (next: 30 min);
//     Carla closes 10:00 (resolution: 7 h). Tagged VIP.
// T2  Mon 10:00 Bruno opens it (Vendas, line 1) and answers 10:05 (5 min); asks for a rating 10:20,
//     the customer rates 3 and it closes 10:25 (25 min). Reopened by Bruno 11:00: the customer writes
//     11:10, the business's phone answers 11:12 (12 min, nobody's user); rating asked 11:30, never
//     given, closed unrated 12:00 (1 h). Tagged VIP and Retorno.
// T3  Mon 12:00 a customer writes (line 2); only the chatbot answers and puts it in Suporte; it closes
//     for inactivity 12:30: the bot's share.
// T7  Sun 10:00 a customer writes (Vendas, line 1); nobody has answered yet.
// Not reported: a group's ticket, a campaign's carrier ticket, a deleted ticket.

export const SAO_PAULO = 'America/Sao_Paulo';

export function knownWeek() {
  const companyId = b.testId();
  const ids = {
    companyId,
    bruno: b.testId(),
    carla: b.testId(),
    vendas: b.testId(),
    suporte: b.testId(),
    line1: b.testId(),
    line2: b.testId(),
    vip: b.testId(),
    retorno: b.testId(),
    t1: b.testId(),
    t2: b.testId(),
    t3: b.testId(),
    t7: b.testId(),
    group: b.testId(),
    carrier: b.testId(),
    deleted: b.testId(),
  };
  const events: (AnyEvent & Envelope)[] = [];
  const on = (local: string, event: AnyEvent) => events.push(recorded(event, { at: at(local) }));
  const ticket = (ticketId: string, whatsappId = ids.line1) => ({
    companyId,
    ticketId,
    contactId: b.testId(),
    whatsappId,
  });
  const refs = {} as Record<string, ReturnType<typeof ticket>>;
  const ref = (id: string) => ({ companyId, ticketId: id });
  const msg = (id: string) => ({ ...refs[id], messageId: b.testId() });
  const customer = (id: string) => b.inboundMessageReceived(msg(id));
  const agent = (id: string, userId: string | null, automatic = false) =>
    b.outboundMessageQueued({ ...msg(id), userId, ...(automatic ? { automatic: true as const } : {}) });

  on('2026-11-20T08:00', b.companySchedulesChanged({ companyId, schedules: defaultWeeklyHours }));
  on('2026-11-20T08:00', b.userCreated({ companyId, userId: ids.bruno, name: 'Bruno' }));
  on('2026-11-20T08:00', b.userCreated({ companyId, userId: ids.carla, name: 'Carla' }));
  on('2026-11-20T08:00', b.queueCreated({ companyId, queueId: ids.vendas, name: 'Vendas' }));
  on('2026-11-20T08:00', b.queueCreated({ companyId, queueId: ids.suporte, name: 'Suporte' }));
  on('2026-11-20T08:00', b.connectionCreated({ companyId, whatsappId: ids.line1, name: 'Linha 1' }));
  on('2026-11-20T08:00', b.connectionCreated({ companyId, whatsappId: ids.line2, name: 'Linha 2' }));
  on('2026-11-20T08:00', b.tagCreated({ companyId, tagId: ids.vip, name: 'VIP' }));
  on('2026-11-20T08:00', b.tagCreated({ companyId, tagId: ids.retorno, name: 'Retorno' }));

  refs.t1 = ticket(ids.t1);
  on('2026-11-27T17:00', b.ticketCreated({ ...refs.t1, queueId: ids.vendas }));
  on('2026-11-27T17:00', customer('t1'));
  on('2026-11-27T17:01', agent('t1', null));
  on('2026-11-27T17:30', b.ticketAccepted({ ...ref(ids.t1), userId: ids.bruno, queueId: ids.vendas }));
  on('2026-11-27T17:30', agent('t1', ids.bruno, true));
  on(
    '2026-11-27T17:40',
    b.ticketTransferred({
      ...ref(ids.t1),
      from: { userId: ids.bruno, queueId: ids.vendas, whatsappId: ids.line1 },
      status: 'open',
      userId: ids.carla,
      queueId: ids.suporte,
      whatsappId: ids.line1,
    }),
  );
  on('2026-11-27T17:41', b.ticketTagsSynced({ ...ref(ids.t1), tagIds: [ids.vip] }));

  refs.t7 = ticket(ids.t7);
  on('2026-11-29T10:00', b.ticketCreated({ ...refs.t7, queueId: ids.vendas }));
  on('2026-11-29T10:00', customer('t7'));

  on('2026-11-30T09:00', agent('t1', ids.carla));
  on('2026-11-30T09:10', customer('t1'));
  on('2026-11-30T09:15', customer('t1'));
  on('2026-11-30T09:40', agent('t1', ids.carla));
  on('2026-11-30T10:00', b.ticketClosed({ ...ref(ids.t1), userId: ids.carla, queueId: ids.suporte }));

  refs.t2 = ticket(ids.t2);
  on(
    '2026-11-30T10:00',
    b.ticketCreated({ ...refs.t2, status: 'open', userId: ids.bruno, queueId: ids.vendas }),
  );
  on('2026-11-30T10:01', b.ticketTagsSynced({ ...ref(ids.t2), tagIds: [ids.vip, ids.retorno] }));
  on('2026-11-30T10:05', agent('t2', ids.bruno));
  on('2026-11-30T10:20', b.ticketRatingRequested({ ...ref(ids.t2), userId: ids.bruno }));
  on('2026-11-30T10:25', customer('t2'));
  on('2026-11-30T10:25', b.ticketRated({ ...ref(ids.t2), userId: ids.bruno, rate: 3 }));
  on(
    '2026-11-30T10:25',
    b.ticketClosed({ ...ref(ids.t2), userId: ids.bruno, queueId: ids.vendas, reason: 'rated' }),
  );
  on('2026-11-30T11:00', b.ticketReopened({ ...ref(ids.t2), userId: ids.bruno, queueId: ids.vendas }));
  on('2026-11-30T11:10', customer('t2'));
  on('2026-11-30T11:12', b.phoneMessageSent(msg('t2')));
  on('2026-11-30T11:30', b.ticketRatingRequested({ ...ref(ids.t2), userId: ids.bruno }));
  on(
    '2026-11-30T12:00',
    b.ticketClosed({ ...ref(ids.t2), userId: ids.bruno, queueId: ids.vendas, reason: 'unrated' }),
  );

  refs.t3 = ticket(ids.t3, ids.line2);
  on('2026-11-30T12:00', b.ticketCreated(refs.t3));
  on('2026-11-30T12:00', customer('t3'));
  on('2026-11-30T12:01', agent('t3', null));
  on('2026-11-30T12:02', b.ticketQueueAssigned({ ...ref(ids.t3), queueId: ids.suporte, reason: 'bot' }));
  on('2026-11-30T12:30', b.ticketClosed({ ...ref(ids.t3), reason: 'inactive' }));

  // None of these count anywhere.
  refs.group = ticket(ids.group);
  on('2026-11-30T13:00', b.ticketCreated({ ...refs.group, isGroup: true, queueId: ids.vendas }));
  on('2026-11-30T13:00', customer('group'));
  on('2026-11-30T13:05', agent('group', ids.bruno));
  on('2026-11-30T13:10', b.ticketClosed({ ...ref(ids.group), userId: ids.bruno }));
  refs.carrier = ticket(ids.carrier);
  on('2026-11-30T14:00', b.ticketCreated({ ...refs.carrier, status: 'open' }));
  on('2026-11-30T14:00', agent('carrier', null));
  on('2026-11-30T14:00', b.ticketClosed({ ...ref(ids.carrier), reason: 'campaign' }));
  refs.deleted = ticket(ids.deleted);
  on('2026-11-30T15:00', b.ticketCreated({ ...refs.deleted, queueId: ids.vendas }));
  on('2026-11-30T15:00', customer('deleted'));
  on('2026-11-30T15:05', b.ticketAccepted({ ...ref(ids.deleted), userId: ids.bruno, queueId: ids.vendas }));
  on('2026-11-30T15:06', agent('deleted', ids.bruno));
  on('2026-11-30T15:10', b.ticketClosed({ ...ref(ids.deleted), userId: ids.bruno }));
  on('2026-11-30T15:20', b.ticketDeleted(ref(ids.deleted)));

  return { ids, events };
}

/** The SLA engineer's clocks for the week (their projection fills sla_clocks; its columns as agreed). */
export function knownWeekClocks(ids: ReturnType<typeof knownWeek>['ids']) {
  const clock = (
    ticketId: string,
    target: string,
    o: { started: string; stopped?: string; breached?: string; cancelled?: boolean; userId?: string | null },
    queueId = ids.suporte,
  ) => ({
    companyId: ids.companyId,
    ticketId,
    clockId: `${target}:${o.started}`,
    target,
    queueId,
    whatsappId: ids.line1,
    userId: o.userId ?? null,
    startedAt: at(o.started),
    stoppedAt: o.stopped ? at(o.stopped) : null,
    breachedAt: o.breached ? at(o.breached) : null,
    cancelled: o.cancelled ?? false,
  });
  return [
    // T1's first answer within its target (met), its next one late (breached).
    clock(ids.t1, 'firstResponse', {
      started: '2026-11-27T17:00',
      stopped: '2026-11-30T09:00',
      userId: ids.carla,
    }),
    clock(ids.t1, 'nextResponse', {
      started: '2026-11-30T09:10',
      breached: '2026-11-30T09:30',
      stopped: '2026-11-30T09:40',
      userId: ids.carla,
    }),
    // T7, unanswered on a Sunday: breached.
    clock(ids.t7, 'firstResponse', { started: '2026-11-29T10:00', breached: '2026-11-29T11:00' }, ids.vendas),
    // T2's resolution clock cancelled: neither.
    clock(ids.t2, 'resolution', {
      started: '2026-11-30T10:00',
      stopped: '2026-11-30T10:25',
      cancelled: true,
    }),
  ];
}

/** An instant written on the company's wall clock (yyyy-MM-ddTHH:mm, São Paulo). */
export function at(local: string) {
  return new Date(`${local}:00-03:00`).toISOString();
}

/** Writes the clocks into the SLA projection's sla_clocks (its columns as agreed). */
export async function insertClocks(pool: pg.Pool, clocks: ReturnType<typeof knownWeekClocks>) {
  for (const c of clocks)
    await pool.query(
      `INSERT INTO sla_clocks (company_id, ticket_id, clock_id, target, policy_id, queue_id, whatsapp_id, user_id,
         started_at, due_at, warn_at, stopped_at, warned_at, breached_at, cancelled)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9, $10, $11, $11, $12)`,
      [
        c.companyId,
        c.ticketId,
        c.clockId,
        c.target,
        b.testId(),
        c.queueId,
        c.whatsappId,
        c.userId,
        c.startedAt,
        c.stoppedAt,
        c.breachedAt,
        c.cancelled,
      ],
    );
}
