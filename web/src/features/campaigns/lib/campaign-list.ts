import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import type { CampaignFrame } from './campaign-frames.ts';

/**
 * A campaign frame on the list's rows: an update changes its row in place (a running campaign updates
 * with every shipment, so the list must not reload for each), a delete drops it; a new campaign asks
 * for a reload, as only the server knows where it falls in the search and the order.
 */
export function applyListFrame(
  records: CampaignView[],
  frame: CampaignFrame,
): { records: CampaignView[]; reload: boolean } {
  switch (frame.action) {
    case 'update': {
      const at = records.findIndex((c) => c.id === frame.record.id);
      if (at < 0) return { records, reload: false };
      const next = records.slice();
      next[at] = frame.record;
      return { records: next, reload: false };
    }
    case 'delete':
      return { records: records.filter((c) => c.id !== frame.id), reload: false };
    case 'create':
      return { records, reload: true };
    case 'shipment':
      return { records, reload: false };
  }
}
