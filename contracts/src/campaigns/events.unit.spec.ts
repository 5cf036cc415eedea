import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ScheduleSent } from '../schedules/events.ts';
import {
  type CampaignCreated,
  type CampaignDeleted,
  type CampaignFields,
  type CampaignMessageSent,
  isWithinEditLock,
} from './events.ts';

describe('isWithinEditLock (doc 2 §4)', () => {
  const now = Date.parse('2030-01-31T12:00:00.000Z');
  const inMinutes = (m: number) => new Date(now + m * 60_000).toISOString();

  it('leaves a campaign starting more than an hour away editable', () => {
    expect(isWithinEditLock(inMinutes(61), now)).toBe(false);
  });

  it('locks it from an hour before its start on, and after it', () => {
    expect(isWithinEditLock(inMinutes(60), now)).toBe(true);
    expect(isWithinEditLock(inMinutes(5), now)).toBe(true);
    expect(isWithinEditLock(inMinutes(-5), now)).toBe(true);
  });

  it('locks one without a valid start', () => {
    expect(isWithinEditLock(null, now)).toBe(true);
    expect(isWithinEditLock('not a date', now)).toBe(true);
  });
});

// The declarations share their `{ campaignId, companyId }` by a spread: the inferred types stay exact.
describe('campaign event types', () => {
  it('infer exactly the declared data', () => {
    expectTypeOf<CampaignDeleted>().toEqualTypeOf<{
      type: 'CampaignDeleted';
      data: { campaignId: string; companyId: string };
    }>();
    expectTypeOf<CampaignMessageSent>().toEqualTypeOf<{
      type: 'CampaignMessageSent';
      data: { campaignId: string; companyId: string; index: number; sentAt: string };
    }>();
    expectTypeOf<CampaignCreated['data']>().toEqualTypeOf<{
      campaignId: string;
      companyId: string;
      userId: string;
      fields: CampaignFields;
      status: 'INATIVA' | 'PROGRAMADA';
    }>();
    expectTypeOf<ScheduleSent>().toEqualTypeOf<{
      type: 'ScheduleSent';
      data: { scheduleId: string; companyId: string; messageId: string; sentAt: string; late: boolean };
    }>();
  });
});
