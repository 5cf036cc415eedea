import type { CompanyPlanView } from '@zelo/contracts/tenancy/read-models';
import { apiRequest } from './api.ts';
import { sessionAtom, useAtomValue } from './store.ts';
import { useRequest } from './use-request.ts';

/** GET /companies/listPlan/{companyId}: the session's company with its plan's limits and flags. */
export function useCompanyPlan() {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  return useRequest(
    (signal) =>
      companyId
        ? apiRequest<CompanyPlanView>(`/companies/listPlan/${encodeURIComponent(companyId)}`, { signal })
        : Promise.resolve(undefined),
    [companyId],
  );
}
