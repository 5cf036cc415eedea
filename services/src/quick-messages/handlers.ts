import type { QuickMessageEvent } from '@zelo/contracts/quick-messages/events';
import { type Actor, type Deps, handle } from '../platform/command-handler.ts';
import {
  decideQuickMessages,
  evolveQuickMessages,
  initialQuickMessagesState,
  type QuickMessageCommand,
  type QuickMessagesState,
  quickMessagesStreamId,
} from './domain/quick-messages.ts';

const aggregate = { initialState: initialQuickMessagesState, evolve: evolveQuickMessages };

export const runQuickMessageCommand = (deps: Deps, command: QuickMessageCommand, who: Actor) =>
  handle<QuickMessagesState, QuickMessageEvent>(
    deps,
    quickMessagesStreamId(command.companyId),
    aggregate,
    (s) => decideQuickMessages(command, s),
    who,
  );
