import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import {
  type ContactExportInput,
  contactErasedSignal,
  contactExportWorkflow,
  contactExportWorkflowId,
} from './workflow.ts';

/** Starts and signals exports' workflows from outside Temporal; both idempotent (a replayed event). */
export function contactExportsClient(client: Client, taskQueue: string) {
  return {
    async start(input: ContactExportInput): Promise<void> {
      try {
        await client.workflow.start(contactExportWorkflow, {
          workflowId: contactExportWorkflowId(input.exportId),
          taskQueue,
          args: [input],
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    },
    /** The contact was erased: the export's workflow expires it (nothing when it ended already). */
    async contactErased(exportId: string): Promise<void> {
      try {
        await client.workflow.getHandle(contactExportWorkflowId(exportId)).signal(contactErasedSignal);
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
    },
  };
}
