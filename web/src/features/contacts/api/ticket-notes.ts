import type { TicketNoteView } from '@zelo/contracts/ticket-notes/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

/** Doc 1 §5: a note is required and at least 2 characters. */
export const NoteInput = v.object({
  note: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.minLength(2, 'validation.tooShort'),
  ),
});
export type NoteInput = v.InferInput<typeof NoteInput>;

export const listTicketNotes = (ticketId: string, contactId: string, signal?: AbortSignal) =>
  apiRequest<TicketNoteView[]>('/ticket-notes/list', { query: { ticketId, contactId }, signal });

export const addTicketNote = (ticketId: string, contactId: string, input: NoteInput) =>
  apiRequest<TicketNoteView>('/ticket-notes', {
    method: 'POST',
    body: { ...v.parse(NoteInput, input), ticketId, contactId },
  });

export const deleteTicketNote = (id: string) =>
  apiRequest<{ message: string }>(`/ticket-notes/${encodeURIComponent(id)}`, { method: 'DELETE' });
