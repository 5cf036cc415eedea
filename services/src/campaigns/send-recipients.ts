import type { CampaignSettingsFields } from '@zelo/contracts/campaigns/events';
import { inLanes } from '../platform/lanes.ts';
import { Slots } from '../platform/slots.ts';
import type { Running } from './deliver.ts';
import type { CampaignCommand, ShipmentCommand } from './domain/campaign.ts';

// What a campaign's send activity does for its recipients, step by step. The steps arrive as
// parameters (`SendSteps`; runtime.ts gives the real ones), so the order and the outcomes are tested
// without a database.

/** Why a paced message cannot go now: the day's cap is reached, or it must wait for `notBefore` (ms). */
export type PacedRefusal = { outcome: 'daily-limit' } | { outcome: 'wait'; notBefore: number };

type RecordCommand = ShipmentCommand | Extract<CampaignCommand, { type: 'RecordShipments' }>;

export interface SendSteps {
  /** The campaign as its stream has it; null when it does not exist or was deleted. */
  load(campaignId: string): Promise<Running | null>;
  settings(companyId: string): Promise<CampaignSettingsFields>;
  /**
   * A paced message's slot: under the cap and `gapMs` after the connection's last paced message (any
   * campaign's). Null when taken (or held already by a retry); else why not.
   */
  takePacedSlot(s: Running, limit: number, index: number, gapMs: number): Promise<PacedRefusal | null>;
  /** The daily cap's slots for these recipients (all of them without a cap); the indexes that got one. */
  takeSlots(s: Running, limit: number, indexes: number[]): Promise<number[]>;
  /** The recipients' numbers that a contact holds already. */
  knownNumbers(s: Running, indexes: number[]): Promise<Set<string>>;
  /** Of these recipients, those whose number is a contact of the company that opted out (LGPD). */
  optedOut(s: Running, indexes: number[]): Promise<Set<number>>;
  /** Queues recipient `index`'s messages; the shipment to record (queued, or failed with the reason). */
  deliver(
    s: Running,
    settings: CampaignSettingsFields,
    index: number,
    known: Set<string>,
  ): Promise<ShipmentCommand>;
  /** Runs a shipment command on the campaign; the append's position (null when nothing was new). */
  record(s: Running, command: RecordCommand): Promise<string | null>;
  /** Resolves once the read models have applied the events up to `position`. */
  caughtUp(position: string): Promise<void>;
  /** The clock's now, ISO. */
  now(): string;
}

export type BatchOutcome = {
  index: number;
  outcome: 'sent' | 'failed' | 'optedOut' | 'already' | 'daily-limit' | 'stopped';
};

/** Recipients of one batch queued side by side. */
const SEND_LANES = 16;
/**
 * Recipients queued at once in this process, whatever the number of campaigns: ten campaigns of 16
 * lanes each took every pooled connection, and the agents' pushes waited seconds behind them.
 */
const sendSlots = new Slots(SEND_LANES);
/**
 * Recipients queued before their writes must be in the read models: a chunk of a batch writes about
 * 400 events, which the projections apply in order, the agents' messages behind them.
 */
const CHUNK = 20;
/** Chunks written and not yet applied by the read models, in this process (any campaign). */
const pipeline = new Slots(1);

const sending = (s: Running | null): s is Running =>
  s?.status === 'EM_ANDAMENTO' && !!s.recipients && !!s.runWhatsappId;

/** The workflow's view of a recorded shipment ('sent' is the report's word for queued). */
function outcomeOf(part: ShipmentCommand) {
  if (part.type === 'RecordMessageQueued')
    return { outcome: 'sent' as const, queuedAt: Date.parse(part.queuedAt) };
  return part.type === 'RecordMessageSkipped'
    ? { outcome: 'optedOut' as const }
    : { outcome: 'failed' as const };
}

/** Recipient `index` opted out: skipped instead of sent, taking no daily slot and keeping no gap. */
const skipOptedOut = (s: Running, index: number, skippedAt: string): ShipmentCommand => ({
  type: 'RecordMessageSkipped',
  campaignId: s.campaignId,
  companyId: s.companyId,
  index,
  reason: 'optedOut',
  skippedAt,
});

/**
 * Recipient `index`, at most once: nothing when its shipment is recorded; otherwise a daily slot (with
 * `pace`, only `pace.gapMs` after the connection's last paced message, else 'wait'), the message
 * queued (`deliver`), then the shipment. A refusal (invalid number, a DomainError on the way) is
 * recorded as the recipient's failure.
 */
