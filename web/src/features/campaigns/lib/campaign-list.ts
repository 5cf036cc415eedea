import type { CampaignPage, CampaignView } from '@zelo/contracts/campaigns/read-models';
import type { CampaignFrame } from './campaign-frames.ts';

export interface CampaignList {
  records: CampaignView[];
  hasMore: boolean;
}

export function mergeCampaignPage(list: CampaignList, page: CampaignPage, pageNumber: number): CampaignList {
  if (pageNumber === 1) return { records: page.records, hasMore: page.hasMore };
  const held = new Set(list.records.map((c) => c.id));
  return {
    records: [...list.records, ...page.records.filter((c) => !held.has(c.id))],
    hasMore: page.hasMore,
  };
}

/**
 * A campaign frame on the list: an update changes its row in place (a running campaign updates with
 * every shipment, so the list must not reload for each), a delete drops it; a new campaign asks for a
 * reload, as only the server knows where it falls in the search and the order.
 */
export function applyListFrame(
  list: CampaignList,
  frame: CampaignFrame,
): { list: CampaignList; reload: boolean } {
  switch (frame.action) {
    case 'update': {
      const at = list.records.findIndex((c) => c.id === frame.record.id);
      if (at < 0) return { list, reload: false };
      const records = list.records.slice();
      records[at] = frame.record;
      return { list: { ...list, records }, reload: false };
    }
    case 'delete':
      return { list: { ...list, records: list.records.filter((c) => c.id !== frame.id) }, reload: false };
    case 'create':
      return { list, reload: true };
    case 'shipment':
      return { list, reload: false };
  }
}
