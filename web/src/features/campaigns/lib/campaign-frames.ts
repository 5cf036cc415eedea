import type { CampaignFrame } from '@zelo/contracts/realtime/frames';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';

export type { CampaignFrame };

/**
 * Calls the latest handler for every `company-<id>-campaign` frame of the signed-in company: a campaign
 * after a change, its removal, or one row of a run's report. Sent to the company's admins; no room.
 */
export function useCampaignFrames(handler: (frame: CampaignFrame) => void) {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  useSocketEvent(companyId ? `company-${companyId}-campaign` : null, handler);
}
