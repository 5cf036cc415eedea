import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import type { AutomationEndReason } from '@zelo/contracts/tickets/events';
import type { CustomerMessage } from './activities.ts';
import {
  type AutomationRunInput,
  automationWorkflowId,
  customerMessageSignal,
  startSignal,
  stopSignal,
  ticketAutomationWorkflow,
} from './workflow.ts';

/**
 * A run's workflow task is milliseconds of work (its local activity's write is heartbeaten past this by
 * the SDK), so a task that does not complete in 5 s was lost: its worker killed or starved, or, on a
 * Temporal server whose database is overloaded, started and never handed over (bench:cluster-flows saw
 * both). Temporal's default of 10 s made each such loss a 10 s wait for the customer.
 */
export const AUTOMATION_TASK_TIMEOUT = '5 seconds' as const;

/**
 * Starts and talks to ticket automation runs from outside Temporal (what the services' dispatcher asks
 * for). Starting is signal-with-start, so a start repeated after a crash joins the running run; the run
 * ignores a message it already has. `connect` gives the client (opened on first use, so that the
 * caller's role starts while Temporal is down).
 */
export function ticketAutomationClient(connect: () => Promise<Client>, taskQueue: string) {
  return {
    async start(input: AutomationRunInput, first: CustomerMessage | null): Promise<void> {
      const options = {
        workflowId: automationWorkflowId(input.runId),
        taskQueue,
        args: [input] as [AutomationRunInput],
        workflowTaskTimeout: AUTOMATION_TASK_TIMEOUT,
      };
      const client = await connect();
      if (first)
        await client.workflow.signalWithStart(ticketAutomationWorkflow, {
          ...options,
          signal: customerMessageSignal,
          signalArgs: [first],
        });
      else
        await client.workflow.signalWithStart(ticketAutomationWorkflow, { ...options, signal: startSignal });
    },

    /** Passes a customer's message on; false when the run's workflow is gone. */
    async message(runId: string, message: CustomerMessage): Promise<boolean> {
      const client = await connect();
      try {
        await client.workflow.getHandle(automationWorkflowId(runId)).signal(customerMessageSignal, message);
        return true;
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) return false;
        throw err;
      }
    },

    async stop(runId: string, reason: AutomationEndReason): Promise<void> {
      const client = await connect();
      try {
        await client.workflow.getHandle(automationWorkflowId(runId)).signal(stopSignal, { reason });
      } catch (err) {
        // Already ended: nothing left to stop.
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
    },
  };
}

export type TicketAutomationClient = ReturnType<typeof ticketAutomationClient>;
