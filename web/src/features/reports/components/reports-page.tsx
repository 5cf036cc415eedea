import './reports.css';
import { Button, Card, Classes, H2, H5, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { usePlanRefusal } from '../../../app/routes/plan-route.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.ts';
import { useResync } from '../../../lib/socket.ts';
import { refreshKeyAtom, useAtomValue } from '../../../lib/store.ts';
import { showToast, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { exportReport } from '../api/export-report.ts';
import { getReport } from '../api/get-report.ts';
import { nothingHappened } from '../lib/buckets.ts';
import { periodProblem } from '../lib/period.ts';
import { FILTER_KEYS, paramsFromSearch, type ReportParams, searchFromParams } from '../lib/query-url.ts';
import { ReportCharts } from './report-charts.tsx';
import { ReportFilters } from './report-filters.tsx';
import { ReportTable } from './report-table.tsx';
import { SummaryCards } from './summary-cards.tsx';

/**
 * Issue 24 reports (admins, plans with useReports): the figures of a period from the event history,
 * in total and per day, hour, agent, queue, connection or tag; the question lives in the URL.
 */
export function ReportsPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const search = useSearch();
  const refreshKey = useAtomValue(refreshKeyAtom);
  const params = paramsFromSearch(search);
  const key = searchFromParams(params);
  const problem = periodProblem(params);
  // The URL always spells the report out (the default period, no stray parameters), so what is
  // shared or bookmarked is what was shown.
  useEffect(() => {
    if (search !== key) navigate(`/reports?${key}`, { replace: true });
  }, [search, key, navigate]);
  const report = useRequest(
    (signal) => (problem ? Promise.resolve(undefined) : getReport(params, signal)),
    [key, refreshKey],
  );
  useResync(report.reload);
  const error = report.error instanceof ApiError ? report.error : null;
  usePlanRefusal(error?.status === 403 && error.code === 'ERR_PLAN_FEATURE_DISABLED', 'reports.planRefused');
  const [exporting, setExporting] = useState(false);

  const change = (next: ReportParams) => navigate(`/reports?${searchFromParams(next)}`, { replace: true });
  const hasFilter = FILTER_KEYS.some((k) => params[k]);
  const clearFilters = () => change({ from: params.from, to: params.to, groupBy: params.groupBy });

  const download = async () => {
    setExporting(true);
    try {
      toastSuccess(t('reports.exported', { file: await exportReport(params) }));
    } catch {
      showToast(t('reports.exportFailed'), 'danger');
    } finally {
      setExporting(false);
    }
  };

  // The page's newest answer for this question; an answer for an earlier one is never shown.
  const view = !problem && !report.error ? report.data : undefined;
  const body = problem ? null : report.error ? (
    error?.status === 404 && hasFilter ? (
      <NonIdealState
        icon="filter-remove"
        title={t('reports.filterGone')}
        action={
          <Button
            text={t('reports.clearFilters')}
            onClick={clearFilters}
            data-testid="report-clear-filters"
          />
        }
      />
    ) : (
      <NonIdealState
        icon="error"
        title={t('reports.loadFailed')}
        action={
          <Button
            icon="refresh"
            text={t('reports.retry')}
            onClick={report.reload}
            data-testid="report-retry"
          />
        }
      />
    )
  ) : !view ? (
    <div className="report-loading" data-testid="report-loading" aria-busy>
      <div className={Classes.SKELETON} style={{ height: 84 }} />
      <div className={Classes.SKELETON} style={{ height: 180 }} />
      <div className={Classes.SKELETON} style={{ height: 260 }} />
    </div>
  ) : nothingHappened(view.summary) ? (
    <NonIdealState
      icon="timeline-bar-chart"
      title={t('reports.empty')}
      description={t('reports.emptyHint')}
    />
  ) : (
    <div className={`report-body${report.loading ? ' is-reloading' : ''}`} aria-busy={report.loading}>
      <SummaryCards figures={view.summary} />
      <ReportCharts view={view} />
      <Card className="report-card report-table-card">
        <H5>{t('reports.table')}</H5>
        <ReportTable view={view} />
      </Card>
    </div>
  );

  return (
    <div
      className="reports-page"
      data-testid="reports-page"
      data-state={
        problem ? 'refused' : report.error ? 'error' : report.loading || !view ? 'loading' : 'ready'
      }
    >
      <div className="reports-head">
        <H2>{t('reports.title')}</H2>
        <Button
          icon="download"
          text={t('reports.export')}
          onClick={download}
          loading={exporting}
          disabled={!!problem || !view}
          data-testid="report-export"
        />
      </div>
      <Card className="report-card">
        <ReportFilters params={params} onChange={change} />
      </Card>
      {body}
    </div>
  );
}
