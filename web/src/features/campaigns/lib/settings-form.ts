import type { CampaignSettingsRequest } from '@zelo/contracts/campaigns/api';
import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignSettingsFields } from '@zelo/contracts/campaigns/events';
import type { CampaignSettingRow } from '@zelo/contracts/campaigns/read-models';
import * as v from 'valibot';

export type Variable = CampaignSettingsFields['variables'][number];

/** The settings page's form: the safeguards' numbers as typed text, the window as a switch and two times. */
export interface SettingsFormValues {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: Variable[];
  jitterSeconds: string;
  dailyLimitPerConnection: string;
  windowEnabled: boolean;
  windowStart: string;
  windowEnd: string;
}

/** The window a fresh switch proposes: business hours. */
const DEFAULT_WINDOW = { start: '08:00', end: '18:00' };

function parseRow(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** GET /campaign-settings rows (values JSON-encoded) as the settings, defaults for anything missing or unreadable. */
export function rowsToSettings(rows: CampaignSettingRow[]): CampaignSettingsFields {
  const parsed = new Map(rows.map((r) => [r.key, parseRow(r.value)]));
  const pick = <K extends keyof CampaignSettingsFields>(
    key: K,
    ok: (x: unknown) => boolean,
  ): CampaignSettingsFields[K] =>
    (ok(parsed.get(key)) ? parsed.get(key) : CAMPAIGN_SETTINGS_DEFAULTS[key]) as CampaignSettingsFields[K];
  const isNumber = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  const isWindow = (x: unknown) =>
    x === null ||
    (typeof x === 'object' &&
      typeof (x as { start?: unknown }).start === 'string' &&
      typeof (x as { end?: unknown }).end === 'string');
  const isVariables = (x: unknown) =>
    Array.isArray(x) && x.every((e) => typeof e?.key === 'string' && typeof e?.value === 'string');
  return {
    messageInterval: pick('messageInterval', isNumber),
    longerIntervalAfter: pick('longerIntervalAfter', isNumber),
    greaterInterval: pick('greaterInterval', isNumber),
    variables: pick('variables', isVariables),
    jitterSeconds: pick('jitterSeconds', isNumber),
    dailyLimitPerConnection: pick('dailyLimitPerConnection', isNumber),
    sendingWindow: pick('sendingWindow', isWindow),
  };
}

export function settingsToForm(s: CampaignSettingsFields): SettingsFormValues {
  return {
    messageInterval: s.messageInterval,
    longerIntervalAfter: s.longerIntervalAfter,
    greaterInterval: s.greaterInterval,
    variables: s.variables,
    jitterSeconds: String(s.jitterSeconds),
    dailyLimitPerConnection: String(s.dailyLimitPerConnection),
    windowEnabled: s.sendingWindow !== null,
    windowStart: s.sendingWindow?.start ?? DEFAULT_WINDOW.start,
    windowEnd: s.sendingWindow?.end ?? DEFAULT_WINDOW.end,
  };
}

const whole = (max: number) =>
  v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.regex(/^\d+$/, 'campaignSettings.wholeNumber'),
    v.check((s) => Number(s) <= max, 'campaignSettings.tooBig'),
  );
const clock = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'campaignSettings.invalidTime'));

/** The page's checks, messages as i18n keys; the server checks the same again (CampaignSettingsRequest). */
export const SettingsForm = v.pipe(
  v.object({
    messageInterval: v.number(),
    longerIntervalAfter: v.number(),
    greaterInterval: v.number(),
    variables: v.array(v.object({ key: v.string(), value: v.string() })),
    jitterSeconds: whole(60),
    dailyLimitPerConnection: whole(100_000),
    windowEnabled: v.boolean(),
    windowStart: clock,
    windowEnd: clock,
  }),
  v.forward(
    v.check((f) => !f.windowEnabled || f.windowStart !== f.windowEnd, 'campaignSettings.emptyWindow'),
    ['windowEnd'],
  ),
);

export function formToRequest(f: SettingsFormValues): CampaignSettingsRequest {
  return {
    settings: {
      messageInterval: f.messageInterval,
      longerIntervalAfter: f.longerIntervalAfter,
      greaterInterval: f.greaterInterval,
      variables: f.variables,
      jitterSeconds: Number(f.jitterSeconds.trim()),
      dailyLimitPerConnection: Number(f.dailyLimitPerConnection.trim()),
      sendingWindow: f.windowEnabled ? { start: f.windowStart, end: f.windowEnd } : null,
    },
  };
}

/** A variable key as the server takes it: 1 to 30 letters, digits or _. */
export const VARIABLE_KEY = /^[A-Za-z0-9_]{1,30}$/;

/**
 * Adds a variable (doc 2 §5: keys unique). A key already in the list is ignored, and the caller says so;
 * a key the server would refuse is not added either.
 */
export function addVariable(
  list: Variable[],
  key: string,
  value: string,
): { variables: Variable[]; outcome: 'added' | 'duplicate' | 'invalid' } {
  const k = key.trim();
  if (!VARIABLE_KEY.test(k)) return { variables: list, outcome: 'invalid' };
  if (list.some((x) => x.key === k)) return { variables: list, outcome: 'duplicate' };
  return { variables: [...list, { key: k, value }], outcome: 'added' };
}

/** The placeholders a message may use: the contact's three, then the company's variables. */
export const CONTACT_PLACEHOLDERS = ['{nome}', '{email}', '{numero}'] as const;
export const placeholders = (variables: Variable[]) => [
  ...CONTACT_PLACEHOLDERS,
  ...variables.map((x) => `{${x.key}}`),
];
