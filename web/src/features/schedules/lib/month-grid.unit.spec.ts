import { describe, expect, it } from 'vitest';
import { addMonths, dayKey, gridWindow, groupByDay, isSameMonth, monthGrid } from './month-grid.ts';

// Local dates throughout: the grid is what the viewer's wall calendar shows, whatever the machine's zone.
const keys = (weeks: Date[][]) => weeks.map((w) => w.map(dayKey));

function expectConsecutiveWeeks(days: Date[]) {
  expect(days.length % 7).toBe(0);
  expect(days[0].getDay()).toBe(0);
  for (let i = 1; i < days.length; i++) {
    const next = new Date(days[i - 1].getFullYear(), days[i - 1].getMonth(), days[i - 1].getDate() + 1);
    expect(dayKey(days[i])).toBe(dayKey(next));
  }
}

describe('monthGrid', () => {
  it('covers a month that starts on a Sunday with four whole weeks (February 2015)', () => {
    const weeks = monthGrid(new Date(2015, 1, 10));
    expect(weeks).toHaveLength(4);
    expect(dayKey(weeks[0][0])).toBe('2015-02-01');
    expect(dayKey(weeks[3][6])).toBe('2015-02-28');
  });

  it('fills the first week from the month before and the last from the month after', () => {
    // March 2024 starts on a Friday and ends on a Sunday.
    const weeks = keys(monthGrid(new Date(2024, 2, 1)));
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([
      '2024-02-25',
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(weeks[5][0]).toBe('2024-03-31');
    expect(weeks[5][6]).toBe('2024-04-06');
  });

  it('crosses a year and lists every day once, seven a week, in order', () => {
    const days = monthGrid(new Date(2025, 11, 31)).flat();
    expect(dayKey(days[0])).toBe('2025-11-30');
    expect(dayKey(days.at(-1)!)).toBe('2026-01-03');
    expectConsecutiveWeeks(days);
  });

  it('keeps every day through a DST change at midnight (Brazil, 4 November 2018, under TZ=America/Sao_Paulo)', () => {
    const days = monthGrid(new Date(2018, 10, 1)).flat();
    expect(days.map(dayKey)).toContain('2018-11-04');
    expectConsecutiveWeeks(days);
  });

  it('starts weeks on Monday when asked', () => {
    const weeks = monthGrid(new Date(2024, 2, 1), 1);
    expect(dayKey(weeks[0][0])).toBe('2024-02-26');
    expect(weeks.every((w) => w[0].getDay() === 1)).toBe(true);
  });
});

describe('addMonths', () => {
  it('lands on the first of the month, across years, from the 31st', () => {
    expect(dayKey(addMonths(new Date(2024, 0, 31), 1))).toBe('2024-02-01');
    expect(dayKey(addMonths(new Date(2024, 11, 15), 1))).toBe('2025-01-01');
    expect(dayKey(addMonths(new Date(2024, 0, 15), -1))).toBe('2023-12-01');
  });

  it('isSameMonth compares year and month only', () => {
    expect(isSameMonth(new Date(2024, 1, 1), new Date(2024, 1, 29, 23, 59))).toBe(true);
    expect(isSameMonth(new Date(2024, 1, 1), new Date(2025, 1, 1))).toBe(false);
  });
});

describe('groupByDay', () => {
  it('puts schedules on their local day, each day in send order', () => {
    const at = (d: number, h: number, m = 0) => new Date(2024, 4, d, h, m).toISOString();
    const byDay = groupByDay([
      { id: 'late', sendAt: at(3, 18) },
      { id: 'other-day', sendAt: at(4, 0, 1) },
      { id: 'early', sendAt: at(3, 0, 0) },
      { id: 'noon', sendAt: at(3, 12) },
    ]);
    expect([...byDay.keys()]).toEqual(['2024-05-03', '2024-05-04']);
    expect(byDay.get('2024-05-03')!.map((s) => s.id)).toEqual(['early', 'noon', 'late']);
    expect(byDay.get('2024-05-04')!.map((s) => s.id)).toEqual(['other-day']);
  });
});

describe('gridWindow', () => {
  it('runs from the first cell of the grid to the midnight after its last cell', () => {
    // March 2031 starts on a Saturday: the grid opens on Sunday 23 February and closes on Saturday 5 April.
    const { from, to } = gridWindow(new Date(2031, 2, 1));
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([2031, 1, 23, 0]);
    expect([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours()]).toEqual([2031, 3, 6, 0]);
  });
});
