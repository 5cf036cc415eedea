import * as v from 'valibot';
import { Id } from '../common.ts';
import { Day } from '../dashboard/api.ts';

// GET /reports/ and GET /reports/export/ (issue 24): admins, plans with `useReports`.

/** The longest period a report may cover, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;
export const ReportGroupBy = v.picklist(
  ['day', 'hour', 'agent', 'queue', 'connection', 'tag'],
  'groupBy must be day, hour, agent, queue, connection or tag',
);
export type ReportGroupBy = v.InferOutput<typeof ReportGroupBy>;

/**
 * The period is the company's calendar days [from, to], both included, at most REPORT_MAX_DAYS; the
 * filters narrow every figure (an id of another company, or unknown, is a 404).
 */
export const ReportQuery = v.pipe(
  v.object({
    from: Day,
    to: Day,
    groupBy: v.optional(ReportGroupBy, 'day'),
    queueId: v.optional(Id),
    userId: v.optional(Id),
    whatsappId: v.optional(Id),
    tagId: v.optional(Id),
  }),
  v.check((q) => q.from <= q.to, 'from must not be after to'),
  v.check(
    (q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 <= REPORT_MAX_DAYS,
    `a report covers at most ${REPORT_MAX_DAYS} days`,
  ),
);
export type ReportQuery = v.InferOutput<typeof ReportQuery>;
