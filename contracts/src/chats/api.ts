import * as v from 'valibot';
import { Id, PageNumber } from '../common.ts';

export const ChatTitle = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'required'),
  v.maxLength(100, 'too long'),
);
export const ChatMessageText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'required'),
  v.maxLength(4096, 'too long'),
);

/**
 * A chosen member as the dialog's picker sends it: the user object ({ id, name }) or only its id.
 * The list is read as ids; the owner is added by the server.
 */
const ChatMember = v.union([
  Id,
  v.pipe(
    v.object({ id: Id }),
    v.transform((u) => u.id),
  ),
]);

/** POST /chats and PUT /chats/{id}: a title and at least one user (doc 2 §5). */
export const ChatRequest = v.object({
  title: ChatTitle,
  users: v.pipe(
    v.array(ChatMember),
    v.minLength(1, 'choose at least one user'),
    v.maxLength(200, 'too many users'),
  ),
});
export type ChatRequest = v.InferOutput<typeof ChatRequest>;

/** GET /chats: the list's search (debounced 500 ms by the client) with infinite scroll. */
export const ListChatsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100))),
  pageNumber: PageNumber,
  /**
   * Ours, beside the spec's: only the chats with messages the viewer has not read, so the top bar's
   * bell and the menu's dot see an unread chat however many chats were active since.
   */
  withUnreadMessages: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
});

/** GET /chats/{id}/messages: page 1 is the newest messages; older pages load as the user scrolls up. */
export const ChatMessagesQuery = v.object({ pageNumber: PageNumber });

/** POST /chats/{id}/messages. */
export const ChatMessageRequest = v.object({ message: ChatMessageText });
export type ChatMessageRequest = v.InferOutput<typeof ChatMessageRequest>;

/**
 * POST /chats/{id}/read. The spec's client sends its own userId; the session decides who read, so a
 * userId of someone else is refused rather than marking another member's messages as read. A call
 * without a body reads for the caller.
 */
export const ChatReadRequest = v.optional(v.object({ userId: v.optional(Id) }), {});
