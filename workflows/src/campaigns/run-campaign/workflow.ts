import {
  ActivityFailure,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  patched,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { RunSettings } from '@zelo/contracts/campaigns/events';
import type { CampaignActivities } from './activities.ts';
import { gapAfterMs, isLongPause, msUntilNextDay, msUntilWindowOpens } from './pacing.ts';

/** One workflow per campaign: a second start is refused by Temporal, a signal finds it by name. */
export const campaignWorkflowId = (campaignId: string) => `campaign-${campaignId}`;

/**
 * Runs that start with this patch send a campaign at interval 0 in batches (`sendCampaignRecipients`)
 * and wait less for a send lost with its worker; runs started before it finish one recipient at a time.
 */
export const SEND_IN_BATCHES = 'send-in-batches';

/**
 * Runs that start with this patch keep the interval per connection: each paced send says the gap it
 * needs after the connection's last paced message, and waits when another campaign's went since.
 */
export const PACE_PER_CONNECTION = 'pace-per-connection';

/**
 * Runs that reach a stop with this patch read the stream again when a restart's resume came after the
 * cancel: a step that read the cancelled stream a moment before the restart (a send answering
 * 'stopped', the finish) no longer ends the run under the restart, which left the campaign EM_ANDAMENTO
 * with nothing sending.
 */
export const RESUME_AFTER_STOP = 'resume-after-stop';

/** Recipients of one batch: a fifth of a second of sending at the target pace, one append of shipments. */
export const BATCH_SIZE = 40;

/** Recipients walked by one run before it continues as new, so that its history stays bounded. */
export const RECIPIENTS_PER_RUN = 200;

export interface CampaignRunInput {
  campaignId: string;
  /** ISO instant; a time already past starts at once (a restart passes now). */
  scheduledAt: string;
  /**
   * What a continued run inherits: the messages sent so far (for the long pause), when the next may go
   * and the gap it keeps after the connection's last paced message.
   */
  carry?: { sent: number; nextAt: number | null; longPauseDue: boolean; gapMs?: number };
}

/** The campaign was edited while waiting for its time: wait for the new one. */
export const rescheduleSignal = defineSignal<[{ scheduledAt: string }]>('reschedule');
/** Cancelled, made INATIVA or deleted: stop between two sends (or before starting). */
export const cancelSignal = defineSignal('cancel');
/** Restarted: a run still open (stopping) goes on instead of ending. */
export const resumeSignal = defineSignal('resume');

export interface CampaignProgress {
  phase: 'waiting' | 'running' | 'paused' | 'done';
  scheduledAt: string;
  nextIndex: number;
  total: number | null;
  sent: number;
}
export const progressQuery = defineQuery<CampaignProgress>('progress');

export type CampaignRunResult = 'finished' | 'cancelled' | 'refused' | 'skipped' | 'stopped';

const { startCampaignRun, loadCampaignRunSettings, finishCampaignRun, failCampaignRecipient } =
  proxyActivities<CampaignActivities>({
    startToCloseTimeout: '1 minute',
    // No attempt limit: an outage of the database delays the campaign, it does not end it.
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  });
const { sendCampaignRecipient } = proxyActivities<CampaignActivities>({
  startToCloseTimeout: '1 minute',
  // One recipient that keeps failing is recorded as failed; it does not hold up the others.
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 8,
  },
});

// A send normally takes well under a second: a worker killed mid-send is retried after this, not a minute.
const { sendCampaignRecipient: sendOneRecipient } = proxyActivities<CampaignActivities>({
  startToCloseTimeout: '15 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 8,
  },
});
const { sendCampaignRecipients } = proxyActivities<CampaignActivities>({
  startToCloseTimeout: '2 minutes',
  // It heartbeats after each recipient: a batch lost with its worker is retried after this.
  heartbeatTimeout: '10 seconds',
  // A batch that keeps failing is sent again one recipient at a time, so one bad recipient is found.
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    maximumAttempts: 4,
  },
});

