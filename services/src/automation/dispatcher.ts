import type { FlowGraph } from '@zelo/contracts/flows/graph';
import type { AutomationEndReason, AutomationKind } from '@zelo/contracts/tickets/events';
import { loadFlowGraph } from '@zelo/projections/flows/queries';
import type { Actor, Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { idFromName } from '../platform/ids.ts';
import type { Existing } from '../tickets/domain/ticket.ts';
import { runTicketCommand } from '../tickets/handlers.ts';
import type { TriggerReads } from './trigger-reads.ts';
import { type AutomationChoice, chooseAutomation, queueAutomation } from './triggers.ts';

/** A customer's message as a run receives it. */
export interface RunMessage {
  messageId: string;
  body: string;
  mediaType?: string | null;
  mediaUrl?: string | null;
  /** Where the store recorded it: a run tells by it whether it came after its question was said. */
  position?: string;
}

/** What a run starts with (workflows' AutomationRunInput). */
export interface RunStart {
  ticketId: string;
  companyId: string;
  runId: string;
  kind: AutomationKind;
  refId: string;
  graph: FlowGraph | null;
  replyTimeoutMs: number;
}

/** The durable runs, kept outside this package (Temporal's ticketAutomation workflow, wired by the app). */
export interface AutomationRuns {
  /** Signal-with-start: a start repeated after a crash joins the run already going. */
  start(run: RunStart, first: RunMessage | null): Promise<void>;
  /** False when the run's workflow is gone. */
  message(runId: string, message: RunMessage): Promise<boolean>;
  stop(runId: string, reason: AutomationEndReason): Promise<void>;
}

/** ZELO_FLOW_REPLY_TIMEOUT_MINUTES (default 30): how long a run waits for the customer's answer. */
export const replyTimeoutMsFromEnv = (env: NodeJS.ProcessEnv = process.env) => {
  const minutes = Number(env.ZELO_FLOW_REPLY_TIMEOUT_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 30) * 60_000;
};

/**
 * The automation half of the one place that decides who answers an inbound message (the chatbot
 * reactor): a run holding the ticket gets the message; else a trigger may start one. Starting is the
 * StartAutomation command first (its runId derived from the message, so a replayed batch starts
 * nothing twice), then signal-with-start of the run's workflow.
 */
export function automationDispatcher(deps: Deps, pool: Pool, runs: AutomationRuns, replyTimeoutMs: number) {
  return {
    /**
     * True when an automation holds or takes the ticket: the queue chatbot stays quiet. `reads`: the
     * reactor's batch reads (trigger-reads.ts), so a burst of messages asks the read models once.
     */
    async inbound(ticket: Existing, message: RunMessage, who: Actor, reads?: TriggerReads): Promise<boolean> {
      const startedBy = idFromName('automation-run', message.messageId);
      if (ticket.automation) {
        const { runId, kind, refId } = ticket.automation;
        // The message that started this run, again (a crash between the start and its workflow): rejoin.
        if (runId === startedBy)
          return start(ticket, { kind, refId, trigger: 'phrase' }, runId, message, who, message.messageId);
        if (ticket.answered.includes(message.messageId)) return true;
        if (!(await runs.message(runId, message)))
          await runTicketCommand(
            deps,
            ticket.ticketId,
            { type: 'EndAutomation', runId, reason: 'failed' },
            who,
          );
        return true;
      }
      if (ticket.status !== 'pending' || ticket.userId !== null || ticket.isGroup) return false;
      const choice = await chooseAutomation(pool, ticket, message.body, reads);
      if (!choice) return false;
      return start(ticket, choice, startedBy, message, who, message.messageId);
    },

    /**
     * The chatbot put the ticket in a queue: a queue whose integration or prompt answers takes it at once,
     * starting with the message that chose it (a Typebot greets, a prompt answers; a flow starts anyway).
     */
    async queueChosen(ticket: Existing, chosenBy: RunMessage, who: Actor): Promise<boolean> {
      if (!ticket.queueId || ticket.automation || ticket.automationRuns.length > 0) return false;
      const choice = await queueAutomation(pool, ticket.companyId, ticket.queueId, 'chatbot');
      if (!choice) return false;
      const runId = idFromName('automation-run', `${chosenBy.messageId}:queue`);
      // The chatbot answered that message already (its choice): the run is no answer to it, it passes it on.
      return start(ticket, choice, runId, chosenBy, who, null);
    },

    /** A person took the ticket: its run stops waiting (the ticket already let go of it). */
    async takenOver(ticket: Existing, reason: AutomationEndReason): Promise<void> {
      const last = ticket.automationRuns.at(-1);
      if (last && !ticket.automation) await runs.stop(last, reason);
    },
  };

  async function start(
    ticket: Existing,
    choice: AutomationChoice,
    runId: string,
    first: RunMessage | null,
    who: Actor,
    /** The message the start answers (a replayed batch starts nothing twice). */
    inReplyTo: string | null,
  ): Promise<boolean> {
    let graph: FlowGraph | null = null;
    if (choice.kind === 'flow') {
      const flow = await loadFlowGraph(pool, ticket.companyId, choice.refId);
      if (!flow) return false;
      graph = flow.graph;
    }
    const r = await runTicketCommand(
      deps,
      ticket.ticketId,
      { type: 'StartAutomation', runId, ...choice, inReplyTo },
      who,
    );
    // Started now, or by the batch a crash interrupted: either way the workflow is (re)joined.
    if (r.state.kind !== 'exists' || r.state.automation?.runId !== runId) return false;
    const { ticketId, companyId } = ticket;
    // A flow starts at its start node (its phrase is no answer to anything); an agent answers the message.
    await runs.start(
      { ticketId, companyId, runId, kind: choice.kind, refId: choice.refId, graph, replyTimeoutMs },
      choice.kind === 'flow' ? null : first,
    );
    return true;
  }
}

export type AutomationDispatcher = ReturnType<typeof automationDispatcher>;
