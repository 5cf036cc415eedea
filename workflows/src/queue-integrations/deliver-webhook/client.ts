import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { type WebhookRetry, webhookDeliveryWorkflow, webhookDeliveryWorkflowId } from './workflow.ts';

/** Starts a delivery's workflow (what the services' webhook reactor asks for); idempotent. */
export function webhookDeliveriesClient(client: Client, taskQueue: string, retry: WebhookRetry) {
  return {
    async start(deliveryId: string): Promise<void> {
      try {
        // REJECT_DUPLICATE: a replayed request must not start a second delivery beside a finished one.
        await client.workflow.start(webhookDeliveryWorkflow, {
          workflowId: webhookDeliveryWorkflowId(deliveryId),
          taskQueue,
          args: [{ deliveryId, retry }],
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    },
  };
}
