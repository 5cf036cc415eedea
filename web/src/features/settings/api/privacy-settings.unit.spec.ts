import { PRIVACY_SETTING_DEFAULTS } from '@zelo/contracts/contacts/privacy';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { changedKeys, PrivacySettingsInput, privacyValues } from './privacy-settings.ts';

const issueOf = (values: Record<string, string>) => {
  const result = v.safeParse(PrivacySettingsInput, values);
  return result.success ? null : result.issues.map((i) => [v.getDotPath(i), i.message]);
};

describe('the privacy settings form', () => {
  it("shows the company's values, and the defaults of those it never set", () => {
    const values = privacyValues([
      { key: 'optOutWords', value: 'SAIR, STOP' },
      { key: 'userRating', value: 'enabled' },
    ] as never);
    expect(values.optOutWords).toBe('SAIR, STOP');
    expect(values.optInWords).toBe(PRIVACY_SETTING_DEFAULTS.optInWords);
    expect(values.messageRetentionDays).toBe('0');
    expect(values).not.toHaveProperty('userRating');
  });

  it('accepts the defaults and refuses bad words, an empty reply and a retention out of range', () => {
    expect(issueOf({ ...PRIVACY_SETTING_DEFAULTS })).toBeNull();
    expect(issueOf({ ...PRIVACY_SETTING_DEFAULTS, optOutWords: ' , ' })).toEqual([
      ['optOutWords', 'privacy.invalidWords'],
    ]);
    expect(issueOf({ ...PRIVACY_SETTING_DEFAULTS, optInReply: '  ' })).toEqual([
      ['optInReply', 'privacy.replyRequired'],
    ]);
    expect(issueOf({ ...PRIVACY_SETTING_DEFAULTS, messageRetentionDays: '10' })).toEqual([
      ['messageRetentionDays', 'privacy.invalidRetention'],
    ]);
    expect(issueOf({ ...PRIVACY_SETTING_DEFAULTS, messageRetentionDays: '90' })).toBeNull();
  });

  it('saves only what changed', () => {
    const before = privacyValues([]);
    expect(
      changedKeys(before, { ...before, optInWords: 'VOLTAR, QUERO', messageRetentionDays: '30' }),
    ).toEqual(['optInWords', 'messageRetentionDays']);
    expect(changedKeys(before, { ...before, optOutReply: `${before.optOutReply} ` })).toEqual([]);
  });
});
