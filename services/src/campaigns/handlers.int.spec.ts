import { randomUUID } from 'node:crypto';
import { campaignCreated, campaignStarted } from '@zelo/contracts/testing/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { systemClock } from '../platform/clock.ts';
import { type Deps, recordable } from '../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import type { CampaignCommand } from './domain/campaign.ts';
import { campaignStreamId, loadCampaign, runCampaignCommand } from './handlers.ts';

// The campaign state each process keeps between commands (a run reads its campaign once per
// recipient): two stores on one database stand for two processes.

let db: TestDatabase;
let one: Deps;
let other: Deps;

beforeAll(async () => {
  db = await createTestDatabase(eventStoreMigrations);
  one = { store: new PostgresEventStore(db.pool, db.url), clock: systemClock };
  other = { store: new PostgresEventStore(db.pool, db.url), clock: systemClock };
});

afterAll(async () => {
  await db?.drop();
});

const recipients = ['5511900000000', '5511900000001', '5511900000002'].map((number) => ({
  number,
  name: 'Cliente',
  email: '',
}));

async function runningCampaign() {
  const companyId = randomUUID();
  const campaignId = randomUUID();
  const ref = { companyId, campaignId };
  const who = { companyId, actor: 'system:test' };
  await one.store.appendToStream(
    campaignStreamId(campaignId),
    recordable(one, [campaignCreated(ref), campaignStarted({ ...ref, recipients })], who),
    'no_stream',
  );
  const sent = (index: number): CampaignCommand => ({
    type: 'RecordMessageQueued',
    ...ref,
    index,
    number: recipients[index].number,
    messageId: randomUUID(),
    ticketId: randomUUID(),
    variant: 1,
    queuedAt: new Date().toISOString(),
  });
  return { campaignId, who, sent };
}

const shipped = async (deps: Deps, campaignId: string) => {
  const s = await loadCampaign(deps, campaignId);
  return s.kind === 'exists' ? { shipments: [...s.shipments.keys()].sort(), nextIndex: s.nextIndex } : null;
};

describe('the campaign state a process keeps', () => {
  it('sees what another process appended since', async () => {
    const { campaignId, who, sent } = await runningCampaign();
    expect(await shipped(one, campaignId)).toEqual({ shipments: [], nextIndex: 0 });

    expect((await runCampaignCommand(other, sent(0), who)).appended).toHaveLength(1);
    expect(await shipped(one, campaignId)).toEqual({ shipments: [0], nextIndex: 1 });
    // So the first process does not record recipient 0 a second time.
    expect((await runCampaignCommand(one, sent(0), who)).appended).toHaveLength(0);
    expect((await one.store.readStream(campaignStreamId(campaignId))).events).toHaveLength(3);
  });

  it('two processes racing on one recipient record one shipment', async () => {
    const { campaignId, who, sent } = await runningCampaign();
    await shipped(one, campaignId);
    await shipped(other, campaignId);
    for (const index of [0, 1, 2]) {
      const results = await Promise.all([
        runCampaignCommand(one, sent(index), who),
        runCampaignCommand(other, sent(index), who),
        runCampaignCommand(one, sent(index), who),
      ]);
      expect(results.reduce((n, r) => n + r.appended.length, 0)).toBe(1);
    }
    const types = (await one.store.readStream(campaignStreamId(campaignId))).events.map((e) => e.type);
    expect(types.filter((t) => t === 'CampaignMessageQueued')).toHaveLength(3);
    expect(await shipped(other, campaignId)).toEqual({ shipments: [0, 1, 2], nextIndex: 3 });
  });

  it('hands each caller its own copy: changing one never changes the kept state', async () => {
    const { campaignId } = await runningCampaign();
    const s = await loadCampaign(one, campaignId);
    if (s.kind !== 'exists') throw new Error('campaign missing');
    s.shipments.set(2, 'sent');
    expect(await shipped(one, campaignId)).toEqual({ shipments: [], nextIndex: 0 });
  });
});
