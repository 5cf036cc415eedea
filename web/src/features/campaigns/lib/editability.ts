import { isWithinEditLock } from '@zelo/contracts/campaigns/events';
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
    case 'PROGRAMADA':
      return isWithinEditLock(campaign.scheduledAt, now.getTime())
        ? { mode: 'none', reason: 'startsSoon' }
        : { mode: 'all', reason: null };
    case 'CANCELADA':
      return { mode: 'messages', reason: 'cancelled' };
    case 'EM_ANDAMENTO':
      return { mode: 'none', reason: 'running' };
    case 'FINALIZADA':
      return { mode: 'none', reason: 'finished' };
  }
}
