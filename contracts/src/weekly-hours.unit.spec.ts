import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defaultWeeklyHours, isTimeOfDay, WeeklyHours } from './weekly-hours.ts';

describe('HH:MM times', () => {
  it('accepts 00:00 to 23:59 with two digits each', () => {
    for (const t of ['00:00', '08:30', '12:00', '23:59']) expect(isTimeOfDay(t)).toBe(true);
  });

  it('refuses one-digit hours, 24:00, minutes past 59, seconds and free text', () => {
    for (const t of ['8:00', '24:00', '12:60', '12:00:00', '12h', '', ' 08:00'])
      expect(isTimeOfDay(t)).toBe(false);
  });
});

describe('weekly hours', () => {
  it('refuses a weekday given twice', () => {
    const day = { weekday: 'monday', startTime: '08:00', endTime: '18:00' };
    expect(v.safeParse(WeeklyHours, [day, day]).success).toBe(false);
    expect(v.safeParse(WeeklyHours, [day]).success).toBe(true);
  });

  it('defaults to Mon-Fri 08-18, Saturday 08-12, Sunday closed (doc 2 §9)', () => {
    expect(v.parse(WeeklyHours, defaultWeeklyHours)).toHaveLength(7);
    expect(defaultWeeklyHours[0]).toEqual({ weekday: 'monday', startTime: '08:00', endTime: '18:00' });
    expect(defaultWeeklyHours[5]).toEqual({ weekday: 'saturday', startTime: '08:00', endTime: '12:00' });
    expect(defaultWeeklyHours[6]).toEqual({ weekday: 'sunday', startTime: '00:00', endTime: '00:00' });
  });
});
