import { proxyActivities, sleep } from '@temporalio/workflow';
import type { CompanyErasureActivities } from './activities.ts';

/** One workflow per deleted company: a replayed CompanyDeleted finds it by name and starts nothing. */
export const companyErasureWorkflowId = (companyId: string) => `company-erasure-${companyId}`;

export interface CompanyErasureInput {
  companyId: string;
  /** ISO instant: the deletion plus the retention period. */
  eraseAt: string;
}

const { eraseCompany } = proxyActivities<CompanyErasureActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/**
 * A durable timer for the retention period, then the erasure. Temporal keeps the timer across
 * restarts: a company whose time passed while everything was down is erased when the worker is back.
 */
export async function companyErasureWorkflow({ companyId, eraseAt }: CompanyErasureInput): Promise<void> {
  const wait = Date.parse(eraseAt) - Date.now();
  if (wait > 0) await sleep(wait);
  await eraseCompany(companyId);
}
