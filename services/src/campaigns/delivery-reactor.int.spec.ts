import { randomUUID } from 'node:crypto';
import type { AnyEvent } from '@zelo/contracts/events';
import {
  campaignMessageQueued,
  outboundMessageFailed,
  outboundMessageQueued,
  outboundMessageSent,
} from '@zelo/contracts/testing/events';
import type { ProjectionEvent } from '@zelo/projections/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { systemClock } from '../platform/clock.ts';
import type { Deps } from '../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { CAMPAIGN_ACTOR, CAMPAIGN_MEDIA_ACTOR, shipmentMessageId } from './deliver.ts';
import { campaignDeliveryMigrations, campaignDeliveryReactor } from './delivery-reactor.ts';
import { loadCampaign, runCampaignCommand } from './handlers.ts';

// The reactor between a campaign message's outcome and the campaign's report: whichever of the
// channel's "sent" and the runtime's CampaignMessageQueued comes first, the shipment is delivered once.

let db: TestDatabase;
let store: PostgresEventStore;
let deps: Deps;
const companyId = randomUUID();
const whatsappId = randomUUID();
const who = { companyId, actor: CAMPAIGN_ACTOR };
const recipients = [0, 1, 2, 3].map((i) => ({ number: `551199990000${i}`, name: `C${i}`, email: '' }));

