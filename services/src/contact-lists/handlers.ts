import { type Actor, type Deps, load } from '../platform/command-handler.ts';
import { queuedCommandHandler } from '../platform/queued-commands.ts';
import {
  type ContactListCommand,
  contactListStreamId,
  copyContactListState,
  decideContactList,
  evolveContactList,
  initialContactListState,
} from './domain/contact-list.ts';

const aggregate = { initialState: initialContactListState, evolve: evolveContactList };

/**
 * A list and its items share the list's stream, which decides that a number is there once. Agents
 * adding to one list at once go through its group commit in their process instead of racing on the
 * stream (see `queuedCommandHandler`). Per-number claim streams would spread the writes too, but move
 * the items out of the list's stream, and the import, the validation reactor and the campaigns that
 * read it with them. The attempts are for the API processes (and the channel worker's answers)
 * writing to one list, one group each at a time.
 */
const handleContactListCommand = queuedCommandHandler(aggregate, contactListStreamId, decideContactList, {
  maxAttempts: 30,
  maxGroup: 100,
  keep: 16,
  copy: copyContactListState,
});

/** A list and its items share the list's stream, so the command names the stream by its list. */
export const runContactListCommand = (deps: Deps, command: ContactListCommand, who: Actor) =>
  handleContactListCommand(deps, command.contactListId, command, who);

/** The list's stream folded: what the validation reactor checks before asking WhatsApp. */
export const loadContactList = async (deps: Deps, contactListId: string) =>
  (await load(deps.store, contactListStreamId(contactListId), aggregate)).state;
