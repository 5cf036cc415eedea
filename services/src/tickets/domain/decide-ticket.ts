import { DomainError } from '@zelo/contracts/errors';
import type { TicketTimerCommand } from '@zelo/contracts/tickets/commands';
import type { ConversationTicketClaimed, TicketEvent, TicketStatus } from '@zelo/contracts/tickets/events';
import { type AutomationCommand, decideAutomation } from './automation.ts';
import { type BotStep, botIsActive, botMayAnswer, type Existing, type TicketState } from './ticket.ts';

// What can be asked of a ticket, and what each request decides against the ticket as its stream tells
// it (ticket.ts): one small function per command, and `decideTicket`, their exhaustive switch.

export type TicketCommand =
  | { type: 'ApplyClaim'; conversationId: string; revision: number; claim: ConversationTicketClaimed['data'] }
  | { type: 'AcceptTicket'; userId: string; queueId: string | null }
  | { type: 'ReturnTicket' }
  | { type: 'TransferTicket'; userId: string | null; queueId: string | null }
  /** `rating` set (userRating enabled): ask the customer to rate first; the ticket closes on the answer. */
  | { type: 'CloseTicket'; userId: string | null; rating?: { message: string } }
  /** A campaign opened the ticket to carry its message: closed unless somebody took it up meanwhile. */
  | { type: 'CloseCampaignTicket' }
  | { type: 'AnswerWithBot'; messageId: string; respond: (t: Existing) => BotStep | null }
  | { type: 'AnswerRating'; messageId: string; body: string; reask: string }
  | TicketTimerCommand
  | AutomationCommand
  | { type: 'DeleteTicket' }
  | { type: 'MarkTicketRead'; userId: string };

const RATES = { '1': 1, '2': 2, '3': 3 } as const;

type Cmd<T extends TicketCommand['type']> = Extract<TicketCommand, { type: T }>;

function existing(state: TicketState): Existing {
  if (state.kind === 'none' || state.deleted)
    throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
  return state;
}

const refOf = (t: Existing) => ({ ticketId: t.ticketId, companyId: t.companyId });

/** Applies a conversation claim once; a claim already applied (or superseded) decides nothing. */
function applyClaim(c: Cmd<'ApplyClaim'>, state: TicketState): TicketEvent[] {
  const claim = { conversationId: c.conversationId, revision: c.revision };
  const d = c.claim;
  if (state.kind === 'none') {
    if (d.reason !== 'created') return [];
    const { ticketId, companyId, contactId, isGroup, status, userId, queueId, whatsappId } = d;
    return [
      {
        type: 'TicketCreated',
        data: { ticketId, companyId, contactId, isGroup, status, userId, queueId, whatsappId, claim },
      },
    ];
  }
  if (state.deleted || (state.claims[c.conversationId] ?? -1) >= c.revision) return [];
  const ref = { ticketId: state.ticketId, companyId: state.companyId };
  if (d.reason === 'reopened') {
    return [{ type: 'TicketReopened', data: { ...ref, userId: d.userId, queueId: d.queueId, claim } }];
  }
  if (d.reason === 'moved') {
    const from = { userId: state.userId, queueId: state.queueId, whatsappId: state.whatsappId };
    const { status, userId, queueId, whatsappId } = d;
    return [
      { type: 'TicketTransferred', data: { ...ref, from, status, userId, queueId, whatsappId, claim } },
    ];
  }
  return [];
}

function acceptTicket(command: Cmd<'AcceptTicket'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.status === 'open' && t.userId === command.userId) return [];
  if (t.status !== 'pending') throw transition(t.status, 'accept');
  const queueId = command.queueId ?? t.queueId;
  return [{ type: 'TicketAccepted', data: { ...refOf(t), userId: command.userId, queueId } }];
}

function returnTicket(state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.status === 'pending') return [];
  if (t.status !== 'open') throw transition(t.status, 'return');
  return [{ type: 'TicketReturned', data: { ...refOf(t), previousUserId: t.userId } }];
}

function transferTicket(command: Cmd<'TransferTicket'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.status === 'closed') throw transition(t.status, 'transfer');
  const status = command.userId ? 'open' : 'pending';
  if (t.userId === command.userId && t.queueId === command.queueId && t.status === status) return [];
  const from = { userId: t.userId, queueId: t.queueId, whatsappId: t.whatsappId };
  const { userId, queueId } = command;
  return [
    {
      type: 'TicketTransferred',
      data: { ...refOf(t), from, status, userId, queueId, whatsappId: t.whatsappId, claim: null },
    },
  ];
}

function closeTicket(command: Cmd<'CloseTicket'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.status === 'closed') return [];
  const ref = refOf(t);
  const userId = command.userId ?? t.userId;
  // A second "resolve" while the customer has not rated closes at once: the agent's way out.
  if (command.rating && !t.isGroup && t.rating === null && t.status === 'open') {
    return [{ type: 'TicketRatingRequested', data: { ...ref, userId, message: command.rating.message } }];
  }
  return [{ type: 'TicketClosed', data: { ...ref, userId, queueId: t.queueId, reason: 'resolved' } }];
}

/**
 * Only a ticket nobody works on (open, no agent, no queue: how a campaign opens it) closes; a
 * conversation an agent, a queue or the chatbot holds keeps going with the campaign's message in it.
 */
