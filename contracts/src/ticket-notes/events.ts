import * as v from 'valibot';
import { event, Id, TextUpTo } from '../common.ts';

/** Internal notes agents leave on a ticket (doc 1 §3 Ticket note); one stream per ticket holds them. */
export const TicketNoteAdded = event('TicketNoteAdded', {
  noteId: Id,
  ticketId: Id,
  contactId: Id,
  companyId: Id,
  userId: Id,
  /** AddTicketNoteRequest's bound (api.ts). */
  note: TextUpTo(5000),
});
export type TicketNoteAdded = v.InferOutput<typeof TicketNoteAdded>;
export const TicketNoteDeleted = event('TicketNoteDeleted', {
  noteId: Id,
  ticketId: Id,
  companyId: Id,
  userId: Id,
});
export type TicketNoteDeleted = v.InferOutput<typeof TicketNoteDeleted>;

export const TicketNoteEvent = v.variant('type', [TicketNoteAdded, TicketNoteDeleted]);
export type TicketNoteEvent = v.InferOutput<typeof TicketNoteEvent>;
