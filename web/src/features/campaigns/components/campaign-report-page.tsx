import './campaigns.css';
import {
  Button,
  Callout,
  Card,
  type Intent,
  NonIdealState,
  ProgressBar,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import type { CampaignShipmentView, ShipmentStatus } from '@zelo/contracts/campaigns/read-models';
import { useLocation } from 'wouter';
import { usePlanRefusal } from '../../../app/routes/plan-route.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { formatDate, formatSeconds } from '../../../lib/format.ts';
import { type TKey, translateError, useT } from '../../../lib/i18n.ts';
import { languageAtom, refreshKeyAtom, useAtomValue } from '../../../lib/store.ts';
import { reportFigures } from '../lib/report.ts';
import { STATUS_LOOK } from '../lib/status.ts';
import { useCampaignReport } from '../lib/use-campaign-report.ts';

const SHIPMENT_LOOK: Record<ShipmentStatus, { label: TKey; intent: Intent }> = {
  pending: { label: 'campaigns.shipmentPending', intent: 'none' },
  sent: { label: 'campaigns.shipmentSent', intent: 'primary' },
  delivered: { label: 'campaigns.shipmentDelivered', intent: 'success' },
  failed: { label: 'campaigns.shipmentFailed', intent: 'danger' },
  // LGPD (issue 25): skipped because the customer opted out; never sent, never failed.
  optedOut: { label: 'campaigns.shipmentOptedOut', intent: 'warning' },
};

const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatSeconds(iso)}` : '');

/**
 * Doc 2 §2.9 report: valid contacts, sent, delivered, failed and pending, the connection and the status,
 * a progress bar and the run's shipments with their times; all of it follows the campaign frames live,
 * and reloads 5 s after the campaign finished. A start the server refused shows its reason.
 */
export function CampaignReportPage({ campaignId }: { campaignId: string }) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  const refreshKey = useAtomValue(refreshKeyAtom);
  const [, navigate] = useLocation();
  const report = useCampaignReport(campaignId, refreshKey);
  usePlanRefusal(report.planRefused, 'campaigns.planRefused');
  const { campaign, shipments } = report;

  const back = (
    <Button
      icon="arrow-left"
      variant="minimal"
      text={t('campaigns.backToList')}
      onClick={() => navigate('/campaigns')}
      data-testid="report-back"
    />
  );
  if (report.deleted || (report.campaignError && !report.planRefused)) {
    return (
      <div className="campaigns-page" data-testid="campaign-report">
        {back}
        <NonIdealState icon="search" title={t('campaigns.reportGone')} />
      </div>
    );
  }
  if (!campaign) {
    return (
      <div className="campaigns-page" data-testid="campaign-report">
        <Spinner size={32} />
      </div>
    );
  }

  const figures = reportFigures(campaign);
  const running = campaign.status === 'EM_ANDAMENTO';
  const counters: { key: keyof typeof figures; label: TKey; intent?: Intent }[] = [
    { key: 'validContacts', label: 'campaigns.validContacts' },
    { key: 'sent', label: 'campaigns.sent', intent: 'primary' },
    { key: 'delivered', label: 'campaigns.delivered', intent: 'success' },
    { key: 'failed', label: 'campaigns.failed', intent: 'danger' },
    { key: 'optedOut', label: 'campaigns.optedOut', intent: 'warning' },
    { key: 'pending', label: 'campaigns.pending' },
  ];

  const shipmentColumns: DataColumn<CampaignShipmentView>[] = [
    { title: '#', width: 64, render: (s) => s.index + 1 },
    { title: t('campaigns.contact'), render: (s) => s.name },
    { title: t('campaigns.number'), render: (s) => s.number },
    {
      title: t('campaigns.status'),
      render: (s) => (
        <Tag minimal intent={SHIPMENT_LOOK[s.status].intent}>
          {t(SHIPMENT_LOOK[s.status].label)}
        </Tag>
      ),
    },
    { title: t('campaigns.sentAt'), render: (s) => when(s.sentAt) },
    { title: t('campaigns.deliveredAt'), render: (s) => when(s.deliveredAt) },
    {
      title: t('campaigns.failure'),
      // A recipient skipped as opted out has a reason too, but nothing failed: its status says it all.
      render: (s) =>
        s.reason && s.status !== 'optedOut' ? `${when(s.failedAt)} ${translateError(lang, s.reason)}` : '',
    },
  ];

  return (
    <div className="campaigns-page campaign-report" data-testid="campaign-report">
      <div className="campaigns-page-header">
        {back}
        <h2 data-testid="report-name">{t('campaigns.reportTitle', { name: campaign.name })}</h2>
        <Tag
          large
          minimal
          intent={STATUS_LOOK[campaign.status].intent}
          data-testid="report-status"
          data-status={campaign.status}
        >
          {t(STATUS_LOOK[campaign.status].label)}
        </Tag>
      </div>
      {campaign.lastError && (
        <Callout intent="danger" icon="error" data-testid="report-last-error">
          {t('campaigns.lastError', { reason: translateError(lang, campaign.lastError) })}
        </Callout>
      )}
      <div className="campaign-report-meta">
        <span>
          {t('campaigns.connection')}:{' '}
          <strong data-testid="report-connection">
            {campaign.whatsapp?.name ?? t('campaigns.notDefined')}
          </strong>
        </span>
        <span>
          {t('campaigns.scheduledAt')}:{' '}
          <strong>{when(campaign.scheduledAt) || t('campaigns.notScheduled')}</strong>
        </span>
        <span>
          {t('campaigns.completedAt')}:{' '}
          <strong>{when(campaign.completedAt) || t('campaigns.notCompleted')}</strong>
        </span>
      </div>
      <div className="campaign-report-counters">
        {counters.map((c) => (
          <Card key={c.key} className="campaign-report-counter">
            <div className="bp6-text-muted">{t(c.label)}</div>
            <div
              className={`campaign-report-figure is-${c.intent ?? 'none'}`}
              data-testid={`report-${c.key}`}
            >
              {figures[c.key]}
            </div>
          </Card>
        ))}
      </div>
      <ProgressBar
        value={figures.progress}
        intent={campaign.status === 'FINALIZADA' ? 'success' : running ? 'primary' : 'none'}
        animate={running}
        stripes={running}
        data-testid="report-progress"
      />
      <div className="campaigns-page-body">
        <DataTable
          columns={shipmentColumns}
          rows={shipments.records}
          rowTestId="shipment-row"
          rowProps={(s) => ({ 'data-status': s.status })}
          rowHeight={32}
          loading={report.loadingShipments}
          onLoadMore={report.loadMore}
          empty={<NonIdealState icon="send-message" title={t('campaigns.noShipments')} />}
        />
      </div>
    </div>
  );
}
