import type { ReactNode } from 'react';
import { sessionAtom, useAtomValue } from '../../lib/store.ts';
import { campaignsAllowed } from '../layout/menu-items.ts';
import { usePlanRefusal } from './plan-route.tsx';

/**
 * The campaign pages (doc 2 §2.1, §6): open when the plan has useCampaigns or local storage holds
 * `cshow`; otherwise the plan toast and `/` after a second. The pages also redirect when the server
 * refuses them (ERR_PLAN_FEATURE_DISABLED: the flag alone does not unlock the server).
 */
export function CampaignsOnly({ children }: { children: ReactNode }) {
  const plan = useAtomValue(sessionAtom)?.user.company.plan ?? null;
  const allowed = campaignsAllowed(plan);
  usePlanRefusal(!allowed, 'campaigns.planRefused');
  return allowed ? children : <div data-testid="plan-refused" />;
}
