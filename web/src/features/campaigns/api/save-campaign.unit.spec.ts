import { CampaignRequest } from '@zelo/contracts/campaigns/api';
import { campaignView } from '@zelo/contracts/testing/read-models';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CampaignForm, initialCampaignValues, toCampaignRequest } from './save-campaign.ts';

const W1 = '0b4c2a7e-3f0a-4c1e-9a51-5d2f3e1b7a01';
const L1 = '0b4c2a7e-3f0a-4c1e-9a51-5d2f3e1b7a02';

describe('the campaign dialog request', () => {
  it('sends empty selects as none, the local date as an instant, and passes the server schema', () => {
    const values = {
      ...initialCampaignValues(null),
      name: ' Black Friday ',
      message1: ' Olá {nome} ',
      whatsappId: W1,
      contactListId: L1,
      scheduledAt: '2030-11-28T09:30',
    };
    const request = toCampaignRequest(values, null, 'all');
    expect(request).toMatchObject({
      name: 'Black Friday',
      message1: 'Olá {nome}',
      message2: '',
      whatsappId: W1,
      contactListId: L1,
      tagListId: null,
      fileListId: null,
      scheduledAt: new Date('2030-11-28T09:30').toISOString(),
    });
    expect(v.safeParse(CampaignRequest, request).success).toBe(true);
    expect(toCampaignRequest({ ...values, scheduledAt: '' }, null, 'all').scheduledAt).toBeNull();
  });

  it('keeps all but the messages and the file list of a cancelled campaign as they were', () => {
    const cancelled = campaignView('c', {
      status: 'CANCELADA',
      scheduledAt: '2025-03-10T12:00:00.000Z',
      tagListId: 't1',
      tagId: 't1',
    });
    const values = {
      ...initialCampaignValues(cancelled),
      name: 'Renamed',
      whatsappId: 'w2',
      message2: 'Nova variante',
      fileListId: 'f1',
    };
    expect(toCampaignRequest(values, cancelled, 'messages')).toEqual({
      name: cancelled.name,
      message1: 'Olá {nome}',
      message2: 'Nova variante',
      message3: '',
      message4: '',
      message5: '',
      whatsappId: 'w1',
      scheduledAt: '2025-03-10T12:00:00.000Z',
      contactListId: 'l1',
      tagListId: 't1',
      fileListId: 'f1',
    });
  });

  it('requires a name of 2 to 50 characters (doc 2 §5) and a readable date', () => {
    const messages = (over: object) =>
      v
        .safeParse(CampaignForm, { ...initialCampaignValues(null), name: 'Ok', ...over })
        .issues?.map((i) => i.message) ?? [];
    expect(messages({})).toEqual([]);
    expect(messages({ name: 'A' })).toEqual(['validation.tooShort']);
    expect(messages({ name: 'x'.repeat(51) })).toEqual(['validation.tooLong']);
    expect(messages({ scheduledAt: 'tomorrow' })).toEqual(['campaigns.invalidDate']);
  });
});
