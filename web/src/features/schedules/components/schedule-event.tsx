import { Button, Icon } from '@blueprintjs/core';
import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import { formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { STATUS_LOOK } from '../lib/schedule-list.ts';

interface Props {
  schedule: ScheduleView;
  onEdit: () => void;
  onDelete: () => void;
}

/** One schedule in a calendar day: time, contact name and a status mark, with edit and delete icons. */
export function ScheduleEvent({ schedule, onEdit, onDelete }: Props) {
  const t = useT();
  const look = STATUS_LOOK[schedule.status];
  const name = schedule.contact?.name ?? t('schedules.unknownContact');
  return (
    <div
      className={`schedule-event is-${look.intent}`}
      title={`${t(look.label)} · ${schedule.body}`}
      data-testid="schedule-event"
      data-status={schedule.status}
    >
      <Icon icon={look.icon} size={12} aria-label={t(look.label)} />
      <button type="button" className="schedule-event-title" onClick={onEdit}>
        <span className="schedule-event-time">{formatTime(schedule.sendAt)}</span> {name}
      </button>
      <Button
        variant="minimal"
        size="small"
        icon="edit"
        aria-label={t('schedules.edit')}
        onClick={onEdit}
        data-testid="schedule-event-edit"
      />
      <Button
        variant="minimal"
        size="small"
        icon="trash"
        intent="danger"
        aria-label={t('schedules.delete')}
        onClick={onDelete}
        data-testid="schedule-event-delete"
      />
    </div>
  );
}
