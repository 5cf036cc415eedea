import { Card, Classes, H5, Icon, type IconName, ProgressBar } from '@blueprintjs/core';
import type { Durations, ReportFigures, SlaAttainment } from '@zelo/contracts/reports/read-models';
import { formatDuration } from '../../../lib/duration.ts';
import { formatNumber, formatPercent } from '../../../lib/figures.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { languageAtom, useAtomValue } from '../../../lib/store.ts';

const CSAT_COLORS = { 1: '#cd4246', 2: '#d1980b', 3: '#238551' } as const;
const CLOCKS = ['firstResponse', 'nextResponse', 'resolution'] as const;

/** The period's totals: volume, the bot's share, the three clocks, SLA attainment and satisfaction. */
export function SummaryCards({ figures }: { figures: ReportFigures }) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  return (
    <>
      <div className="report-stats">
        <Stat
          id="opened"
          icon="inbox"
          label={t('reports.opened')}
          value={formatNumber(figures.opened, lang)}
        />
        <Stat
          id="resolved"
          icon="tick-circle"
          label={t('reports.resolved')}
          value={formatNumber(figures.resolved, lang)}
        />
        <Stat
          id="reopened"
          icon="refresh"
          label={t('reports.reopened')}
          value={formatNumber(figures.reopened, lang)}
        />
        <Stat
          id="bot-share"
          icon="predictive-analysis"
          label={t('reports.botShare')}
          value={formatPercent(figures.botShare, lang)}
          detail={t('reports.botShareDetail', { bot: figures.resolvedByBot, total: figures.resolved })}
        />
      </div>
      <div className="report-details">
        {CLOCKS.map((clock) => (
          <DurationCard key={clock} clock={clock} durations={figures[clock]} />
        ))}
        <Card className="report-card" data-testid="report-sla">
          <H5>{t('reports.sla')}</H5>
          {CLOCKS.map((clock) => (
            <SlaLine
              key={clock}
              label={t(`reports.${clock}` as TKey)}
              sla={figures.sla[clock]}
              clock={clock}
            />
          ))}
        </Card>
        <CsatCard csat={figures.csat} />
      </div>
    </>
  );
}

function Stat({
  id,
  icon,
  label,
  value,
  detail,
}: {
  id: string;
  icon: IconName;
  label: string;
  value: string;
  detail?: string;
}) {
  return (
    <Card className="report-stat" data-testid={`report-stat-${id}`}>
      <Icon icon={icon} size={20} className={Classes.TEXT_MUTED} />
      <div>
        <div className="report-stat-label">{label}</div>
        <div className="report-stat-value" data-testid="report-stat-value">
          {value}
        </div>
        {detail && <div className={`report-stat-detail ${Classes.TEXT_MUTED}`}>{detail}</div>}
      </div>
    </Card>
  );
}

function DurationCard({ clock, durations }: { clock: (typeof CLOCKS)[number]; durations: Durations }) {
  const t = useT();
  return (
    <Card className="report-card" data-testid={`report-${clock}`}>
      <H5>{t(`reports.${clock}`)}</H5>
      <div className="report-duration-main">
        <span className="report-stat-value" data-testid="report-median">
          {formatDuration(durations.median)}
        </span>
        <span className={Classes.TEXT_MUTED}>{t('reports.median')}</span>
      </div>
      <dl className="report-duration-more">
        <dt>{t('reports.p90')}</dt>
        <dd data-testid="report-p90">{formatDuration(durations.p90)}</dd>
        <dt>{t('reports.average')}</dt>
        <dd data-testid="report-average">{formatDuration(durations.average)}</dd>
      </dl>
      <div className={`report-card-foot ${Classes.TEXT_MUTED}`}>
        {t('reports.measured', { count: durations.count })} · {t('reports.businessTime')}
      </div>
    </Card>
  );
}

function SlaLine({ label, sla, clock }: { label: string; sla: SlaAttainment; clock: string }) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  return (
    <div className="report-sla-line" data-testid={`report-sla-${clock}`}>
      <div className="report-sla-head">
        <span>{label}</span>
        <strong>{formatPercent(sla.rate, lang)}</strong>
      </div>
      <ProgressBar
        value={sla.rate ?? 0}
        intent={
          sla.rate === null ? 'none' : sla.rate >= 0.9 ? 'success' : sla.rate >= 0.7 ? 'warning' : 'danger'
        }
        animate={false}
        stripes={false}
        aria-hidden
      />
      <div className={`report-card-foot ${Classes.TEXT_MUTED}`}>
        {t('reports.slaDetail', { met: sla.met, breached: sla.breached })}
      </div>
    </div>
  );
}

function CsatCard({ csat }: { csat: ReportFigures['csat'] }) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  const scores = [1, 2, 3] as const;
  const rated = scores.reduce((n, s) => n + csat.distribution[s], 0);
  const label = (s: 1 | 2 | 3) => t(`reports.csat${s}`);
  return (
    <Card className="report-card" data-testid="report-csat">
      <H5>{t('reports.csat')}</H5>
      <div
        className="report-csat-bar"
        role="img"
        aria-label={scores.map((s) => `${label(s)}: ${csat.distribution[s]}`).join(', ')}
      >
        {rated === 0 ? (
          <span className={`report-csat-empty ${Classes.TEXT_MUTED}`}>{t('reports.noRatings')}</span>
        ) : (
          scores.map(
            (s) =>
              csat.distribution[s] > 0 && (
                <span
                  key={s}
                  style={{ flexGrow: csat.distribution[s], background: CSAT_COLORS[s] }}
                  title={`${label(s)}: ${csat.distribution[s]}`}
                />
              ),
          )
        )}
      </div>
      <ul className="report-csat-legend">
        {scores.map((s) => (
          <li key={s}>
            <i style={{ background: CSAT_COLORS[s] }} aria-hidden />
            {label(s)} <strong data-testid={`report-csat-${s}`}>{csat.distribution[s]}</strong>
          </li>
        ))}
      </ul>
      <dl className="report-duration-more">
        <dt>{t('reports.responseRate')}</dt>
        <dd data-testid="report-csat-response-rate">{formatPercent(csat.responseRate, lang)}</dd>
        <dt>{t('reports.csatAverage')}</dt>
        <dd data-testid="report-csat-average">{formatNumber(csat.average, lang, 2)}</dd>
      </dl>
    </Card>
  );
}
