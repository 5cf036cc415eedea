import * as v from 'valibot';
import { event, HexColor, Id, NullableId, TextUpTo } from '../common.ts';

const TagFields = {
  /** TagName's bound (api.ts). */
  name: TextUpTo(50),
  color: HexColor,
  /** Shown as a lane on the kanban board (doc 2 §2.5). */
  kanban: v.boolean(),
  /** Who created it (null when a system actor did). */
  userId: NullableId,
};

export const TagCreated = event('TagCreated', { tagId: Id, companyId: Id, ...TagFields });
export type TagCreated = v.InferOutput<typeof TagCreated>;
export const TagUpdated = event('TagUpdated', { tagId: Id, companyId: Id, ...TagFields });
export type TagUpdated = v.InferOutput<typeof TagUpdated>;
export const TagDeleted = event('TagDeleted', { tagId: Id, companyId: Id });
export type TagDeleted = v.InferOutput<typeof TagDeleted>;

export const TagEvent = v.variant('type', [TagCreated, TagUpdated, TagDeleted]);
export type TagEvent = v.InferOutput<typeof TagEvent>;

/** The whole set of a ticket's tags after a change: replaying the last one gives the current set. */
export const TicketTagsSynced = event('TicketTagsSynced', {
  ticketId: Id,
  companyId: Id,
  tagIds: v.array(Id),
});
export type TicketTagsSynced = v.InferOutput<typeof TicketTagsSynced>;

export const TicketTagsEvent = v.variant('type', [TicketTagsSynced]);
export type TicketTagsEvent = v.InferOutput<typeof TicketTagsEvent>;
