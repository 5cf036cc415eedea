import { DomainError } from '@zelo/contracts/errors';
import type {
  AutomationEndReason,
  AutomationKind,
  AutomationReply,
  AutomationTrigger,
  TicketEvent,
} from '@zelo/contracts/tickets/events';
import { type Existing, evolveTicket, type TicketState } from './ticket.ts';

// What a ticket automation (a flow run, an AI prompt, a Typebot session, a Dialogflow agent) may ask of
// the ticket it holds. Each command names its run: a command of a run that no longer holds the ticket
// (an agent accepted it, it ended) decides nothing, and the workflow learns so from the answer.

export type AutomationCommand =
  | {
      type: 'StartAutomation';
      runId: string;
      kind: AutomationKind;
      refId: string;
      trigger: AutomationTrigger;
      inReplyTo: string | null;
    }
  /** Idempotent by `stepId` (the node id and its visit): a retried activity says nothing twice. */
  | {
      type: 'ReplyFromAutomation';
      runId: string;
      stepId: string;
      replies: AutomationReply[];
      /** The ids the replies will be queued under (see TicketAutomationReplied). */
      messageIds?: string[];
    }
  | { type: 'SetTicketVariable'; runId: string; key: string; value: string }
  /** With `queueId`, the ticket moves to that queue, pending for a human. */
  | { type: 'EndAutomation'; runId: string; reason: AutomationEndReason; queueId?: string | null }
  /**
   * What a run did between two waits, in order, decided as one append: the answer's variable, the
   * messages up to the next question, perhaps the end. Each part decides as its own command would.
   */
  | {
      type: 'AdvanceAutomation';
      runId: string;
      steps: AutomationStep[];
      end?: { reason: AutomationEndReason; queueId: string | null } | null;
    };

export type AutomationStep =
  | { stepId: string; replies: AutomationReply[]; messageIds?: string[] }
  | { key: string; value: string };

type Cmd<T extends AutomationCommand['type']> = Extract<AutomationCommand, { type: T }>;

function existing(state: TicketState): Existing {
  if (state.kind === 'none' || state.deleted)
    throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
  return state;
}

const runOf = (t: Existing, runId: string) => ({ ticketId: t.ticketId, companyId: t.companyId, runId });

/** Whether `runId` holds the ticket now: what a workflow asks before (and learns after) each step. */
export const automationHolds = (state: TicketState, runId: string) =>
  state.kind === 'exists' && !state.deleted && state.automation?.runId === runId;

/** A run starts on a pending ticket nobody took, once per runId, replacing a run still holding it. */
function startAutomation(c: Cmd<'StartAutomation'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.automationRuns.includes(c.runId)) return [];
  if (t.status !== 'pending' || t.userId !== null || t.isGroup) return [];
  if (c.inReplyTo && t.answered.includes(c.inReplyTo)) return [];
  const events: TicketEvent[] = [];
  if (t.automation)
    events.push({
      type: 'TicketAutomationEnded',
      data: { ...runOf(t, t.automation.runId), reason: 'handover' },
    });
  const { runId, kind, refId, trigger, inReplyTo } = c;
  events.push({
    type: 'TicketAutomationStarted',
    data: { ...runOf(t, runId), kind, refId, trigger, inReplyTo },
  });
  return events;
}

function replyFromAutomation(c: Cmd<'ReplyFromAutomation'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (!automationHolds(t, c.runId) || t.automation?.steps.includes(c.stepId) || c.replies.length === 0)
    return [];
  const { stepId, replies, messageIds } = c;
  const data = { ...runOf(t, c.runId), stepId, replies };
  return [{ type: 'TicketAutomationReplied', data: messageIds ? { ...data, messageIds } : data }];
}

function setTicketVariable(c: Cmd<'SetTicketVariable'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (!automationHolds(t, c.runId) || t.automation?.variables[c.key] === c.value) return [];
  return [{ type: 'TicketVariableSet', data: { ...runOf(t, c.runId), key: c.key, value: c.value } }];
}

function endAutomation(c: Cmd<'EndAutomation'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (!automationHolds(t, c.runId)) return [];
  const ref = runOf(t, c.runId);
  const moves = c.queueId !== undefined && c.queueId !== null && c.queueId !== t.queueId;
  const ended: TicketEvent = {
    type: 'TicketAutomationEnded',
    data: moves ? { ...ref, reason: c.reason, queueId: c.queueId } : { ...ref, reason: c.reason },
  };
  if (!moves) return [ended];
  const { ticketId, companyId } = t;
  return [
    ended,
    {
      type: 'TicketQueueAssigned',
      data: { ticketId, companyId, queueId: c.queueId ?? null, reason: 'automation' },
    },
  ];
}

/** Each part against the state the previous parts left; a part of a run that lost the ticket decides nothing. */
function advanceAutomation(c: Cmd<'AdvanceAutomation'>, state: TicketState): TicketEvent[] {
  existing(state);
  const parts: AutomationCommand[] = c.steps.map((s) =>
    'stepId' in s
      ? { type: 'ReplyFromAutomation', runId: c.runId, ...s }
      : { type: 'SetTicketVariable', runId: c.runId, key: s.key, value: s.value },
  );
  if (c.end) parts.push({ type: 'EndAutomation', runId: c.runId, ...c.end });
  const events: TicketEvent[] = [];
  let now = state;
  for (const part of parts) {
    for (const e of decideAutomation(part, now)) {
      events.push(e);
      now = evolveTicket(now, e);
    }
  }
  return events;
}

export function decideAutomation(command: AutomationCommand, state: TicketState): TicketEvent[] {
  switch (command.type) {
    case 'AdvanceAutomation':
      return advanceAutomation(command, state);
    case 'StartAutomation':
      return startAutomation(command, state);
    case 'ReplyFromAutomation':
      return replyFromAutomation(command, state);
    case 'SetTicketVariable':
      return setTicketVariable(command, state);
    case 'EndAutomation':
      return endAutomation(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
