import { type Intent, Tag } from '@blueprintjs/core';
import type { SlaTarget } from '@zelo/contracts/tickets/events';
import type { TicketSla } from '@zelo/contracts/tickets/read-models';
import { formatMinutes } from '../../../lib/duration.ts';
import { formatDate, formatTime, isSameDay } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useAtomValue } from '../../../lib/store.ts';
import { slaBadge, slaNowAtom } from '../lib/sla-badge.ts';

const SHORT: Record<SlaTarget, TKey> = {
  firstResponse: 'sla.firstResponseShort',
  nextResponse: 'sla.nextResponseShort',
  resolution: 'sla.resolutionShort',
};
const LONG: Record<SlaTarget, TKey> = {
  firstResponse: 'sla.firstResponse',
  nextResponse: 'sla.nextResponse',
  resolution: 'sla.resolution',
};
/** The due instant: its time today, its date and time on another day. */
const formatDue = (due: string) =>
  isSameDay(due, new Date()) ? formatTime(due) : `${formatDate(due)} ${formatTime(due)}`;

const INTENT: Record<TicketSla['state'], Intent> = { ok: 'none', warned: 'warning', breached: 'danger' };

/** The ticket's running SLA clock: "1ª resposta · 12 min", "Resolução · atrasado 5 min". */
export function SlaBadge({ sla }: { sla: TicketSla }) {
  const t = useT();
  const badge = slaBadge(sla, useAtomValue(slaNowAtom));
  const time = badge.minutes === null ? null : formatMinutes(badge.minutes, 2);
  const label = t(SHORT[badge.target]);
  const text = time === null ? label : `${label} · ${badge.overdue ? t('sla.overdue', { time }) : time}`;
  const title = sla.dueAt
    ? t('sla.badgeTitle', { target: t(LONG[badge.target]), due: formatDue(sla.dueAt) })
    : t(LONG[badge.target]);
  return (
    <Tag
      icon="stopwatch"
      minimal={badge.state === 'ok'}
      intent={INTENT[badge.state]}
      className="ticket-sla"
      title={title}
      data-testid="ticket-sla"
      data-state={badge.state}
    >
      {text}
    </Tag>
  );
}
