import { type Actor, commandHandler, type Deps } from '../platform/command-handler.ts';
import {
  decideQuickMessages,
  evolveQuickMessages,
  initialQuickMessagesState,
  type QuickMessageCommand,
  quickMessagesStreamId,
} from './domain/quick-messages.ts';

const aggregate = { initialState: initialQuickMessagesState, evolve: evolveQuickMessages };
const handleQuickMessageCommand = commandHandler(aggregate, quickMessagesStreamId, decideQuickMessages);

/** All of a company's quick messages share its stream, so the command names the stream by its company. */
export const runQuickMessageCommand = (deps: Deps, command: QuickMessageCommand, who: Actor) =>
  handleQuickMessageCommand(deps, command.companyId, command, who);
