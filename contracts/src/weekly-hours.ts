import * as v from 'valibot';

/** Times entered as HH:MM (doc 1 §9, doc 2 §9): 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTimeOfDay = (s: string) => TIME_PATTERN.test(s);
export const TimeOfDay = v.pipe(v.string(), v.regex(TIME_PATTERN, 'must be HH:MM'));

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const Weekday = v.picklist(WEEKDAYS);
export type Weekday = v.InferOutput<typeof Weekday>;

export const DayHours = v.object({ weekday: Weekday, startTime: TimeOfDay, endTime: TimeOfDay });
export type DayHours = v.InferOutput<typeof DayHours>;

/** One entry per weekday at most; an absent weekday is closed. */
export const WeeklyHours = v.pipe(
  v.array(DayHours),
  v.maxLength(7),
  v.check((days) => new Set(days.map((d) => d.weekday)).size === days.length, 'a weekday appears twice'),
);
export type WeeklyHours = v.InferOutput<typeof WeeklyHours>;

/** Doc 2 §9: Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00. */
export const defaultWeeklyHours: WeeklyHours = WEEKDAYS.map((weekday) => ({
  weekday,
  startTime: weekday === 'sunday' ? '00:00' : '08:00',
  endTime: weekday === 'sunday' ? '00:00' : weekday === 'saturday' ? '12:00' : '18:00',
}));

const WEEKDAY_OF: Record<string, Weekday> = {
  Mon: 'monday',
  Tue: 'tuesday',
  Wed: 'wednesday',
  Thu: 'thursday',
  Fri: 'friday',
  Sat: 'saturday',
  Sun: 'sunday',
};

/**
 * Whether `at` falls inside the opening hours, read on the company's wall clock. Hours never set
 * (an empty list) mean always open; a weekday left out, or 00:00-00:00, is closed that day.
 */
export function isWithinHours(hours: WeeklyHours, at: Date, timeZone: string): boolean {
  if (hours.length === 0) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = hours.find((d) => d.weekday === WEEKDAY_OF[part('weekday')]);
  if (!day) return false;
  const now = `${part('hour')}:${part('minute')}`;
  return day.startTime <= now && now < day.endTime;
}
