import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { type ContactErasureInput, contactErasureWorkflow, contactErasureWorkflowId } from './workflow.ts';

/**
 * Starts a contact's erasure from the API; idempotent: a second request while it runs, or after it
 * finished, starts nothing new (REJECT_DUPLICATE).
 */
export function contactErasureClient(connect: () => Promise<Client>, taskQueue: string) {
  return {
    async start(input: ContactErasureInput): Promise<void> {
      const client = await connect();
      try {
        await client.workflow.start(contactErasureWorkflow, {
          workflowId: contactErasureWorkflowId(input.contactId),
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
