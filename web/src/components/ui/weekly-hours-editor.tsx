import { HTMLTable, InputGroup } from '@blueprintjs/core';
import { type DayHours, isTimeOfDay, WEEKDAYS } from '@zelo/contracts/weekly-hours';
import { useT } from '../../lib/i18n.ts';

interface Props {
  value: DayHours[];
  onChange: (value: DayHours[]) => void;
  testId?: string;
}

/** Start and end time per weekday (HH:MM); a malformed time is marked until fixed. */
export function WeeklyHoursEditor({ value, onChange, testId }: Props) {
  const t = useT();
  const row = (weekday: DayHours['weekday']) =>
    value.find((d) => d.weekday === weekday) ?? { weekday, startTime: '00:00', endTime: '00:00' };
  const set = (weekday: DayHours['weekday'], field: 'startTime' | 'endTime', time: string) =>
    onChange(WEEKDAYS.map((w) => (w === weekday ? { ...row(w), [field]: time } : row(w))));
  const cell = (d: DayHours, field: 'startTime' | 'endTime') => (
    <InputGroup
      value={d[field]}
      placeholder="HH:MM"
      maxLength={5}
      intent={isTimeOfDay(d[field]) ? 'none' : 'danger'}
      onChange={(e) => set(d.weekday, field, e.target.value)}
      data-testid={testId && `${testId}-${d.weekday}-${field}`}
    />
  );
  return (
    <HTMLTable compact className="weekly-hours" data-testid={testId}>
      <thead>
        <tr>
          <th>{t('weeklyHours.weekday')}</th>
          <th>{t('weeklyHours.startTime')}</th>
          <th>{t('weeklyHours.endTime')}</th>
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((w) => {
          const d = row(w);
          return (
            <tr key={w}>
              <td>{t(`weeklyHours.${w}`)}</td>
              <td>{cell(d, 'startTime')}</td>
              <td>{cell(d, 'endTime')}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

/** True when every row of the week holds two valid HH:MM times. */
export const weeklyHoursValid = (value: DayHours[]) =>
  value.every((d) => isTimeOfDay(d.startTime) && isTimeOfDay(d.endTime));
