import { randomUUID } from 'node:crypto';
import { eventSchema } from '@zelo/contracts/events';
import { campaignFields } from '@zelo/contracts/testing/events';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from './port.ts';
import { upcast } from './upcast.ts';

const stored = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    companyId: null,
    actor: 'system:campaigns',
    correlationId: randomUUID(),
    at: '2030-01-01T00:00:00.000Z',
  },
  streamId: 'campaign-1',
  streamRevision: 0,
  position: '1:1',
});

/** The upcast event, which must be valid under today's contract (deciders validate what they load). */
function read(e: RecordedEvent) {
  const up = upcast(e);
  const schema = eventSchema(up.type);
  if (!schema) throw new Error(`no contract for ${up.type}`);
  v.parse(schema, { type: up.type, data: up.data });
  return up;
}

const ref = { campaignId: randomUUID(), companyId: randomUUID(), index: 2 };
const at = '2030-01-31T14:00:05.000Z';

describe('upcast: campaign events recorded before issue 27', () => {
  it('CampaignShipmentSent is CampaignMessageQueued, its sentAt the queuedAt', () => {
    const old = {
      ...ref,
      number: '5511988887777',
      messageId: randomUUID(),
      ticketId: randomUUID(),
      variant: 1,
    };
    const e = read(stored('CampaignShipmentSent', { ...old, sentAt: at }));
    expect(e).toMatchObject({ type: 'CampaignMessageQueued', data: { ...old, queuedAt: at } });
    expect(e.data).not.toHaveProperty('sentAt');
  });

  it('CampaignShipmentDelivered is CampaignMessageSent, its deliveredAt the sentAt', () => {
    const e = read(stored('CampaignShipmentDelivered', { ...ref, deliveredAt: at }));
    expect(e).toMatchObject({ type: 'CampaignMessageSent', data: { ...ref, sentAt: at } });
    expect(e.data).not.toHaveProperty('deliveredAt');
  });

  it('CampaignShipmentFailed is CampaignMessageFailed, its data unchanged', () => {
    const data = { ...ref, number: '5511988887777', reason: 'ERR_WAPP_INVALID_CONTACT', failedAt: at };
    expect(read(stored('CampaignShipmentFailed', data))).toMatchObject({
      type: 'CampaignMessageFailed',
      data,
    });
  });

  it("a campaign's tagId is its tagListId, in CampaignCreated and CampaignUpdated", () => {
    const { tagListId: _, ...fields } = { ...campaignFields(), contactListId: null };
    const tag = randomUUID();
    const created = { ...ref, userId: randomUUID(), status: 'PROGRAMADA' };
    for (const [type, data] of [
      ['CampaignCreated', created],
      ['CampaignUpdated', { ...ref, status: 'INATIVA' }],
    ] as const) {
      const { index: _i, ...rest } = data;
      const e = read(stored(type, { ...rest, fields: { ...fields, tagId: tag } }));
      expect(e.data.fields).toEqual({ ...fields, tagListId: tag });
    }
  });

  it("a campaign's text, queued before it was marked, is marked by its actor; its files are not", () => {
    const text = stored('OutboundMessageQueued', { body: 'Olá' });
    expect(upcast(text).data).toEqual({ body: 'Olá', campaignText: true });
    const file = { ...stored('OutboundMessageQueued', { body: 'banner.png' }) };
    file.metadata = { ...file.metadata, actor: 'system:campaigns:media' };
    expect(upcast(file)).toBe(file);
  });

  it('leaves events of today, and of other types, as they are', () => {
    const today = stored('CampaignMessageSent', { ...ref, sentAt: at });
    expect(upcast(today)).toBe(today);
    const fields = { ...campaignFields(), tagListId: randomUUID() };
    const created = stored('CampaignCreated', { ...ref, fields });
    expect(upcast(created)).toBe(created);
    const other = stored('TestHappened', { sentAt: at });
    expect(upcast(other)).toBe(other);
  });
});
