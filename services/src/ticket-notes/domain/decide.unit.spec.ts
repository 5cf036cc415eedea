import { ticketNoteAdded, ticketNoteDeleted } from '@zelo/contracts/testing/events';
import type { TicketNoteEvent } from '@zelo/contracts/ticket-notes/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import { decideNotes, evolveNotes, initialNoteState, type NoteCommand, type NoteState } from './note.ts';

const notes = decider<NoteState, NoteCommand, TicketNoteEvent>({
  initialState: initialNoteState,
  evolve: evolveNotes,
  decide: decideNotes,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const ticketId = '00000000-0000-4000-8000-000000000010';
const contactId = '00000000-0000-4000-8000-000000000020';
const author = '00000000-0000-4000-8000-000000000030';
const other = '00000000-0000-4000-8000-000000000031';
const noteId = '00000000-0000-4000-8000-000000000040';

const added = ticketNoteAdded({
  noteId,
  ticketId,
  contactId,
  companyId,
  userId: author,
  note: 'Cliente pediu retorno',
});
const add: NoteCommand = { type: 'AddTicketNote', ...added.data } as NoteCommand;
const remove = (userId: string, isAdmin = false): NoteCommand => ({
  type: 'DeleteTicketNote',
  noteId,
  ticketId,
  userId,
  isAdmin,
});

describe('ticket notes', () => {
  describe('When there is no note', () => {
    it('adds it', () => notes.given([]).when(add).then([added]));
    it('cannot delete it', () => notes.given([]).when(remove(author)).thenThrows('ERR_NOT_FOUND'));
  });

  describe('When the note exists', () => {
    it('a retried add changes nothing', () => notes.given([added]).when(add).thenNothing());
    it('its author deletes it', () =>
      notes
        .given([added])
        .when(remove(author))
        .then([{ type: 'TicketNoteDeleted', data: { noteId, ticketId, companyId, userId: author } }]));
    it('an admin deletes it', () =>
      notes
        .given([added])
        .when(remove(other, true))
        .then([{ type: 'TicketNoteDeleted', data: { noteId, ticketId, companyId, userId: other } }]));
    it('another agent may not', () =>
      notes.given([added]).when(remove(other)).thenThrows('ERR_NO_PERMISSION'));
  });

  describe('When the note was deleted', () => {
    const deleted = ticketNoteDeleted({ noteId, ticketId, companyId, userId: author });
    it('is gone for a second delete', () =>
      notes.given([added, deleted]).when(remove(author)).thenThrows('ERR_NOT_FOUND'));
  });
});
