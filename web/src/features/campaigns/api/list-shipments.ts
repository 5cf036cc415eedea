import type { CampaignShipmentPage } from '@zelo/contracts/campaigns/read-models';
import { apiRequest } from '../../../lib/api.ts';

/** GET /campaigns/{id}/shipments (ours): one page of the run's shipments, in send order. */
export const listShipments = (id: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<CampaignShipmentPage>(`/campaigns/${encodeURIComponent(id)}/shipments`, {
    signal,
    query: { pageNumber },
  });
