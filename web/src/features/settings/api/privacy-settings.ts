import {
  PRIVACY_SETTING_DEFAULTS,
  PRIVACY_SETTING_KEYS,
  type PrivacySettingKey,
  RetentionDaysSetting,
  WordsSetting,
} from '@zelo/contracts/contacts/privacy';
import type { SettingView } from '@zelo/contracts/tenancy/read-models';
import * as v from 'valibot';

/** What PUT /settings/:key takes as a value. */
const MAX_SETTING_LENGTH = 200;

const reply = v.pipe(
  v.string('privacy.replyRequired'),
  v.trim(),
  v.nonEmpty('privacy.replyRequired'),
  v.maxLength(MAX_SETTING_LENGTH, 'validation.tooLong'),
);

/** The privacy tab's form (LGPD, issue 25): the contracts' rules, with the tab's own texts (i18n keys). */
export const PrivacySettingsInput = v.object({
  optOutWords: v.pipe(
    v.string('privacy.invalidWords'),
    v.check((s) => v.is(WordsSetting, s), 'privacy.invalidWords'),
  ),
  optInWords: v.pipe(
    v.string('privacy.invalidWords'),
    v.check((s) => v.is(WordsSetting, s), 'privacy.invalidWords'),
  ),
  optOutReply: reply,
  optInReply: reply,
  messageRetentionDays: v.pipe(
    v.string('privacy.invalidRetention'),
    v.trim(),
    v.check((s) => v.is(RetentionDaysSetting, s), 'privacy.invalidRetention'),
  ),
});
export type PrivacySettingsInput = Record<PrivacySettingKey, string>;

/** The company's values, its defaults where it never set one. */
export function privacyValues(settings: SettingView[] | undefined): PrivacySettingsInput {
  const stored = new Map((settings ?? []).map((s) => [s.key, s.value]));
  return Object.fromEntries(
    PRIVACY_SETTING_KEYS.map((key) => [key, stored.get(key) ?? PRIVACY_SETTING_DEFAULTS[key]]),
  ) as PrivacySettingsInput;
}

/** The keys whose value the form changed, in the form's order: only those are saved. */
export function changedKeys(before: PrivacySettingsInput, after: PrivacySettingsInput): PrivacySettingKey[] {
  return PRIVACY_SETTING_KEYS.filter((key) => (after[key] ?? '').trim() !== (before[key] ?? '').trim());
}
