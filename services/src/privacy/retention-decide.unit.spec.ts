import type { TenancyEvent } from '@zelo/contracts/tenancy/events';
import {
  companyDeleted,
  companyMessagesShredded,
  companySettingChanged,
  companySignedUp,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../testing/given-when-then.ts';
import {
  decideShred,
  evolveRetention,
  initialRetentionState,
  type RetentionState,
  retentionCutoff,
} from './retention-decide.ts';

const companyId = '0b6f4a3e-8a43-4c55-9b0f-6d1f3c2a1b00';
type Shred = { before: string; at: string };
const spec = decider<RetentionState, Shred, TenancyEvent>({
  initialState: initialRetentionState,
  evolve: evolveRetention,
  decide: decideShred,
});
const signedUp = companySignedUp({ companyId });
const keep30 = companySettingChanged({ companyId, key: 'messageRetentionDays', value: '30' });
const shred = { before: '2026-10-29T00:00:00.000Z', at: '2026-11-28T03:00:00.000Z' };

describe('message retention on the company stream', () => {
  it('records the cutoff once retention is on', () =>
    spec
      .given([signedUp, keep30])
      .when(shred)
      .then([
        {
          type: 'CompanyMessagesShredded',
          data: { companyId, before: shred.before, retentionDays: 30, shreddedAt: shred.at },
        },
      ]));

  it('records nothing while retention is off (the default) or switched back off', () => {
    spec.given([signedUp]).when(shred).thenNothing();
    spec
      .given([
        signedUp,
        keep30,
        companySettingChanged({ companyId, key: 'messageRetentionDays', value: '0' }),
      ])
      .when(shred)
      .thenNothing();
  });

  it('a second round with the same cutoff (the same day) records nothing new; the next day does', () => {
    const done = companyMessagesShredded({ companyId, before: shred.before, retentionDays: 30 });
    spec.given([signedUp, keep30, done]).when(shred).thenNothing();
    const next = { before: '2026-10-30T00:00:00.000Z', at: '2026-11-29T03:00:00.000Z' };
    expect(
      decideShred(next, [signedUp, keep30, done].reduce(evolveRetention, initialRetentionState())),
    ).toHaveLength(1);
  });

  it('a deleted company is not shredded', () =>
    spec
      .given([signedUp, keep30, companyDeleted({ companyId })])
      .when(shred)
      .thenNothing());

  it('the cutoff is 00:00 UTC of the day N days back', () => {
    expect(retentionCutoff(new Date('2026-11-28T23:59:00.000Z'), 30)).toBe('2026-10-29T00:00:00.000Z');
    expect(retentionCutoff(new Date('2026-11-28T00:00:01.000Z'), 30)).toBe('2026-10-29T00:00:00.000Z');
  });
});
