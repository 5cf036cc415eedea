import * as v from 'valibot';
import { HexColor, Id, PageNumber } from '../common.ts';

// Doc 2 §5: a tag name is required, at least 3 characters.
export const TagName = v.pipe(v.string(), v.trim(), v.minLength(3, 'too short'), v.maxLength(50, 'too long'));

/** POST /tags and PUT /tags/{id}. The spec's POST /tags sends only a name: colour and kanban default. */
export const TagRequest = v.object({
  name: TagName,
  color: v.optional(HexColor),
  kanban: v.optional(
    v.union([
      v.boolean(),
      v.pipe(
        v.picklist([0, 1]),
        v.transform((n) => n === 1),
      ),
    ]),
  ),
});
export type TagRequest = v.InferOutput<typeof TagRequest>;

/** A tag as the header's picker sends it: an existing id, or a name to create on the fly. */
export const SyncTagItem = v.object({
  id: v.optional(Id),
  name: TagName,
  color: v.optional(HexColor),
});
export type SyncTagItem = v.InferOutput<typeof SyncTagItem>;

/** POST /tags/sync: the ticket's complete set of tags (an empty list removes them all). */
export const SyncTagsRequest = v.object({
  ticketId: Id,
  tags: v.pipe(v.array(SyncTagItem), v.maxLength(50, 'too many tags')),
});
export type SyncTagsRequest = v.InferOutput<typeof SyncTagsRequest>;

/** GET /tags: the tags page's search with infinite scroll. */
export const ListTagsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100))),
  pageNumber: PageNumber,
});
