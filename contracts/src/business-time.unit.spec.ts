import { describe, expect, it } from 'vitest';
import { addBusinessMs, businessMsBetween } from './business-time.ts';
import { defaultWeeklyHours, type WeeklyHours } from './weekly-hours.ts';

const SP = 'America/Sao_Paulo';
const H = 3_600_000;
const M = 60_000;
const at = (iso: string) => Date.parse(iso);
// Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday closed (doc 2 §9's default).
const hours = defaultWeeklyHours;

describe('business time on the company clock', () => {
  it('counts only open hours across a weekend', () => {
    // Friday 2026-11-27 17:00 (-03:00) to Monday 2026-11-30 09:00: Friday 1 h, Saturday 4 h, Monday 1 h.
    expect(
      businessMsBetween(hours, SP, at('2026-11-27T17:00:00-03:00'), at('2026-11-30T09:00:00-03:00')),
    ).toBe(6 * H);
  });

  it('is calendar time when the hours were never set', () => {
    const [from, to] = [at('2026-11-28T23:00:00Z'), at('2026-11-30T01:30:00Z')];
    expect(businessMsBetween([], SP, from, to)).toBe(to - from);
    expect(addBusinessMs([], SP, from, 90 * M)).toBe(from + 90 * M);
  });

  it('counts nothing outside the hours and nothing backwards', () => {
    expect(
      businessMsBetween(hours, SP, at('2026-11-29T08:00:00-03:00'), at('2026-11-29T20:00:00-03:00')),
    ).toBe(0);
    expect(
      businessMsBetween(hours, SP, at('2026-11-30T10:00:00-03:00'), at('2026-11-30T09:00:00-03:00')),
    ).toBe(0);
  });

  it('adds open time: a 2 h target set on Saturday 11:00 falls on Monday 09:00', () => {
    const due = addBusinessMs(hours, SP, at('2026-11-28T11:00:00-03:00'), 2 * H);
    expect(new Date(due ?? 0).toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });

  it('starts counting at the next opening when set out of hours', () => {
    const due = addBusinessMs(hours, SP, at('2026-11-29T15:00:00-03:00'), 30 * M);
    expect(new Date(due ?? 0).toISOString()).toBe('2026-11-30T11:30:00.000Z');
  });

  it('agrees with itself: the open time up to the due instant is the target', () => {
    for (const start of [
      '2026-11-27T17:59:00-03:00',
      '2026-11-28T07:00:00-03:00',
      '2026-12-24T12:34:00-03:00',
    ]) {
      const due = addBusinessMs(hours, SP, at(start), 13 * H + 7 * M) ?? 0;
      expect(businessMsBetween(hours, SP, at(start), due)).toBe(13 * H + 7 * M);
    }
  });

  it('never falls due when every day is closed', () => {
    const closed: WeeklyHours = [{ weekday: 'monday', startTime: '00:00', endTime: '00:00' }];
    expect(addBusinessMs(closed, SP, at('2026-11-27T10:00:00Z'), M)).toBeNull();
  });

  it('follows a zone with daylight saving (New York, 2026-11-01 back one hour)', () => {
    const allWeek: WeeklyHours = [
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ].map((weekday) => ({
      weekday: weekday as WeeklyHours[number]['weekday'],
      startTime: '00:00',
      endTime: '23:59',
    }));
    // Sunday 2026-11-01 has 25 wall hours; open 00:00-23:59 local is 24 h 59 min of real time.
    const ny = 'America/New_York';
    expect(businessMsBetween(allWeek, ny, at('2026-11-01T04:00:00Z'), at('2026-11-02T05:00:00Z'))).toBe(
      24 * H + 59 * M,
    );
  });
});
