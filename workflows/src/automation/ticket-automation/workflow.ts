import {
  ActivityFailure,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
} from '@temporalio/workflow';
import { comparePositions } from '@zelo/contracts/event-store/positions';
import type { FlowGraph, FlowNode } from '@zelo/contracts/flows/graph';
import type { AutomationEndReason, AutomationKind, AutomationReply } from '@zelo/contracts/tickets/events';
import type {
  Agent,
  AgentAnswer,
  AutomationActivities,
  AutomationStep,
  CustomerMessage,
  RunRef,
} from './activities.ts';
import {
  CONDITION_HANDLES,
  chosenOption,
  conditionMet,
  fillVariables,
  MEDIA_TYPES,
  menuText,
  nextNodeId,
  nodeById,
  orderedElements,
  RANDOMIZER_HANDLES,
  START_NODE_ID,
} from './flow.ts';

/** One workflow per run: the dispatcher signals it by name. */
export const automationWorkflowId = (runId: string) => `automation-${runId}`;

/**
 * Runs that start with this patch say what they walked between two waits in one local activity
 * (`automationAdvance`); runs started before it finish on one activity per message and variable.
 */
export const ADVANCE_IN_ONE_STEP = 'advance-in-one-step';

/**
 * Runs that start with this patch tell what the customer said before their first question by where the
 * store recorded it against where the question was said; runs started before it by which workflow
 * activation the message came in, which a timed-out workflow task gets wrong (its retry hears the
 * answer in the same activation as the question's start, and dropped it).
 */
export const ANSWER_AFTER_QUESTION = 'answer-after-question';

/** Steps (nodes walked, messages answered) of one workflow run before it continues as new. */
export const STEPS_PER_RUN = 150;

/** Where a run stands: on a flow node, or handed over to an agent that answers every message. */
export type Position = { at: 'node'; nodeId: string } | { at: 'agent'; agent: Agent };

export interface AutomationRunInput extends RunRef {
  kind: AutomationKind;
  refId: string;
  /** The flow as it was when the run started: an edit of the flow does not change a run in progress. */
  graph: FlowGraph | null;
  /** How long a wait for the customer's reply may last before the run ends (ticket pending for a human). */
  replyTimeoutMs: number;
  /** What a continued run inherits. */
  carry?: {
    position: Position;
    visits: Record<string, number>;
    variables: Record<string, string>;
    seen: string[];
    inbox: CustomerMessage[];
  };
}

export const customerMessageSignal = defineSignal<[CustomerMessage]>('customerMessage');
/** The dispatcher started (or re-started) the run without a message to pass on. */
export const startSignal = defineSignal('start');
/** A person took the ticket (accepted, transferred, closed): stop at once, say nothing more. */
export const stopSignal = defineSignal<[{ reason: AutomationEndReason }]>('stop');

export interface AutomationProgress {
  position: Position | null;
  waiting: boolean;
  variables: Record<string, string>;
}
export const progressQuery = defineQuery<AutomationProgress>('progress');

