import * as v from 'valibot';
import { event, Id } from '../common.ts';

// Internal chat (doc 1 §3, doc 2 §2.17): one stream per chat, `chat-<chatId>`. Its members are the
// owner and the users chosen; only they read it, post to it or hear of it.

export const ChatCreated = event('ChatCreated', {
  chatId: Id,
  companyId: Id,
  ownerId: Id,
  title: v.string(),
  /** Every member, the owner included. */
  userIds: v.array(Id),
});
export type ChatCreated = v.InferOutput<typeof ChatCreated>;

/**
 * The owner (or, once her user is deleted, a member) renamed the chat or changed its members; the
 * owner always stays one.
 */
export const ChatUpdated = event('ChatUpdated', {
  chatId: Id,
  companyId: Id,
  title: v.string(),
  userIds: v.array(Id),
});
export type ChatUpdated = v.InferOutput<typeof ChatUpdated>;

/** Carries the members at deletion: they are the ones told that the chat is gone. */
export const ChatDeleted = event('ChatDeleted', { chatId: Id, companyId: Id, userIds: v.array(Id) });
export type ChatDeleted = v.InferOutput<typeof ChatDeleted>;

/** A member wrote in the chat: one more unread message for every other member. */
export const ChatMessagePosted = event('ChatMessagePosted', {
  chatId: Id,
  companyId: Id,
  messageId: Id,
  senderId: Id,
  message: v.string(),
});
export type ChatMessagePosted = v.InferOutput<typeof ChatMessagePosted>;

/** A member saw the chat: her unread count is back to zero. Decided only when she had unreads. */
export const ChatRead = event('ChatRead', { chatId: Id, companyId: Id, userId: Id });
export type ChatRead = v.InferOutput<typeof ChatRead>;

export const ChatEvent = v.variant('type', [
  ChatCreated,
  ChatUpdated,
  ChatDeleted,
  ChatMessagePosted,
  ChatRead,
]);
export type ChatEvent = v.InferOutput<typeof ChatEvent>;
