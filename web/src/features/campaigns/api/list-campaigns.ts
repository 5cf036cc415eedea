import type { CampaignPage } from '@zelo/contracts/campaigns/read-models';
import { apiRequest } from '../../../lib/api.ts';

/** GET /campaigns/ (doc 2 §7): one page of the list's search. */
export const searchCampaigns = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<CampaignPage>('/campaigns/', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber },
  });
