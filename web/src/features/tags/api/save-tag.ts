import type { TagView, TicketTag } from '@zelo/contracts/tags/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

// Doc 2 §5: name required, at least 3 characters. Messages are i18n keys (lib/form.ts).
export const TagInput = v.object({
  name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(3, 'validation.tooShort'),
    v.maxLength(50, 'validation.tooLong'),
  ),
  color: v.pipe(v.string('validation.required'), v.regex(/^#[0-9a-fA-F]{6}$/, 'tags.invalidColor')),
  kanban: v.optional(v.boolean()),
});
export type TagInput = v.InferOutput<typeof TagInput>;

export const saveTag = (id: string | null, input: TagInput) =>
  apiRequest<TagView>(id ? `/tags/${encodeURIComponent(id)}` : '/tags', {
    method: id ? 'PUT' : 'POST',
    body: v.parse(TagInput, input),
  });

export const deleteTag = (id: string) =>
  apiRequest<{ message: string }>(`/tags/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The picker's answer: the ticket with its new tags (typed loosely, the tickets feature owns Ticket). */
export const syncTicketTags = <T>(ticketId: string, tags: { id?: string; name: string }[]) =>
  apiRequest<T & { tags: TicketTag[] }>('/tags/sync', { method: 'POST', body: { ticketId, tags } });
