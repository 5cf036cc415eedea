import * as v from 'valibot';
import { event, Id, NullableId } from '../common.ts';

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
/** Why a ticket closed: an agent resolved it, the customer rated (or would not), or it went quiet. */
/** `campaign`: a ticket a campaign opened only to carry its message, closed at once so a reply starts afresh. */
export const CloseReason = v.picklist(['resolved', 'rated', 'unrated', 'inactive', 'campaign']);
export type CloseReason = v.InferOutput<typeof CloseReason>;
export const TicketClosed = event('TicketClosed', {
  ...TicketRef,
  userId: NullableId,
  queueId: NullableId,
  reason: v.optional(CloseReason),
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
  reason: v.picklist(['bot', 'timeToTransfer']),
});
export type TicketQueueAssigned = v.InferOutput<typeof TicketQueueAssigned>;

/** Resolving with `userRating` on: the customer is asked to rate before the ticket closes. */
export const TicketRatingRequested = event('TicketRatingRequested', {
  ...TicketRef,
  userId: NullableId,
  message: v.string(),
});
export type TicketRatingRequested = v.InferOutput<typeof TicketRatingRequested>;
export const TicketRatingReasked = event('TicketRatingReasked', {
  ...TicketRef,
  inReplyTo: Id,
  message: v.string(),
});
export type TicketRatingReasked = v.InferOutput<typeof TicketRatingReasked>;
export const TicketRated = event('TicketRated', {
  ...TicketRef,
  userId: NullableId,
  inReplyTo: Id,
  rate: v.picklist([1, 2, 3]),
});
export type TicketRated = v.InferOutput<typeof TicketRated>;

export const TicketEvent = v.variant('type', [
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
]);
export type TicketEvent = v.InferOutput<typeof TicketEvent>;
export const ConversationEvent = v.variant('type', [ConversationTicketClaimed]);
export type ConversationEvent = v.InferOutput<typeof ConversationEvent>;
