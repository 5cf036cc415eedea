import * as v from 'valibot';
import { PageNumber } from '../common.ts';

/** A form's number may arrive as text ("2"): both are read as the number. */
const Priority = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d$/, 'must be 1, 2 or 3'))]),
  v.transform(Number),
  v.picklist([1, 2, 3] as const, 'must be 1, 2 or 3'),
);

/** POST /announcements and PUT /announcements/{id}; the image has its own media-upload route. */
export const AnnouncementRequest = v.object({
  title: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(100, 'too long')),
  text: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(5000, 'too long')),
  priority: v.optional(Priority, 3),
  status: v.optional(v.boolean(), true),
});
export type AnnouncementRequest = v.InferOutput<typeof AnnouncementRequest>;

/** GET /announcements/: search with infinite scroll. */
export const ListAnnouncementsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100))),
  pageNumber: PageNumber,
});