export async function sendRecipient(
  steps: SendSteps,
  campaignId: string,
  index: number,
  pace?: { gapMs: number },
) {
  const s = await steps.load(campaignId);
  if (!sending(s)) return { outcome: 'stopped' as const };
  if (s.shipments.has(index)) return { outcome: 'already' as const };
  if (!s.recipients?.[index]) return { outcome: 'stopped' as const };
  if ((await steps.optedOut(s, [index])).has(index)) {
    const part = skipOptedOut(s, index, steps.now());
    await steps.record(s, part);
    return outcomeOf(part);
  }
  const settings = await steps.settings(s.companyId);
  const limit = settings.dailyLimitPerConnection;
  if (pace && pace.gapMs > 0) {
    const refused = await steps.takePacedSlot(s, limit, index, pace.gapMs);
    if (refused) return refused;
  } else if ((await steps.takeSlots(s, limit, [index])).length === 0)
    return { outcome: 'daily-limit' as const };
  const part = await steps.deliver(s, settings, index, await steps.knownNumbers(s, [index]));
  await steps.record(s, part);
  return outcomeOf(part);
}

/**
 * Recipients `from` … `from + count - 1` (a run at interval 0): one read of the campaign, the daily
 * slots in one append, the messages queued side by side (`SEND_LANES` at a time; each recipient is
 * its own contact and ticket), the shipments in one append per chunk. Exactly once as for one
 * recipient: a retried batch finds its messages queued under the same ids and its shipments recorded.
 * `progress` is told after each recipient (the activity's heartbeat).
 */
export async function sendRecipients(
  steps: SendSteps,
  campaignId: string,
  from: number,
  count: number,
  progress: () => void = () => {},
): Promise<BatchOutcome[]> {
  const s = await steps.load(campaignId);
  const indexes = Array.from({ length: count }, (_, k) => from + k);
  if (!sending(s)) return [{ index: from, outcome: 'stopped' }];
  const total = s.recipients?.length ?? 0;
  const unshipped = indexes.filter((i) => i < total && !s.shipments.has(i));
  // Opted-out recipients are recorded skipped in one append, before any message of the batch.
  const optedOut = await steps.optedOut(s, unshipped);
  const parts: ShipmentCommand[] = [];
  if (optedOut.size > 0) {
    const skippedAt = steps.now();
    const skipped = unshipped.filter((i) => optedOut.has(i)).map((i) => skipOptedOut(s, i, skippedAt));
    await steps.record(s, { type: 'RecordShipments', campaignId, companyId: s.companyId, parts: skipped });
    parts.push(...skipped);
  }
  const wanted = unshipped.filter((i) => !optedOut.has(i));
  const settings = await steps.settings(s.companyId);
  const slotted = new Set(await steps.takeSlots(s, settings.dailyLimitPerConnection, wanted));
  const known = await steps.knownNumbers(s, wanted);
  const toSend = wanted.filter((i) => slotted.has(i));
  // Alive while it waits its turn behind other campaigns' chunks too, not only after each recipient.
  const beat = setInterval(progress, 2_000);
  try {
    for (let k = 0; k < toSend.length; k += CHUNK) {
      // One chunk in the read models' queue at a time in this process, whatever the campaigns.
      await pipeline.run(async () => {
        const chunk: ShipmentCommand[] = [];
        await inLanes(
          toSend.slice(k, k + CHUNK),
          (i) => String(i),
          async (i) => {
            chunk.push(await sendSlots.run(() => steps.deliver(s, settings, i, known)));
            progress();
          },
          SEND_LANES,
        );
        chunk.sort((a, b) => a.index - b.index);
        const position = await steps.record(s, {
          type: 'RecordShipments',
          campaignId,
          companyId: s.companyId,
          parts: chunk,
        });
        parts.push(...chunk);
        if (position) await steps.caughtUp(position);
      });
    }
  } finally {
    clearInterval(beat);
  }
  const recorded = new Map(parts.map((p) => [p.index, outcomeOf(p).outcome]));
  const out: BatchOutcome[] = [];
  for (const i of indexes) {
    if (i >= total) break;
    const outcome = s.shipments.has(i) ? 'already' : (recorded.get(i) ?? 'daily-limit');
    out.push({ index: i, outcome });
    // The cap was reached inside the batch: the rest waits for the next day.
    if (outcome === 'daily-limit') break;
  }
  return out;
}
