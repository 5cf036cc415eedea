import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { type CompanyErasureInput, companyErasureWorkflow, companyErasureWorkflowId } from './workflow.ts';

/** Starts a deleted company's erasure timer from outside Temporal; idempotent (a replayed deletion). */
export function companyErasureClient(client: Client, taskQueue: string) {
  return {
    async start(input: CompanyErasureInput): Promise<void> {
      try {
        await client.workflow.start(companyErasureWorkflow, {
          workflowId: companyErasureWorkflowId(input.companyId),
          taskQueue,
          args: [input],
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    },
  };
}
