import type { OpenAiSettings } from '@zelo/contracts/flows/graph';
import type { AutomationEndReason, AutomationReply } from '@zelo/contracts/tickets/events';

/** One thing a run did between two waits: a message said (idempotent by stepId), or a variable set. */
export type AutomationStep = { stepId: string; replies: AutomationReply[] } | { key: string; value: string };

export interface AutomationEnd {
  reason: AutomationEndReason;
  queueId: string | null;
}

/** A customer's message as the dispatcher signals it (already stored on the ticket). */
export interface CustomerMessage {
  messageId: string;
  body: string;
  mediaType?: string | null;
  mediaUrl?: string | null;
  /** Where the store recorded it (contracts' event-store positions); signals sent before it existed lack it. */
  position?: string;
}

/** What a run's steps came to on the ticket. */
export interface Advanced {
  /** False when the run no longer holds the ticket (it lost it before or during these steps). */
  held: boolean;
  /**
   * Where the last of these steps' messages was recorded, now or by an earlier try of the same steps
   * (null when they said nothing): a customer's message recorded after it was written after them.
   */
  saidAt: string | null;
}

/**
 * Who answers the customer in a conversation-wide handover: a stored prompt, a flow's `openai` node
 * (its settings inline), a Typebot or a Dialogflow integration.
 */
export type Agent =
  | { kind: 'prompt'; promptId: string }
  /** A flow's `openai` node: its key stays sealed in the stored graph, opened by the activity. */
  | { kind: 'openai'; settings: OpenAiSettings; flowId: string; nodeId: string }
  | { kind: 'typebot'; integrationId: string }
  | { kind: 'dialogflow'; integrationId: string };

/** What the agent answered: the replies to send, and whether the conversation leaves it (transfer, finish). */
export interface AgentAnswer {
  replies: AutomationReply[];
  /** Between two replies (a Typebot's `typebotDelayMessage`). */
  delayMs?: number;
  end: { reason: Extract<AutomationEndReason, 'handover' | 'finished'>; queueId: string | null } | null;
}

export interface RunRef {
  ticketId: string;
  companyId: string;
  runId: string;
}

/** The services' side of a run (the app wires the real one: services/src/automation/runtime.ts). */
export interface AutomationActivityDeps {
  /** ReplyFromAutomation; false when the run no longer holds the ticket (accepted, transferred, closed). */
  reply(run: RunRef, stepId: string, replies: AutomationReply[]): Promise<boolean>;
  setVariable(run: RunRef, key: string, value: string): Promise<boolean>;
  end(run: RunRef, reason: AutomationEndReason, queueId: string | null): Promise<void>;
  /**
   * The steps since the last wait, and perhaps the end, as one ticket command (one append). Not held
   * when the run no longer holds the ticket (it lost it before or during these steps; after an end, always).
   */
  advance(run: RunRef, steps: AutomationStep[], end: AutomationEnd | null): Promise<Advanced>;
  /** One turn of the external agent (OpenAI, Typebot, Dialogflow); throws when it is down or answers garbage. */
  ask(run: RunRef, agent: Agent, message: CustomerMessage): Promise<AgentAnswer>;
}

export function createAutomationActivities(deps: AutomationActivityDeps) {
  return {
    /** Says one step of the run; idempotent by stepId. Returns whether the run still holds the ticket. */
    async automationReply(input: { run: RunRef; stepId: string; replies: AutomationReply[] }) {
      return { held: await deps.reply(input.run, input.stepId, input.replies) };
    },
    async automationSetVariable(input: { run: RunRef; key: string; value: string }) {
      return { held: await deps.setVariable(input.run, input.key, input.value) };
    },
    async automationEnd(input: { run: RunRef; reason: AutomationEndReason; queueId: string | null }) {
      await deps.end(input.run, input.reason, input.queueId);
    },
    /** Run as a local activity: what a step said reaches the ticket in the same workflow task. */
    async automationAdvance(input: {
      run: RunRef;
      steps: AutomationStep[];
      end: AutomationEnd | null;
    }): Promise<Advanced> {
      return deps.advance(input.run, input.steps, input.end);
    },
    async automationAsk(input: { run: RunRef; agent: Agent; message: CustomerMessage }) {
      return deps.ask(input.run, input.agent, input.message);
    },
  };
}

export type AutomationActivities = ReturnType<typeof createAutomationActivities>;
