import { Button, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { STATUS_LOOK } from '../lib/schedule-list.ts';

interface Props {
  schedules: ScheduleView[];
  onEdit: (schedule: ScheduleView) => void;
  onDelete: (schedule: ScheduleView) => void;
}

/** The list view: the month's schedules in send order, with their message. */
export function ScheduleAgenda({ schedules, onEdit, onDelete }: Props) {
  const t = useT();
  if (schedules.length === 0) return <NonIdealState icon="calendar" title={t('schedules.empty')} />;
  return (
    <HTMLTable striped className="schedules-agenda" data-testid="schedules-agenda">
      <thead>
        <tr>
          <th>{t('schedules.when')}</th>
          <th>{t('schedules.contact')}</th>
          <th>{t('schedules.body')}</th>
          <th>{t('schedules.status')}</th>
          <th className="schedules-agenda-actions">{t('schedules.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {schedules.map((s) => {
          const look = STATUS_LOOK[s.status];
          return (
            <tr key={s.id} data-testid="schedule-row" data-status={s.status}>
              <td>
                {formatDate(s.sendAt)} {formatTime(s.sendAt)}
              </td>
              <td>{s.contact?.name ?? t('schedules.unknownContact')}</td>
              <td className="schedules-agenda-body">{s.body}</td>
              <td>
                <Tag minimal intent={look.intent} icon={look.icon} title={s.error ?? undefined}>
                  {t(look.label)}
                </Tag>
              </td>
              <td className="schedules-agenda-actions">
                <Button
                  variant="minimal"
                  icon="edit"
                  aria-label={t('schedules.edit')}
                  onClick={() => onEdit(s)}
                />
                <Button
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  aria-label={t('schedules.delete')}
                  onClick={() => onDelete(s)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
