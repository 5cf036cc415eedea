import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { MessageRetentionActivities } from './activities.ts';

/** One retention loop per deployment (per task queue: test systems share the dev server). */
export const messageRetentionWorkflowId = (taskQueue: string) => `message-retention-${taskQueue}`;

export const RETENTION_EVERY_MS = 24 * 3600 * 1000;

export interface MessageRetentionInput {
  /** Time between rounds: a day in production, seconds in a test. */
  everyMs?: number;
}

const acts = proxyActivities<MessageRetentionActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/**
 * LGPD retention (issue 25): a round at once, then one per period, each a new run (the history stays
 * one round long). Each company with messageRetentionDays > 0 is shredded by its own activity, so one
 * company's failure retries alone; a round repeated the same day records nothing new.
 */
export async function messageRetentionWorkflow(input: MessageRetentionInput = {}): Promise<never> {
  const companies = await acts.companiesWithRetention();
  for (const companyId of companies) await acts.shredCompanyMessages(companyId);
  await sleep(input.everyMs ?? RETENTION_EVERY_MS);
  return continueAsNew<typeof messageRetentionWorkflow>(input);
}
