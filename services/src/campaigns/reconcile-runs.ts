import { listCampaignRunsByStatus } from '@zelo/projections/campaigns/queries';
import type { Clock } from '../platform/clock.ts';
import type { Pool } from '../platform/db.ts';
import type { CampaignRuns } from './timers-reactor.ts';

/** What the reconciler asks of the runs: whether one is open, and the restart's resume. */
export interface CampaignRunsProbe extends Pick<CampaignRuns, 'resume' | 'reschedule'> {
  /** Whether the campaign's run is open on Temporal (false when it ended or never existed). */
  isRunning(campaignId: string): Promise<boolean>;
}

/**
 * One pass: each campaign the read model shows EM_ANDAMENTO whose run is not open (ended under a
 * restart, terminated, lost with its history) gets its run resumed; each PROGRAMADA one without a run
 * gets its timer set again for its scheduled time. Idempotent: the run reads the campaign's stream
 * first, so a stale read model (finished or cancelled since) starts a run that ends at once, and one per
 * recipient is already the rule (a shipment per index, stable message ids). Answers the campaigns
 * resumed or rescheduled.
 */
export async function reconcileCampaignRuns(pool: Pool, runs: CampaignRunsProbe, clock: Clock) {
  const resumed: string[] = [];
  for (const { id: campaignId } of await listCampaignRunsByStatus(pool, 'EM_ANDAMENTO')) {
    if (await runs.isRunning(campaignId)) continue;
    await runs.resume({ campaignId, scheduledAt: clock.now().toISOString() });
    resumed.push(campaignId);
  }
  for (const { id: campaignId, scheduledAt } of await listCampaignRunsByStatus(pool, 'PROGRAMADA')) {
    if (!scheduledAt || (await runs.isRunning(campaignId))) continue;
    await runs.reschedule({ campaignId, scheduledAt });
    resumed.push(campaignId);
  }
  return resumed;
}

/** A pass when the workflows role starts, then every `everyMs`; a failed pass waits for the next. */
export function startCampaignRunsReconciler(
  pool: Pool,
  runs: CampaignRunsProbe,
  clock: Clock,
  everyMs = 60_000,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    running = reconcileCampaignRuns(pool, runs, clock)
      .then(
        (resumed) => {
          if (resumed.length > 0)
            console.log(`[campaigns] ${resumed.length} campaign(s) without a run got one again`);
        },
        (err) => console.error(`[campaigns] run reconcile failed: ${(err as Error).message}`),
      )
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(run, everyMs);
        timer.unref();
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
