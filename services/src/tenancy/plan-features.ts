import { DomainError } from '@zelo/contracts/errors';
import type { PlanFeatures } from '@zelo/contracts/tenancy/read-models';
import { companySettingsAndHours, getPlan, signedUpCompany } from '@zelo/projections/tenancy/queries';
import type { Pool } from '../platform/db.ts';

/** How the refusal names each module of a plan (doc 2 §6: pages gated by the plan's flags). */
const FEATURE_NAMES: Record<keyof PlanFeatures, string> = {
  useCampaigns: 'campaigns',
  useKanban: 'kanban',
  useOpenAi: 'OpenAI prompts',
  useIntegrations: 'queue integrations',
  useSchedules: 'schedules',
  useInternalChat: 'internal chat',
  useExternalApi: 'messages API',
  useReports: 'reports',
};

/**
 * Refuses (403 ERR_PLAN_FEATURE_DISABLED) a company whose plan does not switch `feature` on: the server
 * side of the web app hiding that module's menu entry. A company without a plan has none of them.
 */
export async function assertPlanAllows(pool: Pool, companyId: string, feature: keyof PlanFeatures) {
  const company = await signedUpCompany(pool, companyId);
  const plan = company?.planId ? await getPlan(pool, company.planId) : null;
  if (!plan?.[feature]) {
    throw new DomainError(
      'ERR_PLAN_FEATURE_DISABLED',
      `the company's plan does not include ${FEATURE_NAMES[feature]} (${feature})`,
    );
  }
  // The super user may switch campaigns off for one company whatever its plan (campaignsEnabled).
  if (feature === 'useCampaigns') {
    const { settings } = await companySettingsAndHours(pool, companyId);
    if (settings.campaignsEnabled === 'disabled')
      throw new DomainError('ERR_PLAN_FEATURE_DISABLED', 'campaigns are switched off for this company');
  }
}
