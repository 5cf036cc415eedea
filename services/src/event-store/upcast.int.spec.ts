import { randomUUID } from 'node:crypto';
import { campaignFields } from '@zelo/contracts/testing/events';
import { campaignsProjection } from '@zelo/projections/campaigns/campaigns';
import { getCampaign, listShipments } from '@zelo/projections/campaigns/queries';
import { rebuildProjection } from '@zelo/projections/rebuild';
import { readModelMigrations } from '@zelo/projections/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import type { NewEvent } from './port.ts';
import { eventStoreMigrations, PostgresEventStore } from './postgres.ts';

// A campaign recorded before issue 27 (old event names, `tagId`) and the same campaign recorded today
// rebuild into the same read model: the projection only ever sees upcast events.

const companyId = randomUUID();
const at = '2030-01-31T14:00:00.000Z';
const recipients = [
  { number: '5511988887777', name: 'Maria', email: '' },
  { number: '5511977776666', name: 'João', email: '' },
];
const messageId = randomUUID();
const ticketId = randomUUID();
const tag = randomUUID();
const { tagListId: _, ...fields } = { ...campaignFields(), contactListId: null, scheduledAt: at };

const stored = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { companyId, actor: 'system:campaigns', correlationId: randomUUID(), at },
});

/** One campaign's events, with the names and fields of before issue 27 (`old`) or of today. */
function campaign(campaignId: string, old: boolean): NewEvent[] {
  const ref = { campaignId, companyId };
  const queued = (index: number) => ({
    ...ref,
    index,
    number: recipients[index].number,
    messageId,
    ticketId,
    variant: 1,
    [old ? 'sentAt' : 'queuedAt']: at,
  });
  return [
    stored('CampaignCreated', {
      ...ref,
      userId: companyId,
      fields: { ...fields, [old ? 'tagId' : 'tagListId']: tag },
      status: 'PROGRAMADA',
    }),
    stored('CampaignStarted', { ...ref, whatsappId: randomUUID(), startedAt: at, recipients }),
    stored(old ? 'CampaignShipmentSent' : 'CampaignMessageQueued', queued(0)),
    stored(old ? 'CampaignShipmentSent' : 'CampaignMessageQueued', queued(1)),
    stored(old ? 'CampaignShipmentDelivered' : 'CampaignMessageSent', {
      ...ref,
      index: 0,
      [old ? 'deliveredAt' : 'sentAt']: at,
    }),
    stored(old ? 'CampaignShipmentFailed' : 'CampaignMessageFailed', {
      ...ref,
      index: 1,
      number: recipients[1].number,
      reason: 'ERR_SENDING_WAPP_MSG: gave up',
      failedAt: at,
    }),
  ];
}

describe('a projection rebuilt over events recorded before issue 27', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase([...eventStoreMigrations, ...readModelMigrations]);
    store = new PostgresEventStore(db.pool, db.url);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('gives the campaign and its shipments as the same events recorded today do', async () => {
    const [before, today] = [randomUUID(), randomUUID()];
    await store.appendToStream(`campaign-${before}`, campaign(before, true), 'no_stream');
    await store.appendToStream(`campaign-${today}`, campaign(today, false), 'no_stream');
    await rebuildProjection(db.pool, store, campaignsProjection);

    const view = async (id: string) => {
      const c = await getCampaign(db.pool, companyId, id);
      const shipments = await listShipments(db.pool, companyId, id, { pageNumber: 1 });
      return { ...c, id: null, shipments };
    };
    const rebuilt = await view(before);
    expect(rebuilt).toEqual(await view(today));
    expect(rebuilt).toMatchObject({
      tagId: tag,
      tagListId: tag,
      validContacts: 2,
      sent: 1,
      delivered: 1,
      failed: 1,
    });
    expect(rebuilt.shipments.records.map((s) => s.status)).toEqual(['delivered', 'failed']);
  });
});
