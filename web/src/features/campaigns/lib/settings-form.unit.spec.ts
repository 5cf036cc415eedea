import { CAMPAIGN_SETTINGS_DEFAULTS } from '@zelo/contracts/campaigns/events';
import type { CampaignSettingRow } from '@zelo/contracts/campaigns/read-models';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  addVariable,
  formToRequest,
  placeholders,
  rowsToSettings,
  SettingsForm,
  settingsToForm,
} from './settings-form.ts';

const rows: CampaignSettingRow[] = [
  { key: 'messageInterval', value: '0' },
  { key: 'longerIntervalAfter', value: '5' },
  { key: 'greaterInterval', value: '120' },
  { key: 'variables', value: '[{"key":"loja","value":"Zelo Centro"}]' },
  { key: 'jitterSeconds', value: '3' },
  { key: 'dailyLimitPerConnection', value: '500' },
  { key: 'sendingWindow', value: '{"start":"08:30","end":"19:00"}' },
];

describe('settings rows ⇄ form', () => {
  it('reads the JSON-encoded rows and sends them back as they were', () => {
    const form = settingsToForm(rowsToSettings(rows));
    expect(form).toMatchObject({
      messageInterval: 0,
      greaterInterval: 120,
      jitterSeconds: '3',
      dailyLimitPerConnection: '500',
      windowEnabled: true,
      windowStart: '08:30',
      windowEnd: '19:00',
    });
    expect(formToRequest(form)).toEqual({
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 5,
        greaterInterval: 120,
        variables: [{ key: 'loja', value: 'Zelo Centro' }],
        jitterSeconds: 3,
        dailyLimitPerConnection: 500,
        sendingWindow: { start: '08:30', end: '19:00' },
      },
    });
  });

  it('uses the defaults (doc 2 §9) for settings never saved or unreadable', () => {
    expect(rowsToSettings([])).toEqual(CAMPAIGN_SETTINGS_DEFAULTS);
    expect(rowsToSettings([{ key: 'messageInterval', value: 'not json' }]).messageInterval).toBe(20);
    const form = settingsToForm(rowsToSettings([{ key: 'sendingWindow', value: 'null' }]));
    expect(form.windowEnabled).toBe(false);
    expect(formToRequest(form).settings.sendingWindow).toBeNull();
  });

  it('refuses a jitter above 60, a daily cap that is not a whole number and an empty window', () => {
    const form = settingsToForm(CAMPAIGN_SETTINGS_DEFAULTS);
    const issues = (over: object) =>
      v.safeParse(SettingsForm, { ...form, ...over }).issues?.map((i) => i.message) ?? [];
    expect(issues({})).toEqual([]);
    expect(issues({ jitterSeconds: '61' })).toEqual(['campaignSettings.tooBig']);
    expect(issues({ dailyLimitPerConnection: '1.5' })).toEqual(['campaignSettings.wholeNumber']);
    expect(issues({ windowEnabled: true, windowStart: '09:00', windowEnd: '09:00' })).toEqual([
      'campaignSettings.emptyWindow',
    ]);
    expect(issues({ windowEnabled: false, windowStart: '09:00', windowEnd: '09:00' })).toEqual([]);
  });
});

describe('addVariable (doc 2 §5: keys unique)', () => {
  it('adds a new key, ignores a repeated one and refuses a key the server would refuse', () => {
    const one = addVariable([], ' loja ', 'Centro');
    expect(one).toEqual({ variables: [{ key: 'loja', value: 'Centro' }], outcome: 'added' });
    expect(addVariable(one.variables, 'loja', 'Outra')).toEqual({
      variables: one.variables,
      outcome: 'duplicate',
    });
    expect(addVariable(one.variables, 'com espaço', 'x').outcome).toBe('invalid');
  });

  it('offers the contact placeholders, then the variables, to the messages', () => {
    expect(placeholders([{ key: 'loja', value: 'Centro' }])).toEqual([
      '{nome}',
      '{email}',
      '{numero}',
      '{loja}',
    ]);
  });
});
