import { commandHandler } from '../platform/command-handler.ts';
import { decideHelp, evolveHelp, helpStreamId, initialHelpState } from './domain/helps.ts';

/** `runHelpCommand(deps, helpId, command, who)`: one help's stream, loaded, decided and appended. */
export const runHelpCommand = commandHandler(
  { initialState: initialHelpState, evolve: evolveHelp },
  helpStreamId,
  decideHelp,
);
