import type { CampaignShipmentView, CampaignView } from '@zelo/contracts/campaigns/read-models';
import { useEffect, useRef } from 'react';
import { socket } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';

/**
 * `company-<id>-campaign` (the campaigns design): a campaign as the list shows it after a change, its
 * removal, or one row of a run's report. Sent to the company's admins; no room to join.
 */
export type CampaignFrame =
  | { action: 'create' | 'update'; record: CampaignView }
  | { action: 'delete'; id: string }
  | { action: 'shipment'; campaignId: string; shipment: CampaignShipmentView };

/** Calls the latest handler for every campaign frame of the signed-in company. */
export function useCampaignFrames(handler: (frame: CampaignFrame) => void) {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(
    () =>
      companyId
        ? socket.on(`company-${companyId}-campaign`, (data) => ref.current(data as CampaignFrame))
        : undefined,
    [companyId],
  );
}
