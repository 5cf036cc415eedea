import type {
  CampaignShipmentPage,
  CampaignShipmentView,
  CampaignView,
} from '@zelo/contracts/campaigns/read-models';

/**
 * The report's counters (doc 2 §2.9) and how far the run got: the recipients done with (sent, failed
 * or skipped as opted out) of the valid.
 */
export interface ReportFigures {
  validContacts: number;
  sent: number;
  delivered: number;
  failed: number;
  /** Skipped: the customer opted out of campaigns (LGPD, issue 25). */
  optedOut: number;
  pending: number;
  /** 0 to 1, for the progress bar. */
  progress: number;
}

export function reportFigures(campaign: CampaignView): ReportFigures {
  const { validContacts, sent, delivered, failed, pending } = campaign;
  // A campaign view from before issue 25 has no optedOut figure.
  const optedOut = campaign.optedOut ?? 0;
  const attempted = sent + failed + optedOut;
  const progress =
    campaign.status === 'FINALIZADA' ? 1 : validContacts > 0 ? Math.min(1, attempted / validContacts) : 0;
  return { validContacts, sent, delivered, failed, optedOut, pending, progress };
}

/** The shipments the report holds: pages loaded so far, in send order. */
export interface ShipmentList {
  records: CampaignShipmentView[];
  hasMore: boolean;
}

export const emptyShipments: ShipmentList = { records: [], hasMore: false };

const byIndex = (a: CampaignShipmentView, b: CampaignShipmentView) => a.index - b.index;

/** Page 1 replaces the list; later pages add the rows not held yet (a frame may have brought some). */
export function mergeShipmentPage(
  list: ShipmentList,
  page: CampaignShipmentPage,
  pageNumber: number,
): ShipmentList {
  if (pageNumber === 1) return { records: page.records, hasMore: page.hasMore };
  const held = new Set(list.records.map((s) => s.index));
  return {
    records: [...list.records, ...page.records.filter((s) => !held.has(s.index))].sort(byIndex),
    hasMore: page.hasMore,
  };
}

/**
 * A shipment frame: the row it names changes in place; a row past the loaded pages waits for its page,
 * unless every page is loaded, then it joins in send order.
 */
export function applyShipment(list: ShipmentList, shipment: CampaignShipmentView): ShipmentList {
  const at = list.records.findIndex((s) => s.index === shipment.index);
  if (at >= 0) {
    const records = list.records.slice();
    records[at] = shipment;
    return { ...list, records };
  }
  if (list.hasMore) return list;
  return { ...list, records: [...list.records, shipment].sort(byIndex) };
}
