import './dashboard.css';
import { Button, Card, H3, HTMLSelect, HTMLTable, Icon, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { type CounterFilter, getCounters, getTicketsPerDay, getTicketsPerUser } from '../api/dashboard.ts';
import { formatMinutes, monthToDate, stars } from '../lib/dates.ts';
import { ChartCard } from './chart-card.tsx';

const PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;

/** Admins' overview (doc 1 §2 Dashboard): six counters, the attendants table and two charts. */
export function DashboardPage() {
  const t = useT();
  const [type, setType] = useState<'date' | 'period'>('date');
  const [dates, setDates] = useState(monthToDate());
  const [days, setDays] = useState<(typeof PERIODS)[number]>(0);
  const [filter, setFilter] = useState<CounterFilter>({ type: 'date', ...monthToDate() });
  const { data, loading } = useRequest((signal) => getCounters(filter, signal), [JSON.stringify(filter)]);

  const apply = () => {
    if (type === 'date' && (!dates.from || !dates.to))
      return showToast(t('dashboard.selectFilterError'), 'warning');
    setFilter(type === 'date' ? { type: 'date', ...dates } : { type: 'period', days });
  };

  const cards: [string, string, string][] = data
    ? [
        ['chat', t('dashboard.inTalk'), String(data.supportHappening)],
        ['time', t('dashboard.waiting'), String(data.supportPending)],
        ['tick-circle', t('dashboard.finished'), String(data.supportFinished)],
        ['new-person', t('dashboard.newContacts'), String(data.leads)],
        ['stopwatch', t('dashboard.avgTalk'), formatMinutes(data.avgSupportTime)],
        ['history', t('dashboard.avgWait'), formatMinutes(data.avgWaitTime)],
      ]
    : [];

  return (
    <div className="dashboard" data-testid="dashboard">
      <div className="dashboard-filters">
        <HTMLSelect
          value={type}
          onChange={(e) => setType(e.currentTarget.value as 'date' | 'period')}
          options={[
            { value: 'date', label: t('dashboard.perDate') },
            { value: 'period', label: t('dashboard.perPeriod') },
          ]}
        />
        {type === 'date' ? (
          <>
            <InputGroup
              type="date"
              value={dates.from}
              onChange={(e) => setDates({ ...dates, from: e.target.value })}
            />
            <InputGroup
              type="date"
              value={dates.to}
              onChange={(e) => setDates({ ...dates, to: e.target.value })}
            />
          </>
        ) : (
          <HTMLSelect
            value={days}
            onChange={(e) => setDays(Number(e.currentTarget.value) as (typeof PERIODS)[number])}
            options={PERIODS.map((d) => ({
              value: d,
              label: d === 0 ? t('dashboard.none') : t('dashboard.lastDays', { count: d }),
            }))}
          />
        )}
        <Button
          intent="primary"
          icon="filter"
          text={t('dashboard.filter')}
          onClick={apply}
          loading={loading}
        />
      </div>

      <div className="dashboard-cards">
        {cards.map(([icon, label, value]) => (
          <Card key={label} className="dashboard-card" data-testid="dashboard-card">
            <Icon icon={icon as never} size={22} />
            <div>
              <div className="dashboard-card-label">{label}</div>
              <H3 className="dashboard-card-value">{value}</H3>
            </div>
          </Card>
        ))}
      </div>

      <Card className="dashboard-attendants">
        <HTMLTable compact striped style={{ width: '100%' }}>
          <thead>
            <tr>
              <th>{t('dashboard.name')}</th>
              <th>{t('dashboard.rating')}</th>
              <th>{t('dashboard.avgTalk')}</th>
              <th>{t('dashboard.status')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.attendants.map((a) => (
              <tr key={a.id}>
                <td>{a.name}</td>
                <td aria-label={`${stars(a.rating)}/3`}>
                  {[1, 2, 3].map((n) => (
                    <Icon key={n} icon={n <= stars(a.rating) ? 'star' : 'star-empty'} size={14} />
                  ))}
                </td>
                <td>{formatMinutes(a.avgSupportTime)}</td>
                <td>
                  <Tag minimal intent={a.online ? 'success' : 'none'}>
                    {a.online ? t('dashboard.online') : t('dashboard.offline')}
                  </Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>

      <div className="dashboard-charts">
        <ChartCard
          title={t('dashboard.ticketsPerUser')}
          testId="chart-users"
          load={getTicketsPerUser}
          errorKey="dashboard.userChartError"
        />
        <ChartCard
          title={t('dashboard.ticketsPerDay')}
          testId="chart-days"
          load={getTicketsPerDay}
          errorKey="dashboard.dateChartError"
        />
      </div>
    </div>
  );
}
