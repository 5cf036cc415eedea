import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { SettingView } from '@zelo/contracts/tenancy/read-models';
import { SETTING_VALUES } from '@zelo/contracts/tenancy/settings';
import { type DayHours, defaultWeeklyHours } from '@zelo/contracts/weekly-hours';
import { useEffect, useState } from 'react';
import { WeeklyHoursEditor, weeklyHoursValid } from '../../../components/ui/weekly-hours-editor.tsx';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { showToast, toastError, toastSuccess } from '../../../lib/toaster.ts';
import { type RequestState, useRequest } from '../../../lib/use-request.ts';
import { getCompanySchedules, listSettings, saveCompanySchedules, updateSetting } from '../api/settings.ts';

/** The company's settings, shared by the options tab and the route that decides which tabs show. */
export const useSettings = () => useRequest(listSettings, []);
export type SettingsState = RequestState<SettingView[]>;

/** Doc 1 §2 settings › Options: one select per setting, saved as it changes. */
export function SettingsOptions({ settings }: { settings: SettingsState }) {
  const t = useT();
  const value = (key: string) => settings.data?.find((s) => s.key === key)?.value ?? '';

  const change = async (key: string, next: string) => {
    try {
      await updateSetting(key, next);
      settings.setData((prev) => prev?.map((s) => (s.key === key ? { ...s, value: next } : s)));
      toastSuccess(t('settings.saved'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="settings-options" data-testid="settings-options">
      {Object.entries(SETTING_VALUES).map(([key, values]) => (
        <FormGroup key={key} label={t(`settings.${key}` as TKey)}>
          <HTMLSelect
            fill
            value={value(key)}
            onChange={(e) => change(key, e.target.value)}
            data-testid={`setting-${key}`}
          >
            {values.map((v) => (
              <option key={v} value={v}>
                {t(`settings.value_${v}` as TKey)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ))}
    </div>
  );
}

/** Doc 1 §2 settings › Schedules: the company's weekly hours (when scheduleType is company). */
export function CompanyHours() {
  const t = useT();
  const companyId = useAtomValue(sessionAtom)?.user.companyId ?? '';
  const stored = useRequest((s) => getCompanySchedules(companyId, s), [companyId]);
  const [hours, setHours] = useState<DayHours[]>(defaultWeeklyHours);
  useEffect(() => {
    if (stored.data?.schedules.length) setHours(stored.data.schedules);
  }, [stored.data]);
  const save = async () => {
    if (!weeklyHoursValid(hours)) return showToast(t('settings.invalidHours'), 'danger');
    try {
      await saveCompanySchedules(companyId, hours);
      toastSuccess(t('settings.schedulesSaved'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div style={{ padding: 12 }}>
      <WeeklyHoursEditor value={hours} onChange={setHours} testId="company-hours" />
      <Button
        intent="primary"
        text={t('settings.saveSchedules')}
        onClick={save}
        data-testid="company-hours-save"
      />
    </div>
  );
}
