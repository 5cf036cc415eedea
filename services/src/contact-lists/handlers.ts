import { type Actor, commandHandler, type Deps, load } from '../platform/command-handler.ts';
import {
  type ContactListCommand,
  contactListStreamId,
  decideContactList,
  evolveContactList,
  initialContactListState,
} from './domain/contact-list.ts';

const aggregate = { initialState: initialContactListState, evolve: evolveContactList };
const handleContactListCommand = commandHandler(aggregate, contactListStreamId, decideContactList);

/** A list and its items share the list's stream, so the command names the stream by its list. */
export const runContactListCommand = (deps: Deps, command: ContactListCommand, who: Actor) =>
  handleContactListCommand(deps, command.contactListId, command, who);

/** The list's stream folded: what the validation reactor checks before asking WhatsApp. */
export const loadContactList = async (deps: Deps, contactListId: string) =>
  (await load(deps.store, contactListStreamId(contactListId), aggregate)).state;
