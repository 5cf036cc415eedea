import './campaigns.css';
import {
  Button,
  Callout,
  Card,
  HTMLTable,
  type Intent,
  NonIdealState,
  ProgressBar,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import type { ShipmentStatus } from '@zelo/contracts/campaigns/read-models';
import { useLocation } from 'wouter';
import { usePlanRefusal } from '../../../app/routes/plan-route.tsx';
import { formatDate, formatSeconds } from '../../../lib/format.ts';
import { type TKey, translateError, useT } from '../../../lib/i18n.ts';
import { languageAtom, refreshKeyAtom, useAtomValue } from '../../../lib/store.ts';
import { reportFigures } from '../lib/report.ts';
import { STATUS_LOOK } from '../lib/status.ts';
import { useCampaignReport } from '../lib/use-campaign-report.ts';

const NEAR_BOTTOM_PX = 100;

const SHIPMENT_LOOK: Record<ShipmentStatus, { label: TKey; intent: Intent }> = {
  pending: { label: 'campaigns.shipmentPending', intent: 'none' },
  sent: { label: 'campaigns.shipmentSent', intent: 'primary' },
  delivered: { label: 'campaigns.shipmentDelivered', intent: 'success' },
  failed: { label: 'campaigns.shipmentFailed', intent: 'danger' },
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
    { key: 'pending', label: 'campaigns.pending' },
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
      <div
        className="campaigns-page-body"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) report.loadMore();
        }}
      >
        <HTMLTable striped compact className="campaigns-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('campaigns.contact')}</th>
              <th>{t('campaigns.number')}</th>
              <th>{t('campaigns.status')}</th>
              <th>{t('campaigns.sentAt')}</th>
              <th>{t('campaigns.deliveredAt')}</th>
              <th>{t('campaigns.failure')}</th>
            </tr>
          </thead>
          <tbody>
            {shipments.records.map((s) => (
              <tr key={s.index} data-testid="shipment-row" data-status={s.status}>
                <td>{s.index + 1}</td>
                <td>{s.name}</td>
                <td>{s.number}</td>
                <td>
                  <Tag minimal intent={SHIPMENT_LOOK[s.status].intent}>
                    {t(SHIPMENT_LOOK[s.status].label)}
                  </Tag>
                </td>
                <td>{when(s.sentAt)}</td>
                <td>{when(s.deliveredAt)}</td>
                <td>{s.reason ? `${when(s.failedAt)} ${translateError(lang, s.reason)}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {report.loadingShipments && <Spinner size={24} />}
        {!report.loadingShipments && shipments.records.length === 0 && (
          <NonIdealState icon="send-message" title={t('campaigns.noShipments')} />
        )}
      </div>
    </div>
  );
}
