import * as v from 'valibot';
import { event, Id, TextUpTo } from '../common.ts';

/** QuickMessageRequest's bounds (api.ts). */
const QuickMessageFields = {
  shortcode: TextUpTo(50),
  message: TextUpTo(4096),
  /** Company-wide ("geral"): every agent may use it; otherwise only its owner. */
  geral: v.boolean(),
  /** Active: offered by the input's slash autocomplete. */
  status: v.boolean(),
  /** The owner: the user who created it. */
  userId: Id,
};

export const QuickMessageCreated = event('QuickMessageCreated', {
  quickMessageId: Id,
  companyId: Id,
  ...QuickMessageFields,
});
export type QuickMessageCreated = v.InferOutput<typeof QuickMessageCreated>;
export const QuickMessageUpdated = event('QuickMessageUpdated', {
  quickMessageId: Id,
  companyId: Id,
  ...QuickMessageFields,
});
export type QuickMessageUpdated = v.InferOutput<typeof QuickMessageUpdated>;
export const QuickMessageDeleted = event('QuickMessageDeleted', { quickMessageId: Id, companyId: Id });
export type QuickMessageDeleted = v.InferOutput<typeof QuickMessageDeleted>;

/** The attachment sent with the text (doc 2 §2.7); attaching again replaces it. */
export const QuickMessageMediaAttached = event('QuickMessageMediaAttached', {
  quickMessageId: Id,
  companyId: Id,
  /** Where the media storage serves it: `/public/<companyId>/...`. */
  mediaUrl: v.string(),
  mediaName: v.string(),
  mediaType: v.picklist(['image', 'audio', 'video', 'application']),
});
export type QuickMessageMediaAttached = v.InferOutput<typeof QuickMessageMediaAttached>;
export const QuickMessageMediaRemoved = event('QuickMessageMediaRemoved', {
  quickMessageId: Id,
  companyId: Id,
});
export type QuickMessageMediaRemoved = v.InferOutput<typeof QuickMessageMediaRemoved>;

export const QuickMessageEvent = v.variant('type', [
  QuickMessageCreated,
  QuickMessageUpdated,
  QuickMessageDeleted,
  QuickMessageMediaAttached,
  QuickMessageMediaRemoved,
]);
export type QuickMessageEvent = v.InferOutput<typeof QuickMessageEvent>;
