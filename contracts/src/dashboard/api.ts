import * as v from 'valibot';

/** A calendar day typed in the browser (yyyy-MM-dd), a day in the company's time zone. */
export const Day = v.pipe(
  v.string(),
  v.isoDate('must be yyyy-MM-dd'),
  // valibot runs every check of a pipe, so this one must tolerate what isoDate already refused.
  v.check((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'is not a calendar date'),
);

/** The periods the dashboard offers, in days (0: today). */
export const DASHBOARD_PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;

/** GET /dashboard: per period (days) or per date (date_from/date_to); choosing one clears the other (doc 1 §4). */
export const CountersQuery = v.object({
  days: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.picklist(DASHBOARD_PERIODS, 'days must be one of 0, 3, 7, 15, 30, 60, 90'),
    ),
  ),
  date_from: v.optional(Day),
  date_to: v.optional(Day),
});
export type CountersQuery = v.InferOutput<typeof CountersQuery>;

/** GET /dashboard/ticketsUsers and /dashboard/ticketsDay; the spec's companyId is ignored (the session's). */
export const ChartQuery = v.object({
  initialDate: v.optional(Day),
  finalDate: v.optional(Day),
  companyId: v.optional(v.string()),
});
export type ChartQuery = v.InferOutput<typeof ChartQuery>;
