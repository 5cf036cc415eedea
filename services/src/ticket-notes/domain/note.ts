import { DomainError } from '@zelo/contracts/errors';
import type { TicketNoteEvent } from '@zelo/contracts/ticket-notes/events';

/** All notes of one ticket live in one stream, so deleting checks the author against fresh state. */
export const ticketNotesStreamId = (ticketId: string) => `ticketnotes-${ticketId}`;

export interface NoteState {
  notes: Record<string, { userId: string; companyId: string; deleted: boolean }>;
}
export const initialNoteState = (): NoteState => ({ notes: {} });

export function evolveNotes(state: NoteState, e: TicketNoteEvent): NoteState {
  const current = state.notes[e.data.noteId];
  if (e.type === 'TicketNoteAdded') {
    const { noteId, userId, companyId } = e.data;
    return { notes: { ...state.notes, [noteId]: { userId, companyId, deleted: false } } };
  }
  if (!current) return state;
  return { notes: { ...state.notes, [e.data.noteId]: { ...current, deleted: true } } };
}

export type NoteCommand =
  | {
      type: 'AddTicketNote';
      noteId: string;
      ticketId: string;
      contactId: string;
      companyId: string;
      userId: string;
      note: string;
    }
  | { type: 'DeleteTicketNote'; noteId: string; ticketId: string; userId: string; isAdmin: boolean };

type Cmd<T extends NoteCommand['type']> = Extract<NoteCommand, { type: T }>;

function addTicketNote(command: Cmd<'AddTicketNote'>, state: NoteState): TicketNoteEvent[] {
  if (state.notes[command.noteId]) return []; // a retried add names the same note id
  const { type: _, ...data } = command;
  return [{ type: 'TicketNoteAdded', data }];
}

function deleteTicketNote(command: Cmd<'DeleteTicketNote'>, state: NoteState): TicketNoteEvent[] {
  const existing = state.notes[command.noteId];
  if (!existing || existing.deleted) throw new DomainError('ERR_NOT_FOUND', 'note not found');
  // Doc 1 §6 gives deleting to the note's author; admins may clean up anyone's.
  if (existing.userId !== command.userId && !command.isAdmin)
    throw new DomainError('ERR_NO_PERMISSION', 'only the author or an admin may delete a note');
  const { noteId, ticketId, userId } = command;
  return [{ type: 'TicketNoteDeleted', data: { noteId, ticketId, companyId: existing.companyId, userId } }];
}

export function decideNotes(command: NoteCommand, state: NoteState): TicketNoteEvent[] {
  switch (command.type) {
    case 'AddTicketNote':
      return addTicketNote(command, state);
    case 'DeleteTicketNote':
      return deleteTicketNote(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