const { automationReply, automationSetVariable, automationEnd } = proxyActivities<AutomationActivities>({
  startToCloseTimeout: '30 seconds',
  // Ticket commands: an outage of the database delays the run, it does not end it.
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});
// A local activity: a step's ticket command runs inside the workflow task that decided it, so an answer
// costs one workflow task and one append instead of a task and an activity per node.
const { automationAdvance } = proxyLocalActivities<AutomationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});
const { automationAsk } = proxyActivities<AutomationActivities>({
  // An external agent (OpenAI, Typebot, Dialogflow) down or slow: a few tries, then a human takes over.
  startToCloseTimeout: '45 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});

type Outcome = { end: AutomationEndReason; queueId: string | null } | 'released' | 'continue';

/**
 * A ticket automation run (BEHAVIOUR.md "Flow builder runtime", "AI prompts", "Queue integrations"): a
 * flow walked node by node along its edges from the start node, or a prompt / Typebot / Dialogflow
 * agent answering each customer message, until the run ends, times out waiting, fails, or a person
 * takes the ticket. Every side effect is a ticket command through an activity, idempotent by step id
 * (node id and visit), so a replayed or retried step says nothing twice.
 */
export async function ticketAutomationWorkflow(input: AutomationRunInput): Promise<string> {
  const run: RunRef = { ticketId: input.ticketId, companyId: input.companyId, runId: input.runId };
  const graph = input.graph;
  const visits: Record<string, number> = { ...input.carry?.visits };
  const variables: Record<string, string> = { ...input.carry?.variables };
  const seen = new Set<string>(input.carry?.seen ?? []);
  const inbox: CustomerMessage[] = [...(input.carry?.inbox ?? [])];
  let stopped: AutomationEndReason | null = null;
  let steps = 0;
  let position: Position | null = input.carry?.position ?? initialPosition(input);
  const progress: AutomationProgress = { position, waiting: false, variables };
  // Decided once per run: a run in flight when this code landed replays without the marker and keeps
  // the old way to its end.
  const batched = patched(ADVANCE_IN_ONE_STEP);
  const byPosition = batched && patched(ANSWER_AFTER_QUESTION);
  /** Where the last flush's messages were recorded (batched runs only). */
  let saidAt: string | null = null;
  /** Where the run's first question was said (byPosition runs): what was recorded before answers nothing. */
  let firstQuestionAt: string | null = null;
  /** Said or set since the last wait, not yet on the ticket (batched runs only). */
  const pending: AutomationStep[] = [];
  /** Whether the customer answered anything yet (a question or an agent's turn). */
  let heardAnswer = input.carry !== undefined;

  setHandler(customerMessageSignal, (m) => {
    if (seen.has(m.messageId)) return;
    seen.add(m.messageId);
    inbox.push(m);
  });
  setHandler(startSignal, () => {});
  setHandler(stopSignal, ({ reason }) => {
    stopped = reason;
  });
  setHandler(progressQuery, () => ({ ...progress, position }));

  while (position) {
    if (stopped) return `stopped:${stopped}`;
    if (++steps > STEPS_PER_RUN) {
      if (batched && !(await flush())) return stopped ? `stopped:${stopped}` : 'released';
      return continueAsNew<typeof ticketAutomationWorkflow>({
        ...input,
        carry: { position, visits, variables, seen: [...seen].slice(-200), inbox },
      });
    }
    const outcome: Outcome | Position =
      position.at === 'node' ? await walk(position.nodeId) : await converse(position.agent);
    if (outcome === 'released') return stopped ? `stopped:${stopped}` : 'released';
    if (outcome === 'continue') continue;
    if ('end' in outcome) {
      if (stopped) return `stopped:${stopped}`;
      const end = { reason: outcome.end, queueId: outcome.queueId };
      if (batched) await flush(end);
      else await automationEnd({ run, ...end });
      return outcome.end;
    }
    position = outcome;
  }
  return 'finished';

  /** Runs one node; answers where to go next. */
  async function walk(nodeId: string): Promise<Outcome | Position> {
    const node = graph ? nodeById(graph, nodeId) : null;
    if (!graph || !node) return { end: 'finished', queueId: null };
    const visit = (visits[nodeId] ?? 0) + 1;
    visits[nodeId] = visit;
    const step = `${nodeId}:${visit}`;
    const next = (handle?: string): Outcome | Position => {
      const to = nextNodeId(graph, nodeId, handle);
      return to ? { at: 'node', nodeId: to } : { end: 'finished', queueId: null };
    };
    switch (node.type) {
      case 'start':
        return next();
      case 'message':
        return (await say(step, [{ body: fillVariables(node.data.label, variables) }])) ? next() : 'released';
      case 'interval':
        return (await pause(node.data.sec * 1000)) ? next() : 'released';
      case 'img':
      case 'audio':
      case 'video':
        return (await say(step, [media(node.type, node.data.url)])) ? next() : 'released';
      case 'singleBlock':
        return (await block(node, step)) ? next() : 'released';
      case 'randomizer':
        return next(
          Math.random() * 100 < node.data.percent ? RANDOMIZER_HANDLES.chosen : RANDOMIZER_HANDLES.rest,
        );
      case 'condition':
        return next(conditionMet(node.data, variables) ? CONDITION_HANDLES.met : CONDITION_HANDLES.unmet);
      case 'menu': {
        const reply = await ask(step, menuText(node.data));
        if (!isMessage(reply)) return reply;
        const n = chosenOption(node.data, reply.body);
        // An answer that is no option: the menu again (a new visit, so a new step).
        return n === null ? { at: 'node', nodeId } : next(`a${n}`);
      }
      case 'question': {
        const { message, answerKey } = node.data.typebotIntegration;
        const reply = await ask(step, fillVariables(message, variables));
        if (!isMessage(reply)) return reply;
        variables[answerKey] = reply.body;
        return (await setVariable(answerKey, reply.body)) ? next() : 'released';
      }
      case 'ticket':
        return { end: 'handover', queueId: String(node.data.queue.id) };
      case 'openai': {
        return {
          at: 'agent',
          agent: { kind: 'openai', settings: node.data.typebotIntegration, flowId: input.refId, nodeId },
        };
      }
      case 'typebot':
        return {
          at: 'agent',
          agent: { kind: 'typebot', integrationId: String(node.data.typebotIntegration.id) },
        };
    }
  }

  /** An agent answers the customer's messages, one by one, until it lets go or the customer goes quiet. */
  async function converse(agent: Agent): Promise<Outcome | Position> {
    const m = await nextMessage();
    if (!isMessage(m)) return m;
    let answer: AgentAnswer;
    try {
      answer = await automationAsk({ run, agent, message: m });
    } catch (err) {
      if (err instanceof ActivityFailure) return { end: 'failed', queueId: null };
      throw err;
    }
    // A Typebot's messages go out `delayMs` apart, each its own step; other agents answer in one.
    const batches = answer.delayMs ? answer.replies.map((r) => [r]) : [answer.replies];
    for (const [i, replies] of batches.entries()) {
      if (replies.length === 0) continue;
      if (i > 0 && !(await pause(answer.delayMs ?? 0))) return 'released';
      if (!(await say(`answer:${m.messageId}:${i}`, replies))) return 'released';
    }
    if (answer.end) return { end: answer.end.reason, queueId: answer.end.queueId };
    return 'continue';
  }

  async function block(node: Extract<FlowNode, { type: 'singleBlock' }>, step: string): Promise<boolean> {
    for (const [i, e] of orderedElements(node.data).entries()) {
      if (stopped) return false;
      if (e.type === 'interval') {
        if (!(await pause(Number(e.value) * 1000))) return false;
      } else if (e.type === 'message') {
        if (!(await say(`${step}:${i}`, [{ body: fillVariables(String(e.value), variables) }]))) return false;
      } else if (!(await say(`${step}:${i}`, [media(e.type, String(e.value))]))) return false;
    }
    return true;
  }

  /**
   * Sends, then waits for the customer's answer. What the customer said before the run's first question
   * answers nothing; after that, batched runs keep what came while the last step ran (two answers typed
   * quickly answer two questions), where older runs heard only what came after each question.
   */
  async function ask(step: string, text: string): Promise<CustomerMessage | Outcome> {
    const first = !heardAnswer;
    if (!batched || (first && !byPosition)) inbox.length = 0;
    // What came before the question, for signals without a position (sent before positions were).
    const earlier = new Set(inbox.map((m) => m.messageId));
    if (!(await say(step, [{ body: text }]))) return 'released';
    if (first && byPosition) {
      if (!(await flush())) return 'released';
      firstQuestionAt = saidAt;
      const kept = inbox.filter((m) => m.position || !earlier.has(m.messageId));
      inbox.splice(0, inbox.length, ...kept);
    }
    return nextMessage();
  }

  /**
   * Whether a message may answer what the run waits for: anything, but for the first question only what
   * was recorded after the question was, whichever workflow activation brought it (a retried task hears
   * every signal at once; a dispatcher behind passes an early message on late).
   */
  function mayAnswer(m: CustomerMessage): boolean {
    if (heardAnswer || !firstQuestionAt || !m.position) return true;
    return comparePositions(m.position, firstQuestionAt) > 0;
  }

  async function nextMessage(): Promise<CustomerMessage | Outcome> {
    if (batched && !(await flush())) return 'released';
    progress.waiting = true;
    const got = await condition(() => inbox.some(mayAnswer) || stopped !== null, input.replyTimeoutMs);
    progress.waiting = false;
    if (stopped) return 'released';
    if (!got) return { end: 'timeout', queueId: null };
    // What came before the answer could not answer: dropped with it.
    const answer = inbox.splice(0, inbox.findIndex(mayAnswer) + 1).at(-1) as CustomerMessage;
    heardAnswer = true;
    return answer;
  }

  async function say(stepId: string, replies: AutomationReply[]): Promise<boolean> {
    if (stopped) return false;
    if (batched) {
      pending.push({ stepId, replies });
      return true;
    }
    return (await automationReply({ run, stepId, replies })).held && !stopped;
  }

  async function setVariable(key: string, value: string): Promise<boolean> {
    if (batched) {
      pending.push({ key, value });
      return !stopped;
    }
    return (await automationSetVariable({ run, key, value })).held;
  }

  /** What was walked since the last wait reaches the ticket (before a wait, an agent's turn, the end). */
  async function flush(end: { reason: AutomationEndReason; queueId: string | null } | null = null) {
    if (stopped) return false;
    if (pending.length === 0 && !end) return true;
    const steps = pending.splice(0);
    const advanced = await automationAdvance({ run, steps, end });
    // Histories recorded before `saidAt` existed replay their markers without it.
    saidAt = advanced.saidAt ?? saidAt;
    return advanced.held && !stopped;
  }

  /** Waits `ms` (what was said before goes out first); false when the run no longer holds the ticket. */
  async function pause(ms: number): Promise<boolean> {
    if (batched && !(await flush())) return false;
    if (ms > 0) await condition(() => stopped !== null, ms);
    return !stopped;
  }
}

const isMessage = (x: CustomerMessage | Outcome): x is CustomerMessage =>
  typeof x === 'object' && 'messageId' in x;

function initialPosition(input: AutomationRunInput): Position {
  switch (input.kind) {
    case 'flow':
      return { at: 'node', nodeId: START_NODE_ID };
    case 'prompt':
      return { at: 'agent', agent: { kind: 'prompt', promptId: input.refId } };
    case 'typebot':
    case 'dialogflow':
      return { at: 'agent', agent: { kind: input.kind, integrationId: input.refId } };
  }
}

function media(type: keyof typeof MEDIA_TYPES, url: string): AutomationReply {
  return { body: '', mediaType: MEDIA_TYPES[type], mediaUrl: url };
}
