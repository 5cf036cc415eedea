import { type Actor, commandHandler, type Deps } from '../platform/command-handler.ts';
import {
  decideNotes,
  evolveNotes,
  initialNoteState,
  type NoteCommand,
  ticketNotesStreamId,
} from './domain/note.ts';

const aggregate = { initialState: initialNoteState, evolve: evolveNotes };
const handleNoteCommand = commandHandler(aggregate, ticketNotesStreamId, decideNotes);

/** All notes of a ticket share its stream, so the command names the stream by its ticket. */
export const runNoteCommand = (deps: Deps, command: NoteCommand, who: Actor) =>
  handleNoteCommand(deps, command.ticketId, command, who);
