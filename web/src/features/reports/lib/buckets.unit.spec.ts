import type { ReportFigures, ReportRow, ReportView } from '@zelo/contracts/reports/read-models';
import { describe, expect, it } from 'vitest';
import { chartBuckets, nothingHappened, rowLabel } from './buckets.ts';

const none = { median: null, p90: null, average: null, count: 0 };
const sla = { met: 0, breached: 0, rate: null };
const figures = (opened: number): ReportFigures => ({
  opened,
  resolved: 0,
  reopened: 0,
  resolvedByBot: 0,
  botShare: null,
  firstResponse: none,
  nextResponse: none,
  resolution: none,
  sla: { firstResponse: sla, nextResponse: sla, resolution: sla },
  csat: { distribution: { 1: 0, 2: 0, 3: 0 }, responseRate: null, average: null },
});
const row = (key: string, label: string, opened: number): ReportRow => ({ key, label, ...figures(opened) });
const view = (groupBy: string, rows: ReportRow[]): ReportView => ({
  period: { from: '2026-02-27', to: '2026-03-02' },
  groupBy,
  summary: figures(rows.reduce((n, r) => n + r.opened, 0)),
  rows,
});

describe('the buckets the charts draw', () => {
  it('has every day of the period by day, the missing ones empty', () => {
    const buckets = chartBuckets(view('day', [row('2026-03-01', '2026-03-01', 4)]));
    expect(buckets.map((b) => b.label)).toEqual(['27/02', '28/02', '01/03', '02/03']);
    expect(buckets.map((b) => b.figures?.opened ?? null)).toEqual([null, null, 4, null]);
  });

  it('has the 24 hours by hour', () => {
    const buckets = chartBuckets(view('hour', [row('9', '9', 2), row('23', '23', 1)]));
    expect(buckets).toHaveLength(24);
    expect(buckets[9]).toMatchObject({ key: '09', label: '09h', figures: { opened: 2 } });
    expect(buckets[23].figures?.opened).toBe(1);
  });

  it("keeps the API's rows for the other groupings", () => {
    const buckets = chartBuckets(view('agent', [row('u1', 'Ana', 3), row('u2', 'Bruno', 1)]));
    expect(buckets.map((b) => [b.key, b.label])).toEqual([
      ['u1', 'Ana'],
      ['u2', 'Bruno'],
    ]);
  });
});

describe("a table row's name", () => {
  it('is a date by day, an hour by hour, the name otherwise', () => {
    expect(rowLabel('day', { key: '2026-03-01', label: '2026-03-01' })).toBe('01/03/2026');
    expect(rowLabel('hour', { key: '7', label: '7' })).toBe('07:00');
    expect(rowLabel('queue', { key: 'q', label: 'Suporte' })).toBe('Suporte');
    expect(rowLabel('agent', { key: '', label: '' })).toBe('—');
  });
});

describe('an empty period', () => {
  it('is one where nothing was opened, resolved, measured, timed against a target or rated', () => {
    expect(nothingHappened(figures(0))).toBe(true);
    expect(nothingHappened(figures(1))).toBe(false);
    const answered = figures(0);
    answered.nextResponse = { median: 30, p90: 30, average: 30, count: 1 };
    expect(nothingHappened(answered)).toBe(false);
    const rated = figures(0);
    rated.csat = { distribution: { 1: 0, 2: 0, 3: 1 }, responseRate: 1, average: 3 };
    expect(nothingHappened(rated)).toBe(false);
    const breached = figures(0);
    breached.sla = { ...breached.sla, resolution: { met: 0, breached: 1, rate: 0 } };
    expect(nothingHappened(breached)).toBe(false);
  });
});
