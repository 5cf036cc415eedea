import * as v from 'valibot';
import { event, Id, IsoDate, NullableId, TextUpTo } from '../common.ts';

export const TicketStatus = v.picklist(['pending', 'open', 'closed']);
export type TicketStatus = v.InferOutput<typeof TicketStatus>;

/** Where a ticket sits: who owns it, in which queue, on which connection. */
const Placement = { status: TicketStatus, userId: NullableId, queueId: NullableId, whatsappId: Id };

/**
 * A conversation is one contact on one connection. Its stream decides which ticket is the
 * active one, so that two racing commands can never leave two open tickets for the same pair.
 * A claim carries the full placement it grants, so that whoever finds a claim not yet applied to
 * its ticket (the writer crashed in between) can apply it.
 */
export const ConversationTicketClaimed = event('ConversationTicketClaimed', {
  companyId: Id,
  contactId: Id,
  ticketId: Id,
  reason: v.picklist(['created', 'reopened', 'moved']),
  isGroup: v.boolean(),
  ...Placement,
});
export type ConversationTicketClaimed = v.InferOutput<typeof ConversationTicketClaimed>;

const TicketRef = { ticketId: Id, companyId: Id };
/** `claim` names the conversation revision whose claim this event applies. */
const Claim = { claim: v.object({ conversationId: v.string(), revision: v.number() }) };

export const TicketCreated = event('TicketCreated', {
  ...TicketRef,
  contactId: Id,
  isGroup: v.boolean(),
  ...Placement,
  ...Claim,
});
export type TicketCreated = v.InferOutput<typeof TicketCreated>;
export const TicketAccepted = event('TicketAccepted', { ...TicketRef, userId: Id, queueId: NullableId });
export type TicketAccepted = v.InferOutput<typeof TicketAccepted>;
export const TicketReturned = event('TicketReturned', { ...TicketRef, previousUserId: NullableId });
export type TicketReturned = v.InferOutput<typeof TicketReturned>;
export const TicketTransferred = event('TicketTransferred', {
  ...TicketRef,
  from: v.object({ userId: NullableId, queueId: NullableId, whatsappId: Id }),
  ...Placement,
  claim: v.nullable(Claim.claim),
});
export type TicketTransferred = v.InferOutput<typeof TicketTransferred>;
/**
 * The ids of the messages an event says to the customer, when they were queued in the event's own write
 * (one per message, in order); older events leave it out and their ids derive from the event's.
 */
const Says = { messageIds: v.optional(v.array(v.string())) };
/** Why a ticket closed: an agent resolved it, the customer rated (or would not), or it went quiet. */
/** `campaign`: a ticket a campaign opened only to carry its message, closed at once so a reply starts afresh. */
export const CloseReason = v.picklist(['resolved', 'rated', 'unrated', 'inactive', 'campaign']);
export type CloseReason = v.InferOutput<typeof CloseReason>;
export const TicketClosed = event('TicketClosed', {
  ...TicketRef,
  userId: NullableId,
  queueId: NullableId,
  reason: v.optional(CloseReason),
  ...Says,
});
export type TicketClosed = v.InferOutput<typeof TicketClosed>;
export const TicketReopened = event('TicketReopened', {
  ...TicketRef,
  userId: NullableId,
  queueId: NullableId,
  ...Claim,
});
export type TicketReopened = v.InferOutput<typeof TicketReopened>;
export const TicketDeleted = event('TicketDeleted', { ...TicketRef });
export type TicketDeleted = v.InferOutput<typeof TicketDeleted>;
export const TicketMessagesRead = event('TicketMessagesRead', { ...TicketRef, userId: Id });
export type TicketMessagesRead = v.InferOutput<typeof TicketMessagesRead>;

/**
 * Where the queue chatbot stands on a ticket (BEHAVIOUR.md "Queue chatbot"): choosing a queue,
 * walking a queue's option tree (`path` = option ids from the root), told it is out of hours, or done.
 */
export const BotState = v.object({
  stage: v.picklist(['queues', 'options', 'outOfHours', 'ended']),
  path: v.array(Id),
  /** How many times the current menu was sent; `maxUseBotQueues` caps it. */
  menuSends: v.number(),
  startedAt: v.string(),
});
export type BotState = v.InferOutput<typeof BotState>;

/** The bot answered a customer's message: its new state and what it said, in order. */
export const TicketBotStepped = event('TicketBotStepped', {
  ...TicketRef,
  inReplyTo: Id,
  bot: BotState,
  replies: v.array(v.string()),
  ...Says,
});
export type TicketBotStepped = v.InferOutput<typeof TicketBotStepped>;
/** The bot stopped without a choice: out of tries, out of time, or a person took over. */
export const TicketBotEnded = event('TicketBotEnded', {
  ...TicketRef,
  reason: v.picklist(['maxUse', 'timeout', 'transferred']),
});
export type TicketBotEnded = v.InferOutput<typeof TicketBotEnded>;
/** The ticket was put in a queue without an agent: by the bot, or by `timeToTransfer`. */
export const TicketQueueAssigned = event('TicketQueueAssigned', {
  ...TicketRef,
  queueId: NullableId,
  reason: v.picklist(['bot', 'timeToTransfer', 'automation']),
});
export type TicketQueueAssigned = v.InferOutput<typeof TicketQueueAssigned>;

