import { Button, Callout, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import type { PrivacySettingKey } from '@zelo/contracts/contacts/privacy';
import type { SubmissionErrors } from 'final-form';
import { Field, Form } from 'react-final-form';
import { ApiError } from '../../../lib/api.ts';
import { validateWith, visibleError } from '../../../lib/form.ts';
import { type TKey, translateError, useT } from '../../../lib/i18n.ts';
import { languageAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { changedKeys, PrivacySettingsInput, privacyValues } from '../api/privacy-settings.ts';
import { updateSetting } from '../api/settings.ts';
import type { SettingsState } from './settings-panels.tsx';

interface FieldProps {
  name: PrivacySettingKey;
  label: string;
  help?: string;
  multiline?: boolean;
}

/** One setting: its input, its help, and its error (the form's check or the server's answer). */
function SettingField({ name, label, help, multiline }: FieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = visibleError({
          ...meta,
          submitError: meta.dirtySinceLastSubmit ? undefined : meta.submitError,
        });
        const common = {
          id: `privacy-${name}`,
          name: input.name,
          value: input.value ?? '',
          onChange: input.onChange,
          onBlur: input.onBlur,
          onFocus: input.onFocus,
          intent: error ? ('danger' as const) : ('none' as const),
          'data-testid': `privacy-${name}`,
        };
        return (
          <FormGroup
            label={label}
            labelFor={`privacy-${name}`}
            helperText={error ?? help}
            intent={error ? 'danger' : 'none'}
          >
            {multiline ? (
              <TextArea fill rows={2} style={{ fontFamily: 'inherit' }} {...common} />
            ) : (
              <InputGroup {...common} />
            )}
          </FormGroup>
        );
      }}
    </Field>
  );
}

/**
 * LGPD (issue 25) settings › Privacy: the opt-out and opt-in words, their replies, and how many days
 * messages are kept. Each changed value is saved with PUT /settings/:key; a value the server refuses
 * shows its reason on its field, the others are saved.
 */
export function PrivacySettings({ settings }: { settings: SettingsState }) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  const initial = privacyValues(settings.data);

  const save = async (values: PrivacySettingsInput): Promise<SubmissionErrors | undefined> => {
    const errors: Record<string, string> = {};
    const saved: Partial<PrivacySettingsInput> = {};
    for (const key of changedKeys(initial, values)) {
      try {
        const value = values[key].trim();
        await updateSetting(key, value);
        saved[key] = value;
      } catch (err) {
        if (!(err instanceof ApiError)) {
          toastError(err);
          return undefined;
        }
        const text = translateError(lang, err.code);
        errors[key] = text === err.code ? err.message : text;
      }
    }
    settings.setData((prev) => {
      const rest = (prev ?? []).filter((s) => !(s.key in saved));
      return [...rest, ...Object.entries(saved).map(([key, value]) => ({ key, value: value as string }))];
    });
    if (Object.keys(errors).length) return errors;
    toastSuccess(t('privacy.saved'));
    return undefined;
  };

  return (
    <div className="settings-privacy" data-testid="settings-privacy" style={{ padding: 12, maxWidth: 720 }}>
      <Callout icon="shield" style={{ marginBottom: 16 }}>
        {t('privacy.settingsIntro')}
      </Callout>
      <Form<PrivacySettingsInput>
        onSubmit={save}
        initialValues={initial}
        // Stored values arriving after the first render refill the form; typing is never undone.
        initialValuesEqual={(a, b) => JSON.stringify(a) === JSON.stringify(b)}
        validate={validateWith(PrivacySettingsInput, (k) => t(k as TKey))}
      >
        {({ handleSubmit, submitting, pristine }) => (
          <form onSubmit={handleSubmit} noValidate data-testid="privacy-form">
            <SettingField name="optOutWords" label={t('privacy.optOutWords')} help={t('privacy.wordsHelp')} />
            <SettingField name="optOutReply" label={t('privacy.optOutReply')} multiline />
            <SettingField name="optInWords" label={t('privacy.optInWords')} help={t('privacy.wordsHelp')} />
            <SettingField name="optInReply" label={t('privacy.optInReply')} multiline />
            <SettingField
              name="messageRetentionDays"
              label={t('privacy.messageRetentionDays')}
              help={t('privacy.retentionHelp')}
            />
            <Button
              type="submit"
              intent="primary"
              text={t('privacy.save')}
              loading={submitting}
              disabled={pristine}
              data-testid="privacy-save"
            />
          </form>
        )}
      </Form>
    </div>
  );
}
