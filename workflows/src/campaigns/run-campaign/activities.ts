import { Context } from '@temporalio/activity';
import type { RunSettings } from '@zelo/contracts/campaigns/events';

export type RunStart =
  /** Sending (just started, or resumed): walk the recipients from `nextIndex`. */
  | { outcome: 'running'; total: number; nextIndex: number; settings: RunSettings }
  /** The stream holds a later scheduledAt than the timer knew (an edit whose signal is on its way). */
  | { outcome: 'not-due'; scheduledAt: string }
  /** PROGRAMADA at its time but unable to start: recorded as CampaignStartRefused (back to INATIVA). */
  | { outcome: 'refused'; reason: string }
  /** Nothing to run: deleted, INATIVA, CANCELADA, FINALIZADA (a replayed start, a stale timer). */
  | { outcome: 'skipped' };

export type RecipientOutcome =
  /** Queued now; `queuedAt` (ms) anchors the gap to the next message. */
  | { outcome: 'sent'; queuedAt: number }
  /** Recorded as CampaignMessageFailed (number not on WhatsApp, refused): no message, no gap. */
  | { outcome: 'failed' }
  /** Recorded as CampaignMessageSkipped: the recipient opted out (LGPD). No message, no gap. */
  | { outcome: 'optedOut' }
  /** The stream already has this recipient's shipment: nothing was done. */
  | { outcome: 'already' }
  /** The connection's daily cap is reached: try again when the next company day begins. */
  | { outcome: 'daily-limit' }
  /** The campaign is no longer sending (cancelled, deleted, finished): stop without a shipment. */
  | { outcome: 'stopped' }
  /**
   * Paced: another campaign's message went on the connection less than the interval ago; nothing was
   * done, ask again at `notBefore` (ms).
   */
  | { outcome: 'wait'; notBefore: number };

/** A paced send's gap: the least time since the connection's last paced message. */
export interface SendPace {
  gapMs: number;
}

/** One recipient of a batch; a batch stops at its first 'daily-limit' or 'stopped'. */
export interface BatchOutcome {
  index: number;
  outcome: RecipientOutcome['outcome'];
}

/**
 * The services' side of a run (services/src/campaigns/runtime.ts, wired by the app). Each call decides
 * against the campaign's stream, so a retried or replayed call repeats nothing.
 */
export interface CampaignRunDeps {
  startRun(campaignId: string): Promise<RunStart>;
  runSettings(campaignId: string): Promise<RunSettings | null>;
  /**
   * Sends recipient `index` at most once: its messages have stable ids, its shipment is recorded once.
   * With `pace`, only `pace.gapMs` after the connection's last paced message, else 'wait'.
   */
  sendRecipient(campaignId: string, index: number, pace?: SendPace): Promise<RecipientOutcome>;
  /**
   * Recipients `from` … `from + count - 1` as `sendRecipient` would send each, in one go (a run at
   * interval 0); `progress` is called after each recipient.
   */
  sendRecipients(
    campaignId: string,
    from: number,
    count: number,
    progress: () => void,
  ): Promise<BatchOutcome[]>;
  /** Retries ran out on a recipient: it is recorded as failed with the reason (if it has no shipment). */
  failRecipient(campaignId: string, index: number, reason: string): Promise<void>;
  /** FINALIZADA; 'stopped' when the campaign is no longer running (cancelled or deleted meanwhile). */
  finishRun(campaignId: string): Promise<'finished' | 'stopped'>;
}

/**
 * A batch sent as single sends, each as `send` answers it, stopping at the cap or a stop: what a
 * batch means, for fakes and runtimes without a batch of their own.
 */
export async function sendOneByOne(
  send: (campaignId: string, index: number) => Promise<RecipientOutcome>,
  campaignId: string,
  from: number,
  count: number,
  progress: () => void = () => {},
): Promise<BatchOutcome[]> {
  const out: BatchOutcome[] = [];
  for (let index = from; index < from + count; index++) {
    const { outcome } = await send(campaignId, index);
    out.push({ index, outcome });
    progress();
    if (outcome === 'daily-limit' || outcome === 'stopped') break;
  }
  return out;
}

export function createCampaignActivities(deps: CampaignRunDeps) {
  return {
    startCampaignRun: (campaignId: string) => deps.startRun(campaignId),
    loadCampaignRunSettings: (campaignId: string) => deps.runSettings(campaignId),
    sendCampaignRecipient: (campaignId: string, index: number, pace?: SendPace) =>
      deps.sendRecipient(campaignId, index, pace),
    /** Heartbeats after each recipient: a worker that dies mid-batch is noticed in seconds, not minutes. */
    sendCampaignRecipients: (campaignId: string, from: number, count: number) =>
      deps.sendRecipients(campaignId, from, count, () => Context.current().heartbeat()),
    failCampaignRecipient: (campaignId: string, index: number, reason: string) =>
      deps.failRecipient(campaignId, index, reason),
    finishCampaignRun: (campaignId: string) => deps.finishRun(campaignId),
  };
}

export type CampaignActivities = ReturnType<typeof createCampaignActivities>;