/** Resolving with `userRating` on: the customer is asked to rate before the ticket closes. */
export const TicketRatingRequested = event('TicketRatingRequested', {
  ...TicketRef,
  userId: NullableId,
  message: v.string(),
  ...Says,
});
export type TicketRatingRequested = v.InferOutput<typeof TicketRatingRequested>;
export const TicketRatingReasked = event('TicketRatingReasked', {
  ...TicketRef,
  inReplyTo: Id,
  message: v.string(),
  ...Says,
});
export type TicketRatingReasked = v.InferOutput<typeof TicketRatingReasked>;
export const TicketRated = event('TicketRated', {
  ...TicketRef,
  userId: NullableId,
  inReplyTo: Id,
  rate: v.picklist([1, 2, 3]),
});
export type TicketRated = v.InferOutput<typeof TicketRated>;

/**
 * Ticket automation (BEHAVIOUR.md "Flow builder runtime", "AI prompts", "Queue integrations"): one run at a
 * time holds a ticket — a flow, an AI prompt, a Typebot session or a Dialogflow agent (`refId` names it).
 */
export const AutomationKind = v.picklist(['flow', 'prompt', 'typebot', 'dialogflow']);
export type AutomationKind = v.InferOutput<typeof AutomationKind>;
/** What started a run: a phrase campaign, the queue's or connection's integration or prompt, a welcome flow, the chatbot's queue. */
export const AutomationTrigger = v.picklist(['phrase', 'queue', 'connection', 'welcome', 'chatbot']);
export type AutomationTrigger = v.InferOutput<typeof AutomationTrigger>;
const Run = { ...TicketRef, runId: Id };

export const TicketAutomationStarted = event('TicketAutomationStarted', {
  ...Run,
  kind: AutomationKind,
  refId: Id,
  trigger: AutomationTrigger,
  /** The customer message that started it (answered: a replayed reaction starts nothing). */
  inReplyTo: NullableId,
});
export type TicketAutomationStarted = v.InferOutput<typeof TicketAutomationStarted>;
export const AutomationReply = v.object({
  body: v.string(),
  mediaType: v.optional(v.picklist(['image', 'audio', 'video', 'application'])),
  mediaUrl: v.optional(v.string()),
});
export type AutomationReply = v.InferOutput<typeof AutomationReply>;
/** One step of the run said something; `stepId` (node id and visit) makes a retried step say it once. */
export const TicketAutomationReplied = event('TicketAutomationReplied', {
  ...Run,
  stepId: v.string(),
  replies: v.array(AutomationReply),
  /** Named by the run itself (the same on every retry of its step). */
  ...Says,
});
export type TicketAutomationReplied = v.InferOutput<typeof TicketAutomationReplied>;
/** A question's answer, usable as `{{key}}` in the run's later messages. */
export const TicketVariableSet = event('TicketVariableSet', { ...Run, key: v.string(), value: v.string() });
export type TicketVariableSet = v.InferOutput<typeof TicketVariableSet>;
export const AutomationEndReason = v.picklist([
  'finished',
  'handover',
  'timeout',
  'failed',
  'accepted',
  'transferred',
  'closed',
]);
export type AutomationEndReason = v.InferOutput<typeof AutomationEndReason>;
/** The run let go of the ticket; with `queueId` the ticket moved to that queue, pending for a human. */
export const TicketAutomationEnded = event('TicketAutomationEnded', {
  ...Run,
  reason: AutomationEndReason,
  queueId: v.optional(NullableId),
});
export type TicketAutomationEnded = v.InferOutput<typeof TicketAutomationEnded>;

/**
 * SLA targets (issue 24): which clock of a ticket ran late. `clockId` names one run of one target, so
 * a fired timer records it once: `firstResponse:<opening>`, `nextResponse:<customer message id>`,
 * `resolution:<opening>` (an opening is 1 for the ticket's creation, +1 per reopen).
 */
export const SlaTarget = v.picklist(['firstResponse', 'nextResponse', 'resolution']);
export type SlaTarget = v.InferOutput<typeof SlaTarget>;
const SlaClock = {
  ...TicketRef,
  policyId: Id,
  target: SlaTarget,
  clockId: TextUpTo(80),
  startedAt: IsoDate,
  /** When the target is (or was) due: the breach instant. */
  dueAt: IsoDate,
};
/** 80 % of the target's time has passed without the answer (or resolution) it asks for. */
export const TicketSlaWarned = event('TicketSlaWarned', SlaClock);
export type TicketSlaWarned = v.InferOutput<typeof TicketSlaWarned>;
/** The target's time has passed without the answer (or resolution) it asks for. */
export const TicketSlaBreached = event('TicketSlaBreached', SlaClock);
export type TicketSlaBreached = v.InferOutput<typeof TicketSlaBreached>;

export const TicketEvent = v.variant('type', [
  TicketAutomationStarted,
  TicketAutomationReplied,
  TicketVariableSet,
  TicketAutomationEnded,
  TicketBotStepped,
  TicketBotEnded,
  TicketQueueAssigned,
  TicketRatingRequested,
  TicketRatingReasked,
  TicketRated,
  TicketCreated,
  TicketAccepted,
  TicketReturned,
  TicketTransferred,
  TicketClosed,
  TicketReopened,
  TicketDeleted,
  TicketMessagesRead,
  TicketSlaWarned,
  TicketSlaBreached,
]);
export type TicketEvent = v.InferOutput<typeof TicketEvent>;
export const ConversationEvent = v.variant('type', [ConversationTicketClaimed]);
export type ConversationEvent = v.InferOutput<typeof ConversationEvent>;
