import { Classes } from '@blueprintjs/core';
import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import { dayKey, isSameMonth, monthGrid } from '../lib/month-grid.ts';
import { ScheduleEvent } from './schedule-event.tsx';

interface Props {
  month: Date;
  /** A locale for the weekday names ('pt-BR', 'en', 'es'). */
  locale: string;
  byDay: Map<string, ScheduleView[]>;
  onEdit: (schedule: ScheduleView) => void;
  onDelete: (schedule: ScheduleView) => void;
}

/** A month of whole weeks, Sunday first; each day lists its schedules in send order. */
export function MonthCalendar({ month, locale, byDay, onEdit, onDelete }: Props) {
  const weeks = monthGrid(month);
  const today = dayKey(new Date());
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  return (
    <div className="schedules-calendar" data-testid="schedules-calendar">
      <div className="schedules-weekdays">
        {weeks[0].map((d) => (
          <div key={d.getDay()} className={Classes.TEXT_MUTED}>
            {weekday.format(d)}
          </div>
        ))}
      </div>
      <div className="schedules-month">
        {weeks.flat().map((d) => {
          const key = dayKey(d);
          const outside = !isSameMonth(d, month);
          return (
            <div
              key={key}
              className={`schedules-day${outside ? ' is-outside' : ''}${key === today ? ' is-today' : ''}`}
              data-testid="schedules-day"
              data-day={key}
            >
              <div className="schedules-day-number">{d.getDate()}</div>
              {(byDay.get(key) ?? []).map((s) => (
                <ScheduleEvent
                  key={s.id}
                  schedule={s}
                  onEdit={() => onEdit(s)}
                  onDelete={() => onDelete(s)}
                />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
