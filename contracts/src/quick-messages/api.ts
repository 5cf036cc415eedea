import * as v from 'valibot';
import { PageNumber } from '../common.ts';

/**
 * A shortcode is what follows the slash in the message input: one word, so a leading "/" typed by
 * the user is dropped and spaces are refused.
 */
export const Shortcode = v.pipe(
  v.string(),
  v.trim(),
  v.transform((s) => s.replace(/^\/+/, '')),
  v.minLength(1, 'required'),
  v.maxLength(50, 'too long'),
  v.regex(/^\S+$/, 'no spaces'),
);

/** POST /quick-messages and PUT /quick-messages/{id}; the attachment has its own media-upload route. */
export const QuickMessageRequest = v.object({
  shortcode: Shortcode,
  message: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(4096, 'too long')),
  geral: v.optional(v.boolean(), false),
  status: v.optional(v.boolean(), true),
});
export type QuickMessageRequest = v.InferOutput<typeof QuickMessageRequest>;

/** GET /quick-messages: the page's search with infinite scroll. */
export const ListQuickMessagesQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100))),
  pageNumber: PageNumber,
  userId: v.optional(v.string()),
});

/** GET /quick-messages/list: the spec sends companyId and userId; the session decides both. */
export const QuickMessagesListQuery = v.object({
  companyId: v.optional(v.string()),
  userId: v.optional(v.string()),
});

/** Doc 2 §2.7: spaces (any blank) in an attachment's name become underscores, as stored and as shown. */
export const attachmentName = (name: string) => name.replace(/\s/g, '_');
