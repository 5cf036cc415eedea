import * as v from 'valibot';
import { event, Id, IsoDate, NullableId } from '../common.ts';

export const MediaType = v.picklist([
  'chat',
  'image',
  'audio',
  'video',
  'application',
  'locationMessage',
  'vcard',
  'contactMessage',
  'call_log',
]);
export type MediaType = v.InferOutput<typeof MediaType>;

const MessageRef = { messageId: Id, companyId: Id, ticketId: Id, contactId: Id, whatsappId: Id };
const Content = {
  body: v.string(),
  mediaType: MediaType,
  mediaUrl: v.nullable(v.string()),
  quotedMsgId: NullableId,
};

/** A customer's message as the channel delivered it; deduplicated by its WhatsApp id. */
export const InboundMessageReceived = event('InboundMessageReceived', {
  ...MessageRef,
  ...Content,
  waMessageId: v.string(),
  senderName: v.string(),
  receivedAt: IsoDate,
});
export type InboundMessageReceived = v.InferOutput<typeof InboundMessageReceived>;

/** An agent's (or a workflow's) message, recorded before the channel is asked to send it. */
export const OutboundMessageQueued = event('OutboundMessageQueued', {
  ...MessageRef,
  ...Content,
  userId: NullableId,
  /** The WhatsApp id the channel must use, so that a retried send is recognised as the same message. */
  waMessageId: v.string(),
  /**
   * Said by the product on an agent's behalf (the greeting on accept, the transfer notice): it carries
   * the agent's userId but is not a person's answer, so it stops no SLA clock (issue 24). Absent on
   * events recorded before it existed.
   */
  automatic: v.optional(v.literal(true)),
  /**
   * The text of a campaign's message to one recipient (not its files): the campaign follows what the
   * channel makes of it (issue 27; older events are marked by their actor, see event-store/upcast.ts).
   */
  campaignText: v.optional(v.literal(true)),
});
export type OutboundMessageQueued = v.InferOutput<typeof OutboundMessageQueued>;

export const OutboundMessageSent = event('OutboundMessageSent', {
  ...MessageRef,
  sentAt: IsoDate,
  attempts: v.number(),
});
export type OutboundMessageSent = v.InferOutput<typeof OutboundMessageSent>;
export const OutboundMessageFailed = event('OutboundMessageFailed', {
  ...MessageRef,
  reason: v.string(),
  attempts: v.number(),
});
export type OutboundMessageFailed = v.InferOutput<typeof OutboundMessageFailed>;
export const MessageAcknowledged = event('MessageAcknowledged', { ...MessageRef, ack: v.number() });
export type MessageAcknowledged = v.InferOutput<typeof MessageAcknowledged>;
/** Deleted for everyone: by its agent (userId), or on WhatsApp by the customer or the phone (userId null). */
export const MessageDeleted = event('MessageDeleted', { ...MessageRef, userId: NullableId });
export type MessageDeleted = v.InferOutput<typeof MessageDeleted>;

/**
 * A message a person typed on the business's own phone (not one Zelo sent): already delivered by
 * WhatsApp, so it is never queued for sending; shown as the business's message. Deduplicated by its
 * WhatsApp id like a customer's message.
 */
export const PhoneMessageSent = event('PhoneMessageSent', {
  ...MessageRef,
  ...Content,
  waMessageId: v.string(),
  sentAt: IsoDate,
});
export type PhoneMessageSent = v.InferOutput<typeof PhoneMessageSent>;

/** The text of a message was edited on WhatsApp; the text it replaced stays in the event. */
export const MessageEdited = event('MessageEdited', {
  ...MessageRef,
  body: v.string(),
  previousBody: v.string(),
  editedAt: IsoDate,
});
export type MessageEdited = v.InferOutput<typeof MessageEdited>;

export const MessageEvent = v.variant('type', [
  InboundMessageReceived,
  OutboundMessageQueued,
  OutboundMessageSent,
  OutboundMessageFailed,
  MessageAcknowledged,
  MessageDeleted,
  PhoneMessageSent,
  MessageEdited,
]);
export type MessageEvent = v.InferOutput<typeof MessageEvent>;

/** Ack scale: 0 queued, 1 sent to the server, 2 delivered, 3 read, 4 played, 5 played (shown blue from 3 on). */
export const ACK = { QUEUED: 0, SENT: 1, DELIVERED: 2, READ: 3, PLAYED: 4 } as const;

/**
 * Whether a message event is a person's answer to the customer (issue 24: one definition of "first
 * response" for SLA clocks, reports and the dashboard): an agent's message, or one typed on the
 * business's phone. The chatbot, flows, prompts, campaigns, the API and automatic greetings queue
 * theirs without a userId, or marked `automatic`, and never answer.
 */
export function isPersonReply(e: {
  type: string;
  data: { userId?: string | null; automatic?: true };
}): boolean {
  if (e.type === 'PhoneMessageSent') return true;
  return e.type === 'OutboundMessageQueued' && !!e.data.userId && e.data.automatic !== true;
}
