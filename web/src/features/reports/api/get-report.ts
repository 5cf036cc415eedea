import type { ReportView } from '@zelo/contracts/reports/read-models';
import { apiRequest } from '../../../lib/api.ts';
import { type ReportParams, toReportQuery } from '../lib/query-url.ts';

/** GET /reports/: the figures of a period, in total and per group (admins, plans with useReports). */
export const getReport = (params: ReportParams, signal?: AbortSignal) =>
  apiRequest<ReportView>('/reports/', { query: { ...toReportQuery(params) }, signal });
