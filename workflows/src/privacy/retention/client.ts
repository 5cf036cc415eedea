import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import {
  type MessageRetentionInput,
  messageRetentionWorkflow,
  messageRetentionWorkflowId,
} from './workflow.ts';

/**
 * Starts the deployment's retention loop when it is not running (every workflows process calls it at
 * start; the first one starts it, the others find it). A loop ended by an operator starts again.
 */
export async function ensureMessageRetention(
  client: Client,
  taskQueue: string,
  input: MessageRetentionInput = {},
): Promise<void> {
  try {
    await client.workflow.start(messageRetentionWorkflow, {
      workflowId: messageRetentionWorkflowId(taskQueue),
      taskQueue,
      args: [input],
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
