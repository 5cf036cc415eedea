import type { ReportFigures, ReportView } from '@zelo/contracts/reports/read-models';
import { describe, expect, it } from 'vitest';
import { csvFileName, reportCsv } from './csv.ts';

const none = { median: null, p90: null, average: null, count: 0 };
const sla = { met: 0, breached: 0, rate: null };
const figures = (over: Partial<ReportFigures> = {}): ReportFigures => ({
  opened: 0,
  resolved: 0,
  reopened: 0,
  resolvedByBot: 0,
  botShare: null,
  firstResponse: none,
  nextResponse: none,
  resolution: none,
  sla: { firstResponse: sla, nextResponse: sla, resolution: sla },
  csat: { distribution: { 1: 0, 2: 0, 3: 0 }, responseRate: null, average: null },
  ...over,
});

describe('the report as CSV', () => {
  const view: ReportView = {
    period: { from: '2026-11-01', to: '2026-11-30' },
    groupBy: 'tag',
    summary: figures({
      opened: 3,
      resolved: 2,
      resolvedByBot: 1,
      botShare: 0.5,
      firstResponse: { median: 60, p90: 108, average: 70, count: 3 },
      sla: { firstResponse: { met: 2, breached: 1, rate: 2 / 3 }, nextResponse: sla, resolution: sla },
      csat: { distribution: { 1: 0, 2: 1, 3: 1 }, responseRate: 1, average: 2.5 },
    }),
    rows: [
      { key: 't1', label: '=HYPERLINK("http://x")', ...figures({ opened: 1 }) },
      { key: 't2', label: 'Dúvidas, "urgentes"', ...figures({ opened: 2 }) },
    ],
  };
  const text = reportCsv(view);
  const lines = text.slice(1).split('\r\n');

  it('starts with a BOM, then a header, a row per group and the total, each line ended by CRLF', () => {
    expect(text.startsWith('\uFEFFChave,Tag,Abertos,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    expect(lines[3]).toBe('total,Total,3,2,0,1,0.5,60,108,70,3,,,,0,,,,0,2,1,0.6667,0,0,,0,0,,0,1,1,1,2.5');
  });

  it('quotes what needs it and keeps a name that looks like a formula from running', () => {
    expect(lines[1].startsWith(`t1,"'=HYPERLINK(""http://x"")",1,`)).toBe(true);
    expect(lines[2].startsWith('t2,"Dúvidas, ""urgentes""",2,')).toBe(true);
  });

  it('names the file after the period', () => {
    expect(csvFileName(view)).toBe('relatorio-2026-11-01-2026-11-30.csv');
  });
});