function closeCampaignTicket(state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.status !== 'open' || t.userId !== null || t.queueId !== null) return [];
  return [{ type: 'TicketClosed', data: { ...refOf(t), userId: null, queueId: null, reason: 'campaign' } }];
}

function answerWithBot(command: Cmd<'AnswerWithBot'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.answered.includes(command.messageId) || !botMayAnswer(t)) return [];
  const step = command.respond(t);
  if (!step) return [];
  const ref = refOf(t);
  const events: TicketEvent[] = [
    {
      type: 'TicketBotStepped',
      data: { ...ref, inReplyTo: command.messageId, bot: step.bot, replies: step.replies },
    },
  ];
  if (step.queueId !== undefined && step.queueId !== t.queueId)
    events.push({ type: 'TicketQueueAssigned', data: { ...ref, queueId: step.queueId, reason: 'bot' } });
  return events;
}

function endBot(command: Cmd<'EndBot'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  return botIsActive(t) ? [{ type: 'TicketBotEnded', data: { ...refOf(t), reason: command.reason } }] : [];
}

function transferUnanswered(command: Cmd<'TransferUnanswered'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.status !== 'pending' || t.userId !== null || t.queueId === command.queueId) return [];
  const ref = refOf(t);
  return [
    { type: 'TicketQueueAssigned', data: { ...ref, queueId: command.queueId, reason: 'timeToTransfer' } },
    ...(botIsActive(t)
      ? [{ type: 'TicketBotEnded' as const, data: { ...ref, reason: 'transferred' as const } }]
      : []),
  ];
}

function answerRating(command: Cmd<'AnswerRating'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (!t.rating || t.status === 'closed' || t.answered.includes(command.messageId)) return [];
  const ref = refOf(t);
  const rate = RATES[command.body.trim() as keyof typeof RATES];
  const closed = (reason: 'rated' | 'unrated'): TicketEvent => ({
    type: 'TicketClosed',
    data: { ...ref, userId: t.rating?.userId ?? t.userId, queueId: t.queueId, reason },
  });
  const inReplyTo = command.messageId;
  if (rate) {
    return [
      { type: 'TicketRated', data: { ...ref, userId: t.rating.userId, inReplyTo, rate } },
      closed('rated'),
    ];
  }
  // Only 1-3 count: anything else asks once more, then the ticket closes without a rating.
  if (t.rating.status === 'awaiting') {
    return [{ type: 'TicketRatingReasked', data: { ...ref, inReplyTo, message: command.reask } }];
  }
  return [closed('unrated')];
}

function closeInactive(state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.status !== 'open') return [];
  return [
    {
      type: 'TicketClosed',
      data: { ...refOf(t), userId: t.userId, queueId: t.queueId, reason: 'inactive' },
    },
  ];
}

/**
 * The SLA warnings and breaches a fired timer found due, each recorded once per clock. A ticket closed
 * meanwhile (its clocks stopped before the read model said so) records none.
 */
function recordSlaAlerts(command: Cmd<'RecordSlaAlerts'>, state: TicketState): TicketEvent[] {
  const t = existing(state);
  if (t.status === 'closed') return [];
  const recorded = new Set(t.slaRecorded ?? []);
  const events: TicketEvent[] = [];
  for (const { type, ...alert } of command.alerts) {
    const key = `${type}:${alert.clockId}`;
    if (recorded.has(key)) continue;
    recorded.add(key);
    events.push({ type, data: { ...refOf(t), ...alert } });
  }
  return events;
}

function deleteTicket(state: TicketState): TicketEvent[] {
  return [{ type: 'TicketDeleted', data: refOf(existing(state)) }];
}

function markTicketRead(command: Cmd<'MarkTicketRead'>, state: TicketState): TicketEvent[] {
  return [{ type: 'TicketMessagesRead', data: { ...refOf(existing(state)), userId: command.userId } }];
}

export function decideTicket(command: TicketCommand, state: TicketState): TicketEvent[] {
  switch (command.type) {
    case 'ApplyClaim':
      return applyClaim(command, state);
    case 'AcceptTicket':
      return acceptTicket(command, state);
    case 'ReturnTicket':
      return returnTicket(state);
    case 'TransferTicket':
      return transferTicket(command, state);
    case 'CloseTicket':
      return closeTicket(command, state);
    case 'CloseCampaignTicket':
      return closeCampaignTicket(state);
    case 'AnswerWithBot':
      return answerWithBot(command, state);
    case 'EndBot':
      return endBot(command, state);
    case 'TransferUnanswered':
      return transferUnanswered(command, state);
    case 'AnswerRating':
      return answerRating(command, state);
    case 'CloseInactive':
      return closeInactive(state);
    case 'RecordSlaAlerts':
      return recordSlaAlerts(command, state);
    case 'DeleteTicket':
      return deleteTicket(state);
    case 'MarkTicketRead':
      return markTicketRead(command, state);
    case 'StartAutomation':
    case 'ReplyFromAutomation':
    case 'SetTicketVariable':
    case 'EndAutomation':
    case 'AdvanceAutomation':
      return decideAutomation(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

const transition = (status: TicketStatus, action: string) =>
  new DomainError('ERR_INVALID_TICKET_TRANSITION', `a ${status} ticket cannot ${action}`);