beforeAll(async () => {
  db = await createTestDatabase([...eventStoreMigrations, ...campaignDeliveryMigrations]);
  store = new PostgresEventStore(db.pool, db.url);
  deps = { store, clock: systemClock };
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

async function runningCampaign() {
  const campaignId = randomUUID();
  const fields = {
    name: 'Entrega',
    message1: 'Olá',
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    whatsappId,
    scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    contactListId: randomUUID(),
    tagListId: null,
    fileListId: null,
  };
  const now = new Date().toISOString();
  const ref = { campaignId, companyId };
  await runCampaignCommand(deps, { type: 'CreateCampaign', ...ref, userId: randomUUID(), fields, now }, who);
  await runCampaignCommand(
    deps,
    { type: 'StartCampaign', ...ref, whatsappId, recipients, startedAt: now },
    who,
  );
  return campaignId;
}

let position = 0;
const envelope = (e: AnyEvent, actor = 'system:channels'): ProjectionEvent =>
  ({
    ...e,
    id: randomUUID(),
    metadata: { companyId, actor, correlationId: randomUUID(), at: new Date().toISOString() },
    streamId: 'irrelevant',
    streamRevision: 0,
    position: String(++position),
  }) as ProjectionEvent;

async function apply(...events: ProjectionEvent[]) {
  const reactor = campaignDeliveryReactor(deps);
  const tx = await db.pool.connect();
  try {
    await tx.query('BEGIN');
    for (const e of events) await reactor.handle(tx, e);
    await tx.query('COMMIT');
  } finally {
    tx.release();
  }
}

async function applyBatch(...events: ProjectionEvent[]) {
  const reactor = campaignDeliveryReactor(deps);
  const tx = await db.pool.connect();
  try {
    await tx.query('BEGIN');
    await reactor.handleBatch?.(tx, events);
    await tx.query('COMMIT');
  } finally {
    tx.release();
  }
}

const message = (campaignId: string, index: number) => ({
  messageId: shipmentMessageId(campaignId, index),
  companyId,
  whatsappId,
});
/** The campaign's text to recipient `index`, as the runtime queues it. */
const campaignText = (campaignId: string, index: number) =>
  outboundMessageQueued({ ...message(campaignId, index), campaignText: true });
async function messageQueued(campaignId: string, index: number) {
  const data = {
    campaignId,
    companyId,
    index,
    number: recipients[index].number,
    messageId: shipmentMessageId(campaignId, index),
    ticketId: randomUUID(),
    variant: 1,
    queuedAt: new Date().toISOString(),
  };
  await runCampaignCommand(deps, { type: 'RecordMessageQueued', ...data }, who);
  return envelope(campaignMessageQueued(data), CAMPAIGN_ACTOR);
}
const outcomes = async (campaignId: string) => {
  const s = await loadCampaign(deps, campaignId);
  return s.kind === 'exists' ? Object.fromEntries(s.shipments) : {};
};
const rows = async () =>
  Number((await db.pool.query('SELECT count(*) FROM campaign_deliveries')).rows[0].count);

describe('campaign delivery reactor', () => {
  it('the shipment recorded, then the channel sent it: delivered', async () => {
    const id = await runningCampaign();
    await apply(envelope(campaignText(id, 0), CAMPAIGN_ACTOR), await messageQueued(id, 0));
    expect(await outcomes(id)).toEqual({ 0: 'queued' });
    await apply(envelope(outboundMessageSent(message(id, 0))));
    expect(await outcomes(id)).toEqual({ 0: 'sent' });
  });

  it('the channel sent it before the shipment was recorded: delivered when it is', async () => {
    const id = await runningCampaign();
    await apply(envelope(campaignText(id, 1), CAMPAIGN_ACTOR));
    await apply(envelope(outboundMessageSent(message(id, 1))));
    expect(await outcomes(id)).toEqual({});
    await apply(await messageQueued(id, 1));
    expect(await outcomes(id)).toEqual({ 1: 'sent' });
  });

  it('events applied again change nothing, and reported rows are gone', async () => {
    const id = await runningCampaign();
    const queued = envelope(campaignText(id, 2), CAMPAIGN_ACTOR);
    const sent = await messageQueued(id, 2);
    const channel = envelope(outboundMessageSent(message(id, 2)));
    await apply(queued, sent, channel);
    const before = (await store.readStream(`campaign-${id}`)).events.length;
    await apply(queued, sent, channel);
    expect((await store.readStream(`campaign-${id}`)).events.length).toBe(before);
    expect(await outcomes(id)).toEqual({ 2: 'sent' });
  });

  it('a campaign text is known by its mark, not by who queued it', async () => {
    const id = await runningCampaign();
    await apply(envelope(campaignText(id, 0), randomUUID()), await messageQueued(id, 0));
    await apply(envelope(outboundMessageSent(message(id, 0))));
    expect(await outcomes(id)).toEqual({ 0: 'sent' });
  });

  it("the campaign's files and other senders' messages are not followed", async () => {
    const start = await rows();
    await apply(
      envelope(outboundMessageQueued({ messageId: randomUUID(), companyId }), CAMPAIGN_MEDIA_ACTOR),
      envelope(outboundMessageQueued({ messageId: randomUUID(), companyId }), randomUUID()),
    );
    expect(await rows()).toBe(start);
  });

  it('a message the channel gave up on after its shipment was recorded turns the shipment failed', async () => {
    const id = await runningCampaign();
    await apply(envelope(campaignText(id, 3), CAMPAIGN_ACTOR), await messageQueued(id, 3));
    await apply(envelope(outboundMessageFailed({ ...message(id, 3), reason: 'number blocked' })));
    expect(await outcomes(id)).toEqual({ 3: 'failed' });
    expect(await rows()).toBe(0);
  });

  it('a batch with many messages in every order: each delivered or failed once, in one append per campaign', async () => {
    const id = await runningCampaign();
    const start = await rows();
    const queued = [0, 1, 2, 3].map((i) => envelope(campaignText(id, i), CAMPAIGN_ACTOR));
    const shipments = [];
    for (const i of [0, 1, 2, 3]) shipments.push(await messageQueued(id, i));
    const before = (await store.readStream(`campaign-${id}`)).events.length;
    await applyBatch(
      queued[0],
      queued[1],
      shipments[0],
      envelope(outboundMessageSent(message(id, 1))), // sent before its shipment is recorded
      envelope(outboundMessageSent(message(id, 0))),
      queued[2],
      shipments[1],
      queued[3],
      shipments[2],
      shipments[3],
      envelope(outboundMessageFailed({ ...message(id, 3), reason: 'number blocked' })),
      envelope(outboundMessageSent(message(id, 3))), // a later "sent" does not undo the failure
    );
    expect(await outcomes(id)).toEqual({ 0: 'sent', 1: 'sent', 2: 'queued', 3: 'failed' });
    const appended = (await store.readStream(`campaign-${id}`)).events.slice(before);
    expect(new Set(appended.map((e) => e.metadata.correlationId)).size).toBe(1);
    // Only recipient 2 still waits for the channel.
    expect(await rows()).toBe(start + 1);
    await applyBatch(envelope(outboundMessageSent(message(id, 2))));
    expect(await outcomes(id)).toEqual({ 0: 'sent', 1: 'sent', 2: 'sent', 3: 'failed' });
    expect(await rows()).toBe(start);
  });
});
