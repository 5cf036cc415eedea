import type { TicketNoteEvent } from '@zelo/contracts/ticket-notes/events';
import { type Actor, type Deps, handle } from '../platform/command-handler.ts';
import {
  decideNotes,
  evolveNotes,
  initialNoteState,
  type NoteCommand,
  type NoteState,
  ticketNotesStreamId,
} from './domain/note.ts';

const aggregate = { initialState: initialNoteState, evolve: evolveNotes };

export const runNoteCommand = (deps: Deps, command: NoteCommand, who: Actor) =>
  handle<NoteState, TicketNoteEvent>(
    deps,
    ticketNotesStreamId(command.ticketId),
    aggregate,
    (s) => decideNotes(command, s),
    who,
  );
