import type { Projection } from '@zelo/projections/runner';
import { REACTORS } from '../reactors.ts';

/** A campaign's run (Temporal's, wired by the app). Every call is idempotent. */
export interface CampaignRuns {
  /** Sets the run's timer to scheduledAt, unless a run for this campaign exists already (a replayed creation). */
  start(run: { campaignId: string; scheduledAt: string }): Promise<void>;
  /** Moves a waiting run's timer; starts a new run when the last one ended (scheduled again). */
  reschedule(run: { campaignId: string; scheduledAt: string }): Promise<void>;
  /** Restarted: a run resumes at the first recipient without a shipment. */
  resume(run: { campaignId: string; scheduledAt: string }): Promise<void>;
  /** Stops the run between two sends (or before it starts); nothing when none is running. */
  cancel(campaignId: string): Promise<void>;
}

/**
 * Keeps one run per campaign in step with the campaign's stream: a checkpointed subscriber like a
 * projection (no tables), so a run starts because an event happened, never from the route. A re-applied
 * batch only repeats idempotent calls, and the run's activities re-read the stream before acting, so a
 * stale start (a finished, deleted or unscheduled campaign) ends without sending.
 */
export function campaignTimersReactor(runs: CampaignRuns): Projection {
  return {
    name: REACTORS.campaignTimers,
    tables: [],
    async handle(_tx, e) {
      switch (e.type) {
        case 'CampaignCreated': {
          const { campaignId, fields, status } = e.data;
          if (status === 'PROGRAMADA' && fields.scheduledAt)
            return runs.start({ campaignId, scheduledAt: fields.scheduledAt });
          return;
        }
        case 'CampaignUpdated': {
          const { campaignId, fields, status } = e.data;
          if (status === 'PROGRAMADA' && fields.scheduledAt)
            return runs.reschedule({ campaignId, scheduledAt: fields.scheduledAt });
          // Unscheduled: the waiting run ends. A cancelled one changing its messages has nothing running.
          if (status === 'INATIVA') return runs.cancel(campaignId);
          return;
        }
        case 'CampaignCancelled':
        case 'CampaignDeleted':
          return runs.cancel(e.data.campaignId);
        case 'CampaignRestarted':
          return runs.resume({ campaignId: e.data.campaignId, scheduledAt: e.data.restartedAt });
      }
    },
  };
}
