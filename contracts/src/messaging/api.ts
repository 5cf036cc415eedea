import * as v from 'valibot';
import { Id, NullableId, PageNumber } from '../common.ts';

/** The ticket whose conversation a /messages/{ticketId} call reads or writes. */
export const TicketIdParam = v.object({ ticketId: Id });
export type TicketIdParam = v.InferOutput<typeof TicketIdParam>;

/** GET /messages/{ticketId}: page 1 is the newest. */
export const ListMessagesQuery = v.object({ pageNumber: PageNumber });
export type ListMessagesQuery = v.InferOutput<typeof ListMessagesQuery>;

/** POST /messages/{ticketId} (JSON form; multipart media arrives with the media issue). */
export const SendMessageRequest = v.object({
  body: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'blank messages are not sent'),
    v.maxLength(4096, 'too long'),
  ),
  quotedMsg: v.optional(v.nullable(v.object({ id: v.pipe(v.string(), v.uuid()) }))),
  quotedMsgId: v.optional(NullableId),
  read: v.optional(v.boolean()),
  fromMe: v.optional(v.boolean()),
  mediaUrl: v.optional(v.nullable(v.string())),
});
export type SendMessageRequest = v.InferOutput<typeof SendMessageRequest>;

/**
 * POST /messages/{ticketId} with `mediaUrl`: sends again a file the company already stored (a quick
 * answer's attachment). The text goes as caption; blank, the file name does.
 */
export const SendStoredMediaRequest = v.object({
  mediaUrl: v.pipe(v.string(), v.maxLength(1000, 'too long')),
  body: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(4096, 'too long')),
  quotedMsg: v.optional(v.nullable(v.object({ id: v.pipe(v.string(), v.uuid()) }))),
  quotedMsgId: v.optional(NullableId),
  read: v.optional(v.boolean()),
  fromMe: v.optional(v.boolean()),
});
export type SendStoredMediaRequest = v.InferOutput<typeof SendStoredMediaRequest>;
