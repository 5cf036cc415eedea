import * as v from 'valibot';
import { Id } from '../common.ts';

/** Doc 1 §5: a note is required and at least 2 characters. */
export const AddTicketNoteRequest = v.object({
  note: v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(5000, 'too long')),
  ticketId: Id,
  contactId: Id,
});
export type AddTicketNoteRequest = v.InferOutput<typeof AddTicketNoteRequest>;

export const ListTicketNotesQuery = v.object({ ticketId: Id, contactId: Id });
export type ListTicketNotesQuery = v.InferOutput<typeof ListTicketNotesQuery>;
