import { describe, expect, it } from 'vitest';
import { nextSlaAlertAt, slaAlertsDue, type TimedSlaClock } from './alerts.ts';

const clock = (over: Partial<TimedSlaClock> = {}): TimedSlaClock => ({
  clockId: 'firstResponse:1',
  target: 'firstResponse',
  policyId: '00000000-0000-4000-8000-000000000001',
  startedAt: '2026-03-02T12:00:00.000Z',
  warnAt: '2026-03-02T12:24:00.000Z',
  dueAt: '2026-03-02T12:30:00.000Z',
  warnedAt: null,
  breachedAt: null,
  ...over,
});
const at = (iso: string) => Date.parse(iso);

describe("a fired SLA timer's work", () => {
  it('records nothing before the warning, and names the warning as next', () => {
    expect(slaAlertsDue([clock()], at('2026-03-02T12:10:00Z'))).toEqual([]);
    expect(nextSlaAlertAt([clock()], at('2026-03-02T12:10:00Z'))).toBe('2026-03-02T12:24:00.000Z');
  });

  it('records the warning at 80 %, then names the breach as next', () => {
    const now = at('2026-03-02T12:24:00Z');
    expect(slaAlertsDue([clock()], now)).toEqual([
      {
        type: 'TicketSlaWarned',
        policyId: clock().policyId,
        target: 'firstResponse',
        clockId: 'firstResponse:1',
        startedAt: '2026-03-02T12:00:00.000Z',
        dueAt: '2026-03-02T12:30:00.000Z',
      },
    ]);
    expect(nextSlaAlertAt([clock()], now)).toBe('2026-03-02T12:30:00.000Z');
  });

  it('records a late timer’s warning and breach together, once each', () => {
    const now = at('2026-03-02T13:00:00Z');
    expect(slaAlertsDue([clock()], now).map((a) => a.type)).toEqual(['TicketSlaWarned', 'TicketSlaBreached']);
    const recorded = clock({ warnedAt: '2026-03-02T13:00:00.000Z', breachedAt: '2026-03-02T13:00:00.000Z' });
    expect(slaAlertsDue([recorded], now)).toEqual([]);
    expect(nextSlaAlertAt([recorded], now)).toBeNull();
  });

  it('takes the earliest instant of several clocks, and never one that is never due', () => {
    const later = clock({
      clockId: 'resolution:1',
      warnAt: '2026-03-02T14:00:00.000Z',
      dueAt: '2026-03-02T15:00:00.000Z',
    });
    const never = clock({ clockId: 'resolution:2', warnAt: null, dueAt: null });
    expect(nextSlaAlertAt([later, clock(), never], at('2026-03-02T12:00:00Z'))).toBe(
      '2026-03-02T12:24:00.000Z',
    );
    expect(slaAlertsDue([never], at('2026-04-01T00:00:00Z'))).toEqual([]);
  });
});
