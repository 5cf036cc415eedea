import type { AutomationKind, BotState, TicketEvent, TicketStatus } from '@zelo/contracts/tickets/events';

// A ticket as its stream tells it: the state its events fold into (`evolveTicket`) and the questions
// asked of it; what a command decides against it is in decide-ticket.ts.

export type TicketState =
  | { kind: 'none' }
  | {
      kind: 'exists';
      ticketId: string;
      companyId: string;
      contactId: string;
      isGroup: boolean;
      status: TicketStatus;
      userId: string | null;
      queueId: string | null;
      whatsappId: string;
      deleted: boolean;
      /** Highest conversation-claim revision applied, per conversation stream. */
      claims: Record<string, number>;
      /** The queue chatbot, once it has spoken on this ticket. */
      bot: BotState | null;
      /** Waiting for the customer's rating after an agent resolved the ticket. */
      rating: { status: 'awaiting' | 'reasked'; userId: string | null } | null;
      /** Inbound messages the bot or the rating already answered: a replayed reaction answers nothing. */
      answered: string[];
      /** The flow, prompt, Typebot or Dialogflow run holding the ticket (automation.ts). */
      automation: Automation | null;
      /** Every run started on this ticket, newest last (a replayed start starts nothing). */
      automationRuns: string[];
      /** SLA warnings and breaches recorded, as `<event type>:<clockId>`: a fired timer records each once. */
      slaRecorded: string[];
    };

export interface Automation {
  runId: string;
  kind: AutomationKind;
  refId: string;
  variables: Record<string, string>;
  /** The steps already said, so that a retried step says nothing twice. */
  steps: string[];
}

export const initialTicketState = (): TicketState => ({ kind: 'none' });

export function evolveTicket(state: TicketState, event: TicketEvent): TicketState {
  if (event.type === 'TicketCreated') {
    const d = event.data;
    return {
      kind: 'exists',
      ticketId: d.ticketId,
      companyId: d.companyId,
      contactId: d.contactId,
      isGroup: d.isGroup,
      status: d.status,
      userId: d.userId,
      queueId: d.queueId,
      whatsappId: d.whatsappId,
      deleted: false,
      claims: { [d.claim.conversationId]: d.claim.revision },
      bot: null,
      rating: null,
      answered: [],
      automation: null,
      automationRuns: [],
      slaRecorded: [],
    };
  }
  if (state.kind === 'none') return state;
  switch (event.type) {
    case 'TicketAccepted':
      return {
        ...state,
        status: 'open',
        userId: event.data.userId,
        queueId: event.data.queueId,
        bot: botEnded(state.bot),
        automation: null,
      };
    case 'TicketReturned':
      return { ...state, status: 'pending', userId: null };
    case 'TicketTransferred': {
      const { status, userId, queueId, whatsappId, claim } = event.data;
      const claims = claim ? { ...state.claims, [claim.conversationId]: claim.revision } : state.claims;
      return {
        ...state,
        status,
        userId,
        queueId,
        whatsappId,
        claims,
        bot: botEnded(state.bot),
        automation: null,
      };
    }
    case 'TicketClosed':
      return {
        ...state,
        status: 'closed',
        userId: event.data.userId,
        queueId: event.data.queueId,
        bot: botEnded(state.bot),
        rating: null,
        automation: null,
      };
    case 'TicketReopened': {
      const { userId, queueId, claim } = event.data;
      return {
        ...state,
        status: 'open',
        userId,
        queueId,
        claims: { ...state.claims, [claim.conversationId]: claim.revision },
      };
    }
    case 'TicketBotStepped':
      return { ...state, bot: event.data.bot, answered: [...state.answered, event.data.inReplyTo] };
    case 'TicketBotEnded':
      return { ...state, bot: botEnded(state.bot) };
    case 'TicketQueueAssigned':
      return { ...state, queueId: event.data.queueId };
    case 'TicketRatingRequested':
      return { ...state, rating: { status: 'awaiting', userId: event.data.userId } };
    case 'TicketRatingReasked':
      return {
        ...state,
        rating: state.rating && { ...state.rating, status: 'reasked' },
        answered: [...state.answered, event.data.inReplyTo],
      };
    case 'TicketRated':
      return { ...state, answered: [...state.answered, event.data.inReplyTo] };
    case 'TicketAutomationStarted':
    case 'TicketAutomationReplied':
    case 'TicketVariableSet':
    case 'TicketAutomationEnded':
      return evolveAutomation(state, event);
    case 'TicketDeleted':
      return { ...state, deleted: true };
    case 'TicketMessagesRead':
      return state;
    case 'TicketSlaWarned':
    case 'TicketSlaBreached':
      return { ...state, slaRecorded: [...(state.slaRecorded ?? []), `${event.type}:${event.data.clockId}`] };
  }
}

export type Existing = Extract<TicketState, { kind: 'exists' }>;

type AutomationEvent = Extract<
  TicketEvent,
  {
    type:
      | 'TicketAutomationStarted'
      | 'TicketAutomationReplied'
      | 'TicketVariableSet'
      | 'TicketAutomationEnded';
  }
>;

function evolveAutomation(state: Existing, event: AutomationEvent): Existing {
  const a = state.automation;
  switch (event.type) {
    case 'TicketAutomationStarted': {
      const { runId, kind, refId, inReplyTo } = event.data;
      return {
        ...state,
        automation: { runId, kind, refId, variables: {}, steps: [] },
        automationRuns: [...state.automationRuns, runId],
        answered: inReplyTo ? [...state.answered, inReplyTo] : state.answered,
      };
    }
    case 'TicketAutomationReplied':
      return a?.runId === event.data.runId
        ? { ...state, automation: { ...a, steps: [...a.steps, event.data.stepId] } }
        : state;
    case 'TicketVariableSet':
      return a?.runId === event.data.runId
        ? {
            ...state,
            automation: { ...a, variables: { ...a.variables, [event.data.key]: event.data.value } },
          }
        : state;
    case 'TicketAutomationEnded': {
      const queueId = event.data.queueId;
      return { ...state, automation: null, queueId: queueId === undefined ? state.queueId : queueId };
    }
  }
}

/** What the chatbot decided about one customer message (see chatbot/domain/bot.ts). */
export interface BotStep {
  bot: BotState;
  replies: string[];
  queueId?: string | null;
}

const botEnded = (bot: BotState | null): BotState | null =>
  bot && bot.stage !== 'ended' ? { ...bot, stage: 'ended' } : bot;
export const botIsActive = (t: Existing) => t.bot !== null && t.bot.stage !== 'ended';

/**
 * The bot talks only on a pending ticket nobody took, outside groups, before it ended, and never on a
 * ticket an automation holds or held (it went pending for a human).
 */
export const botMayAnswer = (t: Existing) =>
  !t.deleted &&
  t.automation === null &&
  t.automationRuns.length === 0 &&
  t.status === 'pending' &&
  t.userId === null &&
  !t.isGroup &&
  (t.bot === null ? t.queueId === null : t.bot.stage !== 'ended');

/** A ticket holds its conversation while it is pending or open on that conversation's connection. */
export const isActiveOn = (state: TicketState, whatsappId: string): boolean =>
  state.kind === 'exists' && !state.deleted && state.status !== 'closed' && state.whatsappId === whatsappId;
