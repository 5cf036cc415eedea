import { DomainError } from '@zelo/contracts/errors';
import type {
  AutomationEndReason,
  AutomationKind,
  AutomationReply,
  AutomationTrigger,
  TicketEvent,
} from '@zelo/contracts/tickets/events';
import type { Existing, TicketState } from './ticket.ts';

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
  | { type: 'ReplyFromAutomation'; runId: string; stepId: string; replies: AutomationReply[] }
  | { type: 'SetTicketVariable'; runId: string; key: string; value: string }
  /** With `queueId`, the ticket moves to that queue, pending for a human. */
  | { type: 'EndAutomation'; runId: string; reason: AutomationEndReason; queueId?: string | null };

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
  return [
    { type: 'TicketAutomationReplied', data: { ...runOf(t, c.runId), stepId: c.stepId, replies: c.replies } },
  ];
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

export function decideAutomation(command: AutomationCommand, state: TicketState): TicketEvent[] {
  switch (command.type) {
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
