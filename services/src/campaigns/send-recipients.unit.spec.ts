import { CAMPAIGN_SETTINGS_DEFAULTS } from '@zelo/contracts/campaigns/events';
import { campaignCreated, campaignStarted } from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import type { Running } from './deliver.ts';
import {
  type CampaignState,
  evolveCampaign,
  initialCampaignState,
  type ShipmentCommand,
} from './domain/campaign.ts';
import { type SendSteps, sendRecipient, sendRecipients } from './send-recipients.ts';

// The order of a send's steps and what the workflow is answered, with the steps faked: the real ones
// (runtime.ts, deliver.ts) are tested against the event store in runtime.int.spec.ts.

const queuedAt = '2030-01-31T14:00:00.000Z';

function running(over: { status?: Running['status']; shipped?: number[] } = {}): Running {
  const created = campaignCreated();
  const ref = { campaignId: created.data.campaignId, companyId: created.data.companyId };
  const recipients = ['5511900000000', '5511900000001', '5511900000002'].map((number) => ({
    number,
    name: '',
    email: '',
  }));
  let s: CampaignState = initialCampaignState();
  for (const e of [created, campaignStarted({ ...ref, recipients })]) s = evolveCampaign(s, e);
  if (s.kind !== 'exists') throw new Error('no campaign');
  for (const i of over.shipped ?? []) s.shipments.set(i, 'queued');
  return { ...s, status: over.status ?? s.status };
}

/** Fake steps that take every slot and queue every recipient; `calls` lists what ran, in order. */
function fakeSteps(s: Running | null, over: Partial<SendSteps> = {}) {
  const calls: string[] = [];
  const steps: SendSteps = {
    load: async () => s,
    settings: async () => CAMPAIGN_SETTINGS_DEFAULTS,
    takePacedSlot: async (_s, _limit, index) => {
      calls.push(`paced slot ${index}`);
      return null;
    },
    takeSlots: async (_s, _limit, indexes) => {
      calls.push(`slots ${indexes}`);
      return indexes;
    },
    knownNumbers: async () => new Set(),
    optedOut: async () => new Set(),
    deliver: async (run, _settings, index): Promise<ShipmentCommand> => {
      calls.push(`deliver ${index}`);
      const number = run.recipients?.[index]?.number ?? '';
      const ref = { campaignId: run.campaignId, companyId: run.companyId, index, number };
      return index === 1
        ? { type: 'RecordMessageFailed', ...ref, reason: 'ERR_WAPP_INVALID_CONTACT', failedAt: queuedAt }
        : {
            type: 'RecordMessageQueued',
            ...ref,
            messageId: ref.campaignId,
            ticketId: ref.campaignId,
            variant: 1,
            queuedAt,
          };
    },
    record: async (_s, command) => {
      calls.push(`record ${command.type}`);
      return '1:1';
    },
    caughtUp: async (position) => {
      calls.push(`caught up ${position}`);
    },
    now: () => queuedAt,
    ...over,
  };
  return { steps, calls };
}

describe('sendRecipient', () => {
  it('takes a slot, queues the message, records the shipment and answers when it was queued', async () => {
    const s = running();
    const { steps, calls } = fakeSteps(s);
    expect(await sendRecipient(steps, s.campaignId, 0)).toEqual({
      outcome: 'sent',
      queuedAt: Date.parse(queuedAt),
    });
    expect(calls).toEqual(['slots 0', 'deliver 0', 'record RecordMessageQueued']);
  });

  it('a refused recipient is recorded failed', async () => {
    const s = running();
    const { steps, calls } = fakeSteps(s);
    expect(await sendRecipient(steps, s.campaignId, 1)).toEqual({ outcome: 'failed' });
    expect(calls).toContain('record RecordMessageFailed');
  });

  it('paced: the connection not free yet is a wait, and nothing is queued', async () => {
    const s = running();
    const { steps, calls } = fakeSteps(s, { takePacedSlot: async () => ({ outcome: 'wait', notBefore: 7 }) });
    expect(await sendRecipient(steps, s.campaignId, 0, { gapMs: 5_000 })).toEqual({
      outcome: 'wait',
      notBefore: 7,
    });
    expect(calls).toEqual([]);
  });

  it('without a slot of the day: daily-limit, nothing queued', async () => {
    const s = running();
    const { steps, calls } = fakeSteps(s, { takeSlots: async () => [] });
    expect(await sendRecipient(steps, s.campaignId, 0)).toEqual({ outcome: 'daily-limit' });
    expect(calls).toEqual([]);
  });

  it('an opted-out recipient is recorded skipped: no slot, no message', async () => {
    const s = running();
    const { steps, calls } = fakeSteps(s, { optedOut: async (_s, indexes) => new Set(indexes) });
    expect(await sendRecipient(steps, s.campaignId, 0)).toEqual({ outcome: 'optedOut' });
    expect(calls).toEqual(['record RecordMessageSkipped']);
  });

  it('a recipient with a shipment is already done; a campaign not sending stops', async () => {
    const s = running({ shipped: [0] });
    expect(await sendRecipient(fakeSteps(s).steps, s.campaignId, 0)).toEqual({ outcome: 'already' });
    const cancelled = running({ status: 'CANCELADA' });
    expect(await sendRecipient(fakeSteps(cancelled).steps, s.campaignId, 1)).toEqual({ outcome: 'stopped' });
    expect(await sendRecipient(fakeSteps(null).steps, s.campaignId, 1)).toEqual({ outcome: 'stopped' });
  });
});

describe('sendRecipients', () => {
  it('queues the recipients without a shipment, records them in one append, waits for the read models', async () => {
    const s = running({ shipped: [0] });
    const { steps, calls } = fakeSteps(s);
    expect(await sendRecipients(steps, s.campaignId, 0, 5)).toEqual([
      { index: 0, outcome: 'already' },
      { index: 1, outcome: 'failed' },
      { index: 2, outcome: 'sent' },
    ]);
    expect(calls.filter((c) => !c.startsWith('deliver'))).toEqual([
      'slots 1,2',
      'record RecordShipments',
      'caught up 1:1',
    ]);
  });

  it('records the opted-out recipients skipped in one append first, and sends only to the others', async () => {
    const s = running();
    const recorded: ShipmentCommand[][] = [];
    const { steps, calls } = fakeSteps(s, {
      optedOut: async () => new Set([0, 2]),
      record: async (_s, command) => {
        if (command.type === 'RecordShipments') recorded.push(command.parts);
        return '1:1';
      },
    });
    expect(await sendRecipients(steps, s.campaignId, 0, 3)).toEqual([
      { index: 0, outcome: 'optedOut' },
      { index: 1, outcome: 'failed' },
      { index: 2, outcome: 'optedOut' },
    ]);
    expect(calls).toEqual(['slots 1', 'deliver 1', 'caught up 1:1']);
    expect(recorded.map((parts) => parts.map((p) => `${p.type} ${p.index}`))).toEqual([
      ['RecordMessageSkipped 0', 'RecordMessageSkipped 2'],
      ['RecordMessageFailed 1'],
    ]);
  });

  it('stops at the first recipient the daily cap leaves out', async () => {
    const s = running();
    const { steps } = fakeSteps(s, { takeSlots: async () => [0] });
    expect(await sendRecipients(steps, s.campaignId, 0, 3)).toEqual([
      { index: 0, outcome: 'sent' },
      { index: 1, outcome: 'daily-limit' },
    ]);
  });
});
