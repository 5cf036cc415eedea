import type { TicketSla } from '@zelo/contracts/tickets/read-models';
import { describe, expect, it } from 'vitest';
import { slaBadge } from './sla-badge.ts';

const DUE = Date.parse('2026-03-02T12:00:00Z');
const sla = (over: Partial<TicketSla> = {}): TicketSla => ({
  target: 'firstResponse',
  state: 'ok',
  warnAt: new Date(DUE - 6 * 60_000).toISOString(),
  dueAt: new Date(DUE).toISOString(),
  ...over,
});
const min = 60_000;

describe('the SLA badge before the breach', () => {
  it('counts the minutes left, a started minute counting as one', () => {
    expect(slaBadge(sla(), DUE - 12 * min)).toEqual({
      target: 'firstResponse',
      state: 'ok',
      overdue: false,
      minutes: 12,
    });
    expect(slaBadge(sla(), DUE - 10_000).minutes).toBe(1);
  });

  it("keeps the server's warning", () => {
    expect(slaBadge(sla({ state: 'warned' }), DUE - 10 * min)).toMatchObject({
      state: 'warned',
      minutes: 10,
    });
  });

  it('turns to a warning by itself when the 80 % instant passes, before the server says so', () => {
    expect(slaBadge(sla(), DUE - 6 * min - 1)).toMatchObject({ state: 'ok' });
    expect(slaBadge(sla(), DUE - 6 * min)).toMatchObject({ state: 'warned', overdue: false, minutes: 6 });
  });
});

describe('the SLA badge at and past the breach', () => {
  it('turns to a breach by itself when the due instant passes, before the server says so', () => {
    expect(slaBadge(sla({ state: 'warned' }), DUE)).toMatchObject({ state: 'breached', overdue: true });
    expect(slaBadge(sla(), DUE + 5 * min)).toMatchObject({ state: 'breached', overdue: true, minutes: 5 });
  });

  it("believes the server's breach even when this machine's clock is a little behind", () => {
    expect(slaBadge(sla({ state: 'breached' }), DUE - 20_000)).toMatchObject({
      state: 'breached',
      overdue: true,
    });
  });
});

describe('a target whose hours never open', () => {
  it('has no countdown', () => {
    expect(slaBadge(sla({ dueAt: null, warnAt: null, target: 'resolution' }), DUE)).toEqual({
      target: 'resolution',
      state: 'ok',
      overdue: false,
      minutes: null,
    });
  });
});
