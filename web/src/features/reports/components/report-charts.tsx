import { Card, H5 } from '@blueprintjs/core';
import type { ReportView } from '@zelo/contracts/reports/read-models';
import { durationUnit, formatDuration } from '../../../lib/duration.ts';
import { formatNumber } from '../../../lib/figures.ts';
import { useT } from '../../../lib/i18n.ts';
import { languageAtom, useAtomValue } from '../../../lib/store.ts';
import { chartBuckets, isTimeGrouping } from '../lib/buckets.ts';
import { BarChart } from './bar-chart.tsx';

const COLORS = { opened: '#2d72d2', resolved: '#238551', firstResponse: '#c87619' };

/**
 * By day or hour, conversations opened and resolved and the first response's median along the
 * period; by agent, queue, connection or tag, the same figures as horizontal bars, one row per group.
 */
export function ReportCharts({ view }: { view: ReportView }) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  const buckets = chartBuckets(view);
  const horizontal = !isTimeGrouping(view.groupBy);
  const categories = buckets.map((b) => ({ key: b.key, label: b.label }));
  const medians = buckets.map((b) => b.figures?.firstResponse.median ?? null);
  const count = (n: number) => formatNumber(n, lang);
  return (
    <div className="report-charts">
      <Card className="report-card">
        <H5>{t('reports.chartVolume')}</H5>
        <BarChart
          label={t('reports.chartVolume')}
          testId="report-chart-volume"
          horizontal={horizontal}
          categories={categories}
          format={count}
          series={[
            {
              key: 'opened',
              label: t('reports.opened'),
              color: COLORS.opened,
              values: buckets.map((b) => b.figures?.opened ?? 0),
            },
            {
              key: 'resolved',
              label: t('reports.resolved'),
              color: COLORS.resolved,
              values: buckets.map((b) => b.figures?.resolved ?? 0),
            },
          ]}
        />
      </Card>
      <Card className="report-card">
        <H5>{t('reports.chartFirstResponse')}</H5>
        <BarChart
          label={t('reports.chartFirstResponse')}
          testId="report-chart-first-response"
          horizontal={horizontal}
          categories={categories}
          format={formatDuration}
          unit={durationUnit(Math.max(0, ...medians.map((m) => m ?? 0)))}
          series={[
            {
              key: 'firstResponse',
              label: t('reports.firstResponse'),
              color: COLORS.firstResponse,
              values: medians,
            },
          ]}
        />
      </Card>
    </div>
  );
}
