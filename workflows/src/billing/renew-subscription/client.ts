import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import {
  type RenewalInput,
  renewalWorkflowId,
  renewSubscriptionWorkflow,
  replanSignal,
  stopSignal,
} from './workflow.ts';

export interface RenewalTiming {
  issueLeadMs?: number;
  reminderLeadMs?: number;
}

/**
 * Starts or re-plans a company's renewal from outside Temporal (what the services' subscription-renewals
 * reactor asks for): signal-with-start, so the first event starts it and every later one re-plans it.
 */
export function subscriptionRenewalsClient(client: Client, taskQueue: string, timing: RenewalTiming = {}) {
  return {
    async plan(companyId: string, dueDate: string | null): Promise<void> {
      const input: RenewalInput = { companyId, dueDate, ...timing };
      await client.workflow.signalWithStart(renewSubscriptionWorkflow, {
        workflowId: renewalWorkflowId(companyId),
        taskQueue,
        args: [input],
        signal: replanSignal,
        signalArgs: [{ dueDate }],
      });
    },
    async stop(companyId: string): Promise<void> {
      try {
        await client.workflow.getHandle(renewalWorkflowId(companyId)).signal(stopSignal);
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
    },
  };
}
