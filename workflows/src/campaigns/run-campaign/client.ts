import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import {
  type CampaignRunInput,
  campaignWorkflowId,
  cancelSignal,
  rescheduleSignal,
  resumeSignal,
  runCampaignWorkflow,
} from './workflow.ts';

/**
 * Starts, moves, stops and resumes a campaign's run from outside Temporal (what the services'
 * campaign-timers reactor asks for). Every call is idempotent, and a run re-reads the campaign's stream
 * before it acts, so a batch of events re-applied after a crash sends nothing twice.
 */
export function campaignRunsClient(client: Client, taskQueue: string) {
  return {
    async start(input: CampaignRunInput): Promise<void> {
      try {
        // REJECT_DUPLICATE: a replayed creation must not start a second run beside a finished one.
        await client.workflow.start(runCampaignWorkflow, {
          workflowId: campaignWorkflowId(input.campaignId),
          taskQueue,
          args: [input],
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    },

    /** Moves a waiting run's timer; starts a new run when the last one ended (scheduled again). */
    async reschedule(input: CampaignRunInput): Promise<void> {
      await client.workflow.signalWithStart(runCampaignWorkflow, {
        workflowId: campaignWorkflowId(input.campaignId),
        taskQueue,
        args: [input],
        signal: rescheduleSignal,
        signalArgs: [{ scheduledAt: input.scheduledAt }],
      });
    },

    /** Restarted: a new run resumes at the stream's nextIndex (a still-stopping run goes on instead). */
    async resume(input: CampaignRunInput): Promise<void> {
      await client.workflow.signalWithStart(runCampaignWorkflow, {
        workflowId: campaignWorkflowId(input.campaignId),
        taskQueue,
        args: [input],
        signal: resumeSignal,
        signalArgs: [],
      });
    },

    /** Whether the campaign's run is open (the reconciler resumes an EM_ANDAMENTO one that is not). */
    async isRunning(campaignId: string): Promise<boolean> {
      try {
        const run = await client.workflow.getHandle(campaignWorkflowId(campaignId)).describe();
        return run.status.name === 'RUNNING';
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) return false;
        throw err;
      }
    },

    async cancel(campaignId: string): Promise<void> {
      try {
        await client.workflow.getHandle(campaignWorkflowId(campaignId)).signal(cancelSignal);
      } catch (err) {
        // Already ended (or never started): nothing left to stop.
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
    },
  };
}
