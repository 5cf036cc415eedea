import { Button, Card, Classes, FormGroup, H5, InputGroup, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import type { ChartPoint } from '../api/dashboard.ts';
import { monthToDate } from '../lib/dates.ts';
import { BarChart } from './bar-chart.tsx';

interface Props {
  title: string;
  testId: string;
  load: (from: string, to: string, signal: AbortSignal) => Promise<ChartPoint[]>;
  errorKey: 'dashboard.userChartError' | 'dashboard.dateChartError';
}

/** One chart with its own date range and filter button (doc 1 §2 Dashboard). */
export function ChartCard({ title, testId, load, errorKey }: Props) {
  const t = useT();
  const [draft, setDraft] = useState(monthToDate());
  const [range, setRange] = useState(draft);
  const { data, loading, error } = useRequest(
    (signal) => load(range.from, range.to, signal),
    [range.from, range.to],
  );
  useEffect(() => {
    if (error) showToast(t(errorKey), 'danger');
  }, [error, errorKey, t]);
  return (
    <Card className="dashboard-chart" data-testid={testId}>
      <div className="dashboard-chart-head">
        <H5>{title}</H5>
        <div className="dashboard-range">
          <FormGroup label={t('dashboard.from')} inline>
            <InputGroup
              type="date"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </FormGroup>
          <FormGroup label={t('dashboard.to')} inline>
            <InputGroup
              type="date"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </FormGroup>
          <Button icon="filter" text={t('dashboard.filter')} onClick={() => setRange(draft)} />
        </div>
      </div>
      {loading && !data ? (
        <div className={Classes.SKELETON} style={{ height: 260 }} />
      ) : data && data.length > 0 ? (
        <BarChart data={data} />
      ) : (
        <NonIdealState icon="timeline-bar-chart" description={t('dashboard.noData')} />
      )}
    </Card>
  );
}
