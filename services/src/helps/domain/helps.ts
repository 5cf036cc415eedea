import { DomainError } from '@zelo/contracts/errors';
import type { HelpCreated, HelpEvent } from '@zelo/contracts/helps/events';

export type Help = HelpCreated['data'];

/** One stream per help video; helps are the platform's, so the stream names no company. */
export type HelpState = { status: 'absent' } | { status: 'active'; help: Help } | { status: 'deleted' };
export const helpStreamId = (helpId: string) => `help-${helpId}`;
export const initialHelpState = (): HelpState => ({ status: 'absent' });

export function evolveHelp(_state: HelpState, event: HelpEvent): HelpState {
  switch (event.type) {
    case 'HelpCreated':
    case 'HelpUpdated':
      return { status: 'active', help: event.data };
    case 'HelpDeleted':
      return { status: 'deleted' };
  }
}

export type HelpCommand =
  | { type: 'CreateHelp'; help: Help }
  | { type: 'UpdateHelp'; help: Help }
  | { type: 'DeleteHelp'; helpId: string };

function existing(state: HelpState): Help {
  if (state.status !== 'active') throw new DomainError('ERR_NO_HELP_FOUND', 'help not found');
  return state.help;
}

export function decideHelp(command: HelpCommand, state: HelpState): HelpEvent[] {
  switch (command.type) {
    case 'CreateHelp':
      // A retried create of the same id decides nothing.
      if (state.status !== 'absent') return [];
      return [{ type: 'HelpCreated', data: command.help }];
    case 'UpdateHelp': {
      const current = existing(state);
      const next = command.help;
      const same =
        current.title === next.title &&
        current.video === next.video &&
        current.description === next.description;
      return same ? [] : [{ type: 'HelpUpdated', data: next }];
    }
    case 'DeleteHelp':
      existing(state);
      return [{ type: 'HelpDeleted', data: { helpId: command.helpId } }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
