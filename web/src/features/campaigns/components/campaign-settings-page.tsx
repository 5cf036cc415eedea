import './campaigns.css';
import { Button, Card, FormGroup, HTMLSelect, Spinner, Switch } from '@blueprintjs/core';
import { LONGER_INTERVAL_CHOICES, MESSAGE_INTERVAL_CHOICES } from '@zelo/contracts/campaigns/events';
import { Field, Form } from 'react-final-form';
import { usePlanRefusal } from '../../../app/routes/plan-route.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { refreshKeyAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { getCampaignSettings } from '../api/get-campaign-settings.ts';
import { saveCampaignSettings } from '../api/save-campaign-settings.ts';
import { SettingsForm, type SettingsFormValues, settingsToForm } from '../lib/settings-form.ts';
import { PLAN_REFUSED } from '../lib/use-campaign-list.ts';
import { VariablesField } from './variables-field.tsx';

type IntervalField = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';

function IntervalSelect({
  name,
  label,
  choices,
  unit,
}: {
  name: IntervalField;
  label: string;
  choices: readonly number[];
  unit: (n: number) => string;
}) {
  return (
    <Field<number> name={name}>
      {({ input }) => (
        <FormGroup label={label} labelFor={`settings-${name}`}>
          <HTMLSelect
            id={`settings-${name}`}
            fill
            value={String(input.value)}
            onChange={(e) => input.onChange(Number(e.currentTarget.value))}
            data-testid={`settings-${name}`}
          >
            {choices.map((n) => (
              <option key={n} value={n}>
                {unit(n)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
    </Field>
  );
}

/**
 * Doc 2 §2.9 /campaigns-config: the pacing (choices of §9), the variables, and Zelo's safeguards against
 * number bans: a random jitter on every gap, a daily cap per connection and a sending window.
 */
export function CampaignSettingsPage() {
  const t = useT();
  const refreshKey = useAtomValue(refreshKeyAtom);
  const settings = useRequest((signal) => getCampaignSettings(signal), [refreshKey]);
  usePlanRefusal(
    settings.error instanceof ApiError && settings.error.code === PLAN_REFUSED,
    'campaigns.planRefused',
  );

  const onSubmit = async (values: SettingsFormValues) => {
    try {
      const saved = await saveCampaignSettings(values);
      settings.setData(() => saved);
      toastSuccess(t('campaignSettings.saved'));
    } catch (err) {
      toastError(err);
    }
  };
  const seconds = (n: number) => t('campaignSettings.seconds', { count: n });
  const messages = (n: number) => t('campaignSettings.messages', { count: n });

  return (
    <div className="campaigns-page campaign-settings" data-testid="campaign-settings-page">
      <div className="campaigns-page-header">
        <h2>{t('campaignSettings.title')}</h2>
      </div>
      {!settings.data ? (
        settings.loading && <Spinner size={32} />
      ) : (
        <Form<SettingsFormValues>
          onSubmit={onSubmit}
          initialValues={settingsToForm(settings.data)}
          validate={validateWith(SettingsForm, (k) => t(k as TKey))}
        >
          {({ handleSubmit, submitting, values }) => (
            <form onSubmit={handleSubmit} className="campaign-settings-form">
              <Card>
                <h3>{t('campaignSettings.pacing')}</h3>
                <div className="campaign-grid is-three">
                  <IntervalSelect
                    name="messageInterval"
                    label={t('campaignSettings.messageInterval')}
                    choices={MESSAGE_INTERVAL_CHOICES}
                    unit={seconds}
                  />
                  <IntervalSelect
                    name="longerIntervalAfter"
                    label={t('campaignSettings.longerIntervalAfter')}
                    choices={LONGER_INTERVAL_CHOICES}
                    unit={messages}
                  />
                  <IntervalSelect
                    name="greaterInterval"
                    label={t('campaignSettings.greaterInterval')}
                    choices={LONGER_INTERVAL_CHOICES}
                    unit={seconds}
                  />
                </div>
              </Card>
              <Card>
                <h3>{t('campaignSettings.safeguards')}</h3>
                <p className="bp6-text-muted">{t('campaignSettings.safeguardsHelp')}</p>
                <div className="campaign-grid">
                  <TextField
                    name="jitterSeconds"
                    label={t('campaignSettings.jitter')}
                    inputMode="numeric"
                    testId="settings-jitter"
                  />
                  <TextField
                    name="dailyLimitPerConnection"
                    label={t('campaignSettings.dailyLimit')}
                    inputMode="numeric"
                    testId="settings-daily-limit"
                  />
                </div>
                <Field<boolean> name="windowEnabled" type="checkbox">
                  {({ input }) => (
                    <Switch
                      label={t('campaignSettings.window')}
                      checked={!!input.checked}
                      onChange={input.onChange}
                      data-testid="settings-window-enabled"
                    />
                  )}
                </Field>
                {values.windowEnabled ? (
                  <div className="campaign-grid">
                    <TextField
                      name="windowStart"
                      label={t('campaignSettings.windowStart')}
                      type="time"
                      testId="settings-window-start"
                    />
                    <TextField
                      name="windowEnd"
                      label={t('campaignSettings.windowEnd')}
                      type="time"
                      testId="settings-window-end"
                    />
                  </div>
                ) : (
                  <p className="bp6-text-muted">{t('campaignSettings.anyHour')}</p>
                )}
              </Card>
              <Card>
                <VariablesField />
              </Card>
              <div className="campaign-settings-actions">
                <Button
                  type="submit"
                  intent="primary"
                  icon="floppy-disk"
                  text={t('campaignSettings.save')}
                  loading={submitting}
                  data-testid="settings-save"
                />
              </div>
            </form>
          )}
        </Form>
      )}
    </div>
  );
}
