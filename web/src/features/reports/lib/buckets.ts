import type { ReportGroupBy } from '@zelo/contracts/reports/api';
import type { ReportFigures, ReportRow, ReportView } from '@zelo/contracts/reports/read-models';

/** Grouped by time, the charts read along the period; by anything else, one bar per group. */
export const isTimeGrouping = (groupBy: string) => groupBy === 'day' || groupBy === 'hour';

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** How a group is named on the table's rows: dd/MM/yyyy, HH:00, or the group's own name. */
export function rowLabel(groupBy: string, row: Pick<ReportRow, 'key' | 'label'>): string {
  const day = groupBy === 'day' ? DAY_KEY.exec(row.key) : null;
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  if (groupBy === 'hour' && /^\d{1,2}$/.test(row.key)) return `${row.key.padStart(2, '0')}:00`;
  return row.label || row.key || '—';
}

/** The shorter name an axis has room for: dd/MM, HHh. */
function axisLabel(groupBy: string, key: string, label: string): string {
  const day = groupBy === 'day' ? DAY_KEY.exec(key) : null;
  if (day) return `${day[3]}/${day[2]}`;
  if (groupBy === 'hour') return `${key.padStart(2, '0')}h`;
  return label || key || '—';
}

export interface ChartBucket {
  key: string;
  label: string;
  /** null: nothing happened in that bucket (the API sends no row for it). */
  figures: ReportFigures | null;
}

/** Every day of the period from `from` to `to` (yyyy-MM-dd, both included). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  // The period is at most 366 days; the bound guards against a malformed answer.
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length <= 400; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * What the charts draw: by day, every day of the period; by hour, the 24 hours; a bucket the API
 * left out is drawn empty rather than skipped, so the axis keeps time's spacing. Other groupings
 * draw the API's rows as they come.
 */
export function chartBuckets(view: ReportView): ChartBucket[] {
  const groupBy = view.groupBy as ReportGroupBy;
  if (!isTimeGrouping(groupBy))
    return view.rows.map((r) => ({ key: r.key, label: axisLabel(groupBy, r.key, r.label), figures: r }));
  const normal = (key: string) => (groupBy === 'hour' ? key.padStart(2, '0') : key);
  const byKey = new Map(view.rows.map((r) => [normal(r.key), r]));
  const keys =
    groupBy === 'hour'
      ? Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'))
      : daysOf(view.period.from, view.period.to);
  return keys.map((key) => ({ key, label: axisLabel(groupBy, key, key), figures: byKey.get(key) ?? null }));
}

/**
 * Whether a period had nothing to report: no ticket opened, resolved or reopened, no interval
 * measured, no SLA clock stopped, no rating. The API still sends its rows (a zero per day): the page
 * shows one "nothing here" instead of a wall of zeros.
 */
export function nothingHappened(f: ReportFigures): boolean {
  const clocks = [f.firstResponse, f.nextResponse, f.resolution].reduce((n, d) => n + d.count, 0);
  const slas = Object.values(f.sla).reduce((n, s) => n + s.met + s.breached, 0);
  const ratings = f.csat.distribution[1] + f.csat.distribution[2] + f.csat.distribution[3];
  return f.opened + f.resolved + f.reopened + clocks + slas + ratings === 0;
}
