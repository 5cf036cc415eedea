import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { toastError } from '../../../lib/toaster.ts';
import { searchCampaigns } from '../api/list-campaigns.ts';
import { useCampaignFrames } from './campaign-frames.ts';
import { applyListFrame, type CampaignList, mergeCampaignPage } from './campaign-list.ts';

export const PLAN_REFUSED = 'ERR_PLAN_FEATURE_DISABLED';

/**
 * The list's pages for a search (infinite scroll), kept live by the company's campaign frames: rows
 * change in place, a new campaign reloads from page 1. `refreshKey` reloads too (the top bar's button).
 */
export function useCampaignList(query: string, refreshKey: number) {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<CampaignList>({ records: [], hasMore: false });
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [planRefused, setPlanRefused] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or a reload restarts at page 1
  useEffect(() => setPage(1), [query, version, refreshKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version and refreshKey refetch
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    searchCampaigns(query, page, ctrl.signal)
      .then((r) => setList((prev) => mergeCampaignPage(prev, r, page)))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        if (err instanceof ApiError && err.code === PLAN_REFUSED) setPlanRefused(true);
        else toastError(err);
      })
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [query, page, version, refreshKey]);

  useCampaignFrames((frame) => {
    setList((prev) => applyListFrame(prev, frame).list);
    if (applyListFrame(list, frame).reload) setVersion((n) => n + 1);
  });

  const reload = () => setVersion((n) => n + 1);
  const loadMore = () => {
    if (list.hasMore && !loading) setPage((n) => n + 1);
  };
  return { ...list, loading, planRefused, reload, loadMore };
}
