import { useState } from 'react';
import { usePagedFetch } from '../../../components/use-paged-fetch.ts';
import { ApiError } from '../../../lib/api.ts';
import { toastError } from '../../../lib/toaster.ts';
import { searchCampaigns } from '../api/list-campaigns.ts';
import { useCampaignFrames } from './campaign-frames.ts';
import { applyListFrame } from './campaign-list.ts';

export const PLAN_REFUSED = 'ERR_PLAN_FEATURE_DISABLED';

/**
 * The list's pages for a search (infinite scroll), kept live by the company's campaign frames: rows
 * change in place, a new campaign reloads from page 1. `refreshKey` reloads too (the top bar's button).
 */
export function useCampaignList(query: string, refreshKey: number) {
  const [planRefused, setPlanRefused] = useState(false);
  const list = usePagedFetch(
    `${refreshKey}:${query}`,
    (page, signal) => searchCampaigns(query, page, signal),
    {
      onError: (err) => {
        if (err instanceof ApiError && err.code === PLAN_REFUSED) setPlanRefused(true);
        else toastError(err);
      },
    },
  );

  useCampaignFrames((frame) => {
    list.setRecords((held) => applyListFrame(held, frame).records);
    if (applyListFrame(list.records, frame).reload) list.reload();
  });

  return { ...list, planRefused };
}
