import { isDeepStrictEqual } from 'node:util';
import * as b from '@zelo/contracts/testing/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionsProjection } from '../connections/whatsapps.ts';
import { queuesProjection } from '../queues/queues.ts';
import { tagsProjection } from '../tags/tags.ts';
import { createReadModelDatabase, type ReadModelDatabase } from '../testing/read-model-database.ts';
import { recorded } from '../testing/recorded-events.ts';
import { usersProjection } from '../users/users.ts';
import { figures, type Some, sla } from './expected-figures.ts';
import { insertClocks, knownWeek, knownWeekClocks, SAO_PAULO } from './known-week.ts';
import { reportsProjectionIn } from './projection.ts';
import { type ReportFilter, reportView } from './queries.ts';

const H = 3600;
const M = 60;
// The week's figures worked out by hand (known-week.ts tells the story), in business seconds.
const T1 = { first: 6 * H, next: 30 * M, resolution: 7 * H };
const T2 = { first: 5 * M, resolution: 25 * M, reopenFirst: 12 * M, reopenResolution: H };

describe('reports read model, from a known week of events', () => {
  let db: ReadModelDatabase;
  const { ids, events } = knownWeek();
  const report = (over: Partial<ReportFilter> = {}) =>
    reportView(db.pool, {
      companyId: ids.companyId,
      from: '2026-11-27',
      to: '2026-11-30',
      groupBy: 'day',
      timeZone: SAO_PAULO,
      ...over,
    });
  const row = (view: Awaited<ReturnType<typeof report>>, key: string) => {
    const { key: _k, label, ...f } = view.rows.find((r) => r.key === key) ?? { key, label: '(none)' };
    return { label, ...f };
  };

  beforeAll(async () => {
    db = await createReadModelDatabase();
    const readers = [usersProjection, queuesProjection, connectionsProjection, tagsProjection];
    await db.apply([...readers, reportsProjectionIn(SAO_PAULO)], events);
    await insertClocks(db.pool, knownWeekClocks(ids));
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('sums up the period: every figure, in business hours, persons only', async () => {
    const view = await report();
    expect(view.period).toEqual({ from: '2026-11-27', to: '2026-11-30' });
    expect(view.summary).toEqual({
      // T1, T2, T3, T7 (the group's, the campaign's and the deleted ticket count nowhere).
      opened: 4,
      // T1, T2 twice (closed, reopened, closed again), T3.
      resolved: 4,
      reopened: 1,
      resolvedByBot: 1,
      botShare: 0.25,
      // 6 h (Friday 17:00 to Monday 09:00 across the weekend), 5 min, 12 min.
      firstResponse: { median: 720, p90: 17_424, average: 7_540, count: 3 },
      nextResponse: { median: 1_800, p90: 1_800, average: 1_800, count: 1 },
      // 7 h, 25 min, 1 h: T3 closed without a person's answer has none.
      resolution: { median: 3_600, p90: 20_880, average: 10_100, count: 3 },
      sla: {
        firstResponse: { met: 1, breached: 1, rate: 0.5 },
        nextResponse: { met: 0, breached: 1, rate: 0 },
        resolution: { met: 0, breached: 0, rate: null },
      },
      csat: { distribution: { 1: 0, 2: 0, 3: 1 }, responseRate: 0.5, average: 3 },
    });
  });

  it('per day, in the company zone, each figure on the day it starts from', async () => {
    const view = await report();
    expect(view.rows.map((r) => r.key)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    expect(row(view, '2026-11-27')).toEqual({
      label: '2026-11-27',
      ...figures({ opened: 1, first: [T1.first], sla: { firstResponse: sla(1, 0) } }),
    });
    expect(row(view, '2026-11-28')).toEqual({ label: '2026-11-28', ...figures() });
    expect(row(view, '2026-11-29')).toEqual({
      label: '2026-11-29',
      ...figures({ opened: 1, sla: { firstResponse: sla(0, 1) } }),
    });
    expect(row(view, '2026-11-30')).toEqual({
      label: '2026-11-30',
      ...figures({
        opened: 2,
        reopened: 1,
        resolved: 4,
        resolvedByBot: 1,
        first: [T2.first, T2.reopenFirst],
        next: [T1.next],
        resolution: [T1.resolution, T2.resolution, T2.reopenResolution],
        sla: { nextResponse: sla(0, 1) },
        csat: { asked: 2, rates: [3] },
      }),
    });
  });

  it('per hour of the day (00 to 23)', async () => {
    const view = await report({ groupBy: 'hour' });
    expect(view.rows.map((r) => r.key)).toEqual(
      Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
    );
    const busy = view.rows.filter(({ key: _k, label: _l, ...f }) => !isDeepStrictEqual(f, figures()));
    expect(busy.map((r) => r.key)).toEqual(['09', '10', '11', '12', '17']);
    expect(row(view, '09')).toEqual({
      label: '09',
      ...figures({ next: [T1.next], sla: { nextResponse: sla(0, 1) } }),
    });
    expect(row(view, '10')).toEqual({
      label: '10',
      ...figures({
        opened: 2,
        resolved: 2,
        first: [T2.first],
        resolution: [T1.resolution, T2.resolution],
        sla: { firstResponse: sla(0, 1) },
        csat: { asked: 1, rates: [3] },
      }),
    });
    expect(row(view, '11')).toEqual({
      label: '11',
      ...figures({ reopened: 1, first: [T2.reopenFirst], csat: { asked: 1, rates: [] } }),
    });
    expect(row(view, '12')).toEqual({
      label: '12',
      ...figures({ opened: 1, resolved: 2, resolvedByBot: 1, resolution: [T2.reopenResolution] }),
    });
    expect(row(view, '17')).toEqual({
      label: '17',
      ...figures({ opened: 1, first: [T1.first], sla: { firstResponse: sla(1, 0) } }),
    });
  });

  it('per agent: who held, answered, closed and was rated', async () => {
    const view = await report({ groupBy: 'agent' });
    expect(view.rows.map((r) => r.label)).toEqual(['Bruno', 'Carla', '—']);
    const bruno: Some = {
      opened: 1,
      reopened: 1,
      resolved: 2,
      first: [T2.first],
      resolution: [T2.resolution, T2.reopenResolution],
      csat: { asked: 2, rates: [3] },
    };
    expect(row(view, ids.bruno)).toEqual({ label: 'Bruno', ...figures(bruno) });
    expect(row(view, ids.carla)).toEqual({
      label: 'Carla',
      ...figures({
        opened: 1,
        resolved: 1,
        first: [T1.first],
        next: [T1.next],
        resolution: [T1.resolution],
        sla: { firstResponse: sla(1, 0), nextResponse: sla(0, 1) },
      }),
    });
    // Nobody's: T3 and T7 (no agent), the phone's answer, T7's clock.
    expect(row(view, '')).toEqual({
      label: '—',
      ...figures({
        opened: 2,
        resolved: 1,
        resolvedByBot: 1,
        first: [T2.reopenFirst],
        sla: { firstResponse: sla(0, 1) },
      }),
    });
    // The agent filter gives that agent's row as the whole report.
    expect((await report({ userId: ids.bruno })).summary).toEqual(figures(bruno));
  });

  it('per queue: where the opening ended, and where each wait was answered (after the transfer)', async () => {
    const view = await report({ groupBy: 'queue' });
    expect(view.rows.map((r) => r.label)).toEqual(['Suporte', 'Vendas']);
    const suporte: Some = {
      opened: 2,
      resolved: 2,
      resolvedByBot: 1,
      first: [T1.first],
      next: [T1.next],
      resolution: [T1.resolution],
      sla: { firstResponse: sla(1, 0), nextResponse: sla(0, 1) },
    };
    expect(row(view, ids.suporte)).toEqual({ label: 'Suporte', ...figures(suporte) });
    expect(row(view, ids.vendas)).toEqual({
      label: 'Vendas',
      ...figures({
        opened: 2,
        reopened: 1,
        resolved: 2,
        first: [T2.first, T2.reopenFirst],
        resolution: [T2.resolution, T2.reopenResolution],
        sla: { firstResponse: sla(0, 1) },
        csat: { asked: 2, rates: [3] },
      }),
    });
    expect((await report({ queueId: ids.suporte })).summary).toEqual(figures(suporte));
  });

  it('per connection', async () => {
    const view = await report({ groupBy: 'connection' });
    expect(view.rows.map((r) => r.label)).toEqual(['Linha 1', 'Linha 2']);
    expect(row(view, ids.line2)).toEqual({
      label: 'Linha 2',
      ...figures({ opened: 1, resolved: 1, resolvedByBot: 1 }),
    });
    expect(row(view, ids.line1)).toEqual({
      label: 'Linha 1',
      ...figures({
        opened: 3,
        reopened: 1,
        resolved: 3,
        first: [T1.first, T2.first, T2.reopenFirst],
        next: [T1.next],
        resolution: [T1.resolution, T2.resolution, T2.reopenResolution],
        sla: { firstResponse: sla(1, 1), nextResponse: sla(0, 1) },
        csat: { asked: 2, rates: [3] },
      }),
    });
  });

  it("per tag: the tickets' current tags, a ticket with two in both", async () => {
    const view = await report({ groupBy: 'tag' });
    expect(view.rows.map((r) => r.label)).toEqual(['Retorno', 'VIP', '—']);
    const retorno: Some = {
      opened: 1,
      reopened: 1,
      resolved: 2,
      first: [T2.first, T2.reopenFirst],
      resolution: [T2.resolution, T2.reopenResolution],
      csat: { asked: 2, rates: [3] },
    };
    expect(row(view, ids.retorno)).toEqual({ label: 'Retorno', ...figures(retorno) });
    expect(row(view, ids.vip)).toEqual({
      label: 'VIP',
      ...figures({
        opened: 2,
        reopened: 1,
        resolved: 3,
        first: [T1.first, T2.first, T2.reopenFirst],
        next: [T1.next],
        resolution: [T1.resolution, T2.resolution, T2.reopenResolution],
        sla: { firstResponse: sla(1, 0), nextResponse: sla(0, 1) },
        csat: { asked: 2, rates: [3] },
      }),
    });
    expect(row(view, '')).toEqual({
      label: '—',
      ...figures({ opened: 2, resolved: 1, resolvedByBot: 1, sla: { firstResponse: sla(0, 1) } }),
    });
    expect((await report({ tagId: ids.retorno })).summary).toEqual(figures(retorno));
  });

  it('keeps to the period: the day before and the day after see none of the week', async () => {
    expect((await report({ from: '2026-11-26', to: '2026-11-26' })).summary).toEqual(figures());
    const monday = await report({ from: '2026-11-30', to: '2026-11-30' });
    expect(monday.summary.opened).toBe(2);
    expect(monday.summary.firstResponse.count).toBe(2);
    expect((await report({ from: '2026-12-01', to: '2026-12-01' })).summary).toEqual(figures());
  });

  it('buckets by the local hour and day across a change of offset (New York, 2026-11-01 back one hour)', async () => {
    const companyId = b.testId();
    const ny = 'America/New_York';
    const opened = (iso: string) => {
      const t = { companyId, ticketId: b.testId(), contactId: b.testId(), whatsappId: b.testId() };
      return recorded(b.ticketCreated(t), { at: new Date(iso).toISOString() });
    };
    // 00:30 EDT, 01:30 EDT, 01:30 EST (the same wall hour twice), 23:30 EST; and 00:30 on the next day.
    await db.apply(
      [reportsProjectionIn(ny)],
      [
        '2026-11-01T00:30:00-04:00',
        '2026-11-01T01:30:00-04:00',
        '2026-11-01T01:30:00-05:00',
        '2026-11-01T23:30:00-05:00',
        '2026-11-02T00:30:00-05:00',
      ].map(opened),
    );
    const filter = { companyId, from: '2026-11-01', to: '2026-11-02', timeZone: ny };
    const byHour = await reportView(db.pool, { ...filter, groupBy: 'hour' });
    expect(byHour.rows.filter((r) => r.opened).map((r) => [r.key, r.opened])).toEqual([
      ['00', 2],
      ['01', 2],
      ['23', 1],
    ]);
    const byDay = await reportView(db.pool, { ...filter, groupBy: 'day' });
    expect(byDay.rows.map((r) => [r.key, r.opened])).toEqual([
      ['2026-11-01', 4],
      ['2026-11-02', 1],
    ]);
  });

  it("never shows another company's figures", async () => {
    expect((await report({ companyId: ids.bruno })).summary).toEqual(figures());
  });
});