/**
 * A campaign's run: a durable timer until scheduledAt, then the recipients in order from the first
 * without a shipment, paced with workflow timers (`messageInterval` between messages, `greaterInterval`
 * after every `longerIntervalAfter`, ± jitter), only inside the sending window, and waiting for the next
 * company day when the connection's daily cap is reached. Exactly once per recipient comes from the
 * activities (stable message ids, one shipment per index in the campaign's stream), not from here: a
 * restarted or continued run simply asks again from the stream's nextIndex.
 */
export async function runCampaignWorkflow(input: CampaignRunInput): Promise<CampaignRunResult> {
  const { campaignId } = input;
  // Decided once per run: a run in flight when this code landed replays without the marker and keeps
  // sending one recipient per activity to its end (continued runs start with the marker).
  const batched = patched(SEND_IN_BATCHES);
  const perConnection = patched(PACE_PER_CONNECTION);
  let due = Date.parse(input.scheduledAt);
  let cancelled = false;
  /** A restart's resume came after the last cancel: a stop the stream answered is read again. */
  let resumePending = false;
  const progress: CampaignProgress = {
    phase: 'waiting',
    scheduledAt: input.scheduledAt,
    nextIndex: 0,
    total: null,
    sent: input.carry?.sent ?? 0,
  };
  setHandler(rescheduleSignal, ({ scheduledAt }) => {
    due = Date.parse(scheduledAt);
    progress.scheduledAt = scheduledAt;
    // Scheduled again after an INATIVA whose cancel this run has not acted on yet.
    if (progress.phase === 'waiting') cancelled = false;
  });
  setHandler(cancelSignal, () => {
    cancelled = true;
    resumePending = false;
  });
  setHandler(resumeSignal, () => {
    cancelled = false;
    resumePending = true;
  });
  setHandler(progressQuery, () => progress);

  /** Sleeps `ms`, waking early on cancel; true when cancelled. */
  const pause = async (ms: number, phase: CampaignProgress['phase'] = 'paused') => {
    if (ms > 0 && !cancelled) {
      progress.phase = phase;
      await condition(() => cancelled, ms);
      progress.phase = 'running';
    }
    return cancelled;
  };

  let sent = input.carry?.sent ?? 0;
  let nextAt = input.carry?.nextAt ?? null;
  let longPauseDue = input.carry?.longPauseDue ?? false;
  let gapMs = input.carry?.gapMs;
  /** Recipients walked by this run, across the restarts it went on through. */
  let walked = 0;
  for (;;) {
    const result = await run();
    // Cancelled, then restarted before this run ended: the restart's run is this one.
    const stop = result === 'cancelled' || result === 'stopped' || result === 'skipped';
    if (!stop || !resumePending || !patched(RESUME_AFTER_STOP)) return result;
    resumePending = false;
    cancelled = false;
    progress.phase = 'waiting';
  }

  async function run(): Promise<CampaignRunResult> {
    // 1. Until scheduledAt (workflow time is deterministic), waking early for an edit or a cancel.
    let start: Awaited<ReturnType<typeof startCampaignRun>>;
    for (;;) {
      for (let target = due; !cancelled && target > Date.now(); target = due) {
        await condition(() => cancelled || due !== target, target - Date.now());
      }
      if (cancelled) return 'cancelled';
      start = await startCampaignRun(campaignId);
      if (start.outcome !== 'not-due') break;
      due = Date.parse(start.scheduledAt);
    }
    if (start.outcome !== 'running') {
      progress.phase = 'done';
      return start.outcome;
    }

    // 2. The recipients, from the stream's nextIndex.
    progress.phase = 'running';
    progress.total = start.total;
    let settings: RunSettings = start.settings;
    let index = start.nextIndex;
    // The gap the next paced message keeps after the connection's last one (any campaign's).
    gapMs ??= settings.messageInterval * 1000;
    const reload = async () => {
      settings = (await loadCampaignRunSettings(campaignId)) ?? settings;
    };

    /** Recipients to send one by one after a batch that failed. */
    let singlesLeft = 0;
    while (index < start.total) {
      progress.nextIndex = index;
      if (cancelled) return stopped('cancelled');
      if (walked >= RECIPIENTS_PER_RUN) {
        return continueAsNew<typeof runCampaignWorkflow>({
          campaignId,
          scheduledAt: input.scheduledAt,
          carry: { sent, nextAt, longPauseDue, gapMs },
        });
      }
      // The gap since the last message, anchored at when it was queued.
      if (nextAt !== null) {
        if (await pause(nextAt - Date.now())) return stopped('cancelled');
        nextAt = null;
        if (longPauseDue) {
          longPauseDue = false;
          await reload();
        }
      }
      const closedFor = msUntilWindowOpens(Date.now(), settings.sendingWindow, settings.timeZone);
      if (closedFor > 0) {
        if (await pause(closedFor)) return stopped('cancelled');
        await reload();
        continue;
      }
      const size = batched && singlesLeft === 0 ? batchSize(settings, index, start.total) : 1;
      if (size > 1) {
        const outcomes = await sendBatch(index, size);
        if (outcomes === 'failed') {
          singlesLeft = size;
          continue;
        }
        let capped = false;
        for (const o of outcomes) {
          if (o.outcome === 'stopped') return stopped('stopped');
          if (o.outcome === 'daily-limit') {
            capped = true;
            break;
          }
          if (o.outcome === 'sent') sent++;
          index++;
          walked++;
        }
        progress.sent = sent;
        if (capped) {
          if (await pause(msUntilNextDay(Date.now(), settings.timeZone))) return stopped('cancelled');
          await reload();
          continue;
        }
        // A batch ends where a long pause is due (batchSize), so the pause comes exactly as configured.
        longPauseDue = isLongPause(sent, settings);
        nextAt = longPauseDue ? Date.now() + gapAfterMs(sent, settings, Math.random) : null;
        continue;
      }
      if (singlesLeft > 0) singlesLeft--;
      const r = await sendRecipient(index);
      switch (r.outcome) {
        case 'wait':
          // Another campaign's message went on the number meanwhile: the same recipient, later.
          if (await pause(r.notBefore - Date.now())) return stopped('cancelled');
          continue;
        case 'stopped':
          return stopped('stopped');
        case 'daily-limit':
          if (await pause(msUntilNextDay(Date.now(), settings.timeZone))) return stopped('cancelled');
          await reload();
          continue;
        case 'sent':
          sent++;
          progress.sent = sent;
          longPauseDue = isLongPause(sent, settings);
          gapMs = gapAfterMs(sent, settings, Math.random);
          nextAt = r.queuedAt + gapMs;
          break;
        case 'failed':
        case 'optedOut':
        case 'already':
          break;
      }
      index++;
      walked++;
    }
    progress.nextIndex = index;
    const finished = await finishCampaignRun(campaignId);
    progress.phase = 'done';
    return finished;
  }

  function stopped(result: CampaignRunResult): CampaignRunResult {
    progress.phase = 'done';
    return result;
  }

  /** How many recipients go in one batch now: at interval 0 without jitter, up to the next long pause. */
  function batchSize(settings: RunSettings, index: number, total: number): number {
    if (settings.messageInterval !== 0 || settings.jitterSeconds !== 0) return 1;
    const every = settings.longerIntervalAfter;
    const untilLongPause = every > 0 ? every - (sent % every) : Number.POSITIVE_INFINITY;
    return Math.max(1, Math.min(BATCH_SIZE, total - index, RECIPIENTS_PER_RUN - walked, untilLongPause));
  }

  async function sendBatch(from: number, count: number) {
    try {
      return await sendCampaignRecipients(campaignId, from, count);
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      return 'failed' as const;
    }
  }

  async function sendRecipient(i: number) {
    try {
      if (perConnection && gapMs !== undefined && gapMs > 0)
        return await sendOneRecipient(campaignId, i, { gapMs });
      return await (batched ? sendOneRecipient : sendCampaignRecipient)(campaignId, i);
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      const reason = err.cause?.message ?? err.message;
      await failCampaignRecipient(campaignId, i, `send failed after retries: ${reason}`);
      return { outcome: 'failed' } as const;
    }
  }
}
