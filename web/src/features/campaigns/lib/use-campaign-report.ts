import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError } from '../../../lib/toaster.ts';
import { useCoalesced } from '../../../lib/use-coalesced.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { getCampaign } from '../api/get-campaign.ts';
import { listShipments } from '../api/list-shipments.ts';
import { useCampaignFrames } from './campaign-frames.ts';
import { applyShipment, emptyShipments, mergeShipmentPage, type ShipmentList } from './report.ts';
import { PLAN_REFUSED } from './use-campaign-list.ts';

/** Doc 2 §9: the report reloads 5 s after an update says the campaign finished. */
export const FINISHED_REFRESH_MS = 5000;
/** A burst of list item changes reloads a campaign that has not run yet once, this long after the first. */
const LIST_RELOAD_MS = 1000;

/**
 * The report's data: the campaign (its counters) and the pages of its shipments, following the company's
 * campaign frames as they arrive: `update` replaces the counters, `shipment` changes its row.
 */
export function useCampaignReport(campaignId: string, refreshKey: number) {
  const campaign = useRequest((signal) => getCampaign(campaignId, signal), [campaignId, refreshKey]);
  const [page, setPage] = useState(1);
  const [shipments, setShipments] = useState<ShipmentList>(emptyShipments);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [deleted, setDeleted] = useState(false);
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a reload restarts at page 1
  useEffect(() => setPage(1), [campaignId, version, refreshKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version and refreshKey refetch
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    listShipments(campaignId, page, ctrl.signal)
      .then((r) => setShipments((prev) => mergeShipmentPage(prev, r, page)))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        if (!(err instanceof ApiError && err.code === PLAN_REFUSED)) toastError(err);
      })
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [campaignId, page, version, refreshKey]);

  useEffect(() => () => clearTimeout(refresh.current), []);

  const reloadAll = () => {
    campaign.reload();
    setVersion((n) => n + 1);
  };

  useCampaignFrames((frame) => {
    if (frame.action === 'shipment' && frame.campaignId === campaignId)
      setShipments((prev) => applyShipment(prev, frame.shipment));
    else if (frame.action === 'update' && frame.record.id === campaignId) {
      campaign.setData(() => frame.record);
      if (frame.record.status === 'FINALIZADA') {
        clearTimeout(refresh.current);
        refresh.current = setTimeout(reloadAll, FINISHED_REFRESH_MS);
      }
    } else if (frame.action === 'delete' && frame.id === campaignId) setDeleted(true);
  });

  // Before the run, the valid contacts are counted from the list as it is (doc 2 §2.9): an item added,
  // changed or removed elsewhere moves the figure. An import pushes one frame per row: one reload a
  // second at most.
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const reloadSoon = useCoalesced(campaign.reload, LIST_RELOAD_MS);
  useSocketEvent(companyId ? `company-${companyId}-ContactListItem` : null, () => {
    const status = campaign.data?.status;
    if (campaign.data?.contactListId && (status === 'INATIVA' || status === 'PROGRAMADA')) reloadSoon();
  });

  const planRefused = campaign.error instanceof ApiError && campaign.error.code === PLAN_REFUSED;
  return {
    campaign: campaign.data,
    campaignError: campaign.error,
    shipments,
    loadingShipments: loading,
    deleted,
    planRefused,
    loadMore: () => {
      if (shipments.hasMore && !loading) setPage((n) => n + 1);
    },
  };
}
