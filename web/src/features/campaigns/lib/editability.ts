import { CAMPAIGN_EDIT_LOCK_MS } from '@zelo/contracts/campaigns/events';
import type { CampaignView } from '@zelo/contracts/campaigns/read-models';

/**
 * What the dialog lets a person change (doc 2 §4): everything while INATIVA or PROGRAMADA more than an
 * hour away; only the messages and the file list of a CANCELADA one (they apply on restart); nothing
 * otherwise.
 */
export type EditMode = 'all' | 'messages' | 'none';

export type LockReason = 'startsSoon' | 'running' | 'finished' | 'cancelled';

export interface Editability {
  mode: EditMode;
  /** Why some or all fields are locked; null when everything may change. */
  reason: LockReason | null;
}

export function campaignEditability(
  campaign: Pick<CampaignView, 'status' | 'scheduledAt'> | null,
  now: Date = new Date(),
): Editability {
  if (!campaign) return { mode: 'all', reason: null };
  switch (campaign.status) {
    case 'INATIVA':
      return { mode: 'all', reason: null };
    case 'PROGRAMADA': {
      const startsIn = campaign.scheduledAt ? new Date(campaign.scheduledAt).getTime() - now.getTime() : 0;
      return startsIn > CAMPAIGN_EDIT_LOCK_MS
        ? { mode: 'all', reason: null }
        : { mode: 'none', reason: 'startsSoon' };
    }
    case 'CANCELADA':
      return { mode: 'messages', reason: 'cancelled' };
    case 'EM_ANDAMENTO':
      return { mode: 'none', reason: 'running' };
    case 'FINALIZADA':
      return { mode: 'none', reason: 'finished' };
  }
}
