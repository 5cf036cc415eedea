import { type Actor, commandHandler, type Deps } from '../platform/command-handler.ts';
import { type ChatCommand, chatStreamId, decideChat, evolveChat, initialChatState } from './domain/chat.ts';

const aggregate = { initialState: initialChatState, evolve: evolveChat };
const handleChatCommand = commandHandler(aggregate, chatStreamId, decideChat);

/** Each chat is a stream of its own, named by the chat the command names. */
export const runChatCommand = (deps: Deps, command: ChatCommand, who: Actor) =>
  handleChatCommand(deps, command.chatId, command, who);
