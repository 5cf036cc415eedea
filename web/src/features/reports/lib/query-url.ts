import { Id } from '@zelo/contracts/common';
import { ReportGroupBy, type ReportQuery } from '@zelo/contracts/reports/api';
import * as v from 'valibot';
import { isDay, type Period, presetPeriod } from './period.ts';

// A report lives in the URL's search string (/reports?from=…&to=…&groupBy=agent&queueId=…), so it can
// be reloaded, bookmarked and shared; the page reads its query from there and writes every change back.

export const FILTER_KEYS = ['queueId', 'userId', 'whatsappId', 'tagId'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type ReportFilters = Partial<Record<FilterKey, string>>;

/** What the page shows: a period (possibly one the API would refuse: the page says why), a grouping, filters. */
export interface ReportParams extends Period, ReportFilters {
  groupBy: ReportGroupBy;
}

/** Without a period in the URL a report covers the last 7 days. */
export const DEFAULT_PRESET = '7';

/**
 * The report a search string asks for. A missing or malformed date gives the default period (both
 * ends, never half of one); an unknown grouping is by day; a filter that is not an id is dropped.
 */
export function paramsFromSearch(search: string, today = new Date()): ReportParams {
  const q = new URLSearchParams(search);
  const from = q.get('from');
  const to = q.get('to');
  const period = isDay(from) && isDay(to) ? { from, to } : presetPeriod(DEFAULT_PRESET, today);
  const groupBy = q.get('groupBy');
  const params: ReportParams = { ...period, groupBy: v.is(ReportGroupBy, groupBy) ? groupBy : 'day' };
  for (const key of FILTER_KEYS) {
    const id = q.get(key);
    if (v.is(Id, id)) params[key] = id;
  }
  return params;
}

/** The search string of a report, in a fixed order (from, to, groupBy, then the filters set). */
export function searchFromParams(params: ReportParams): string {
  const q = new URLSearchParams({ from: params.from, to: params.to, groupBy: params.groupBy });
  for (const key of FILTER_KEYS) {
    const id = params[key];
    if (id) q.set(key, id);
  }
  return q.toString();
}

/** The API's query for a report whose period is valid (checked with periodProblem first). */
export function toReportQuery(params: ReportParams): ReportQuery {
  const query: ReportQuery = { from: params.from, to: params.to, groupBy: params.groupBy };
  for (const key of FILTER_KEYS) if (params[key]) query[key] = params[key];
  return query;
}
