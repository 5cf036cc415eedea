import type { ContactListEvent } from '@zelo/contracts/contact-lists/events';
import { DomainError } from '@zelo/contracts/errors';

export const contactListStreamId = (contactListId: string) => `contactlist-${contactListId}`;

export interface ListItem {
  name: string;
  number: string;
  email: string;
  /** The number WhatsApp was last asked about, and its answer. */
  validated: { number: string; isWhatsappValid: boolean } | null;
}

/** A list and its items, in one stream: the number is unique per list, decided here. */
export interface ContactListState {
  status: 'none' | 'active' | 'deleted';
  companyId: string | null;
  name: string;
  items: Record<string, ListItem>;
}
export const initialContactListState = (): ContactListState => ({
  status: 'none',
  companyId: null,
  name: '',
  items: {},
});

/**
 * Folds one event. The items record is changed in place: a fold owns its state (every load starts from
 * `initialContactListState()`), and copying a list of 5,000 items for each of its events made loading
 * it quadratic (seconds of CPU that stalled the whole process).
 */
export function evolveContactList(state: ContactListState, event: ContactListEvent): ContactListState {
  const { items } = state;
  switch (event.type) {
    case 'ContactListCreated':
      return { status: 'active', companyId: event.data.companyId, name: event.data.name, items };
    case 'ContactListUpdated':
      return { ...state, name: event.data.name };
    case 'ContactListDeleted':
      return { ...state, status: 'deleted' };
    case 'ContactListItemAdded':
    case 'ContactListItemUpdated': {
      const { itemId, name, number, email } = event.data;
      items[itemId] = { name, number, email, validated: items[itemId]?.validated ?? null };
      return state;
    }
    case 'ContactListItemRemoved':
      delete items[event.data.itemId];
      return state;
    case 'ContactListItemValidated': {
      const { itemId, number, isWhatsappValid } = event.data;
      if (items[itemId]) items[itemId] = { ...items[itemId], validated: { number, isWhatsappValid } };
      return state;
    }
  }
}

/**
 * A copy that `evolveContactList` may change without changing `state`: evolve replaces an item or
 * removes it, never edits one, so the items record is all there is to copy (a command handler decides
 * several commands in a row on a copy, keeping the state as stored in case its append fails).
 */
export const copyContactListState = (state: ContactListState): ContactListState => ({
  ...state,
  items: { ...state.items },
});

/** An item's number was never asked about (or changed since): WhatsApp must be asked. */
export const needsValidation = (item: ListItem | undefined): item is ListItem =>
  !!item && item.validated?.number !== item.number;

export interface NewItem {
  itemId: string;
  name: string;
  number: string;
  email: string;
}

export type ContactListCommand =
  | { type: 'CreateContactList'; companyId: string; contactListId: string; name: string }
  | { type: 'UpdateContactList'; companyId: string; contactListId: string; name: string }
  | { type: 'DeleteContactList'; companyId: string; contactListId: string }
  | { type: 'AddContactListItem'; companyId: string; contactListId: string; item: NewItem }
  /** A spreadsheet: every row whose number is free is added; the others are left out (see `takenNumbers`). */
  | { type: 'ImportContactListItems'; companyId: string; contactListId: string; items: NewItem[] }
  | { type: 'UpdateContactListItem'; companyId: string; contactListId: string; item: NewItem }
  | { type: 'RemoveContactListItem'; companyId: string; contactListId: string; itemId: string }
  | {
      type: 'RecordContactListValidation';
      companyId: string;
      contactListId: string;
      results: { itemId: string; number: string; isWhatsappValid: boolean }[];
    };

type Cmd<T extends ContactListCommand['type']> = Extract<ContactListCommand, { type: T }>;

/** The list as this company sees it: another company's list, a deleted one and none are all "not found". */
function activeList(state: ContactListState, companyId: string) {
  if (state.status !== 'active' || state.companyId !== companyId)
    throw new DomainError('ERR_NO_CONTACT_LIST_FOUND', 'contact list not found');
}

const ownerOf = (state: ContactListState, number: string) =>
  Object.entries(state.items).find(([, item]) => item.number === number)?.[0];

function assertNumberFree(state: ContactListState, itemId: string, number: string) {
  const owner = ownerOf(state, number);
  if (owner && owner !== itemId)
    throw new DomainError('ERR_DUPLICATED_CONTACT_LIST_ITEM', 'this number is already in the list');
}

function existingItem(state: ContactListState, command: { companyId: string }, itemId: string) {
  activeList(state, command.companyId);
  const item = state.items[itemId];
  if (!item) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND', 'contact list item not found');
  return item;
}

/** The numbers of `items` that the list already holds or that an earlier row of them repeats. */
export function takenNumbers(state: ContactListState, items: NewItem[]): Set<string> {
  const seen = new Set(Object.values(state.items).map((i) => i.number));
  const taken = new Set<string>();
  for (const item of items) {
    if (seen.has(item.number)) taken.add(item.itemId);
    seen.add(item.number);
  }
  return taken;
}

function createContactList(c: Cmd<'CreateContactList'>, state: ContactListState): ContactListEvent[] {
  if (state.status !== 'none') return [];
  const { companyId, contactListId, name } = c;
  return [{ type: 'ContactListCreated', data: { companyId, contactListId, name } }];
}

function updateContactList(c: Cmd<'UpdateContactList'>, state: ContactListState): ContactListEvent[] {
  activeList(state, c.companyId);
  const { companyId, contactListId, name } = c;
  return [{ type: 'ContactListUpdated', data: { companyId, contactListId, name } }];
}

function deleteContactList(c: Cmd<'DeleteContactList'>, state: ContactListState): ContactListEvent[] {
  activeList(state, c.companyId);
  const { companyId, contactListId } = c;
  return [{ type: 'ContactListDeleted', data: { companyId, contactListId } }];
}

function addContactListItem(c: Cmd<'AddContactListItem'>, state: ContactListState): ContactListEvent[] {
  activeList(state, c.companyId);
  if (state.items[c.item.itemId]) return [];
  assertNumberFree(state, c.item.itemId, c.item.number);
  const { companyId, contactListId, item } = c;
  return [{ type: 'ContactListItemAdded', data: { companyId, contactListId, ...item } }];
}

function importContactListItems(
  c: Cmd<'ImportContactListItems'>,
  state: ContactListState,
): ContactListEvent[] {
  activeList(state, c.companyId);
  const { companyId, contactListId } = c;
  const taken = takenNumbers(state, c.items);
  return c.items
    .filter((item) => !taken.has(item.itemId) && !state.items[item.itemId])
    .map((item) => ({ type: 'ContactListItemAdded', data: { companyId, contactListId, ...item } }));
}

function updateContactListItem(c: Cmd<'UpdateContactListItem'>, state: ContactListState): ContactListEvent[] {
  existingItem(state, c, c.item.itemId);
  assertNumberFree(state, c.item.itemId, c.item.number);
  const { companyId, contactListId, item } = c;
  return [{ type: 'ContactListItemUpdated', data: { companyId, contactListId, ...item } }];
}

function removeContactListItem(c: Cmd<'RemoveContactListItem'>, state: ContactListState): ContactListEvent[] {
  existingItem(state, c, c.itemId);
  const { companyId, contactListId, itemId } = c;
  return [{ type: 'ContactListItemRemoved', data: { companyId, contactListId, itemId } }];
}

/**
 * WhatsApp's answers, kept only for items still there with the number that was asked about and not
 * already answered the same: a late or repeated answer changes nothing.
 */
function recordValidation(
  c: Cmd<'RecordContactListValidation'>,
  state: ContactListState,
): ContactListEvent[] {
  if (state.status !== 'active' || state.companyId !== c.companyId) return [];
  const { companyId, contactListId } = c;
  return c.results
    .filter((r) => {
      const item = state.items[r.itemId];
      return (
        item?.number === r.number &&
        (item.validated?.number !== r.number || item.validated.isWhatsappValid !== r.isWhatsappValid)
      );
    })
    .map((r) => ({ type: 'ContactListItemValidated', data: { companyId, contactListId, ...r } }));
}

export function decideContactList(command: ContactListCommand, state: ContactListState): ContactListEvent[] {
  switch (command.type) {
    case 'CreateContactList':
      return createContactList(command, state);
    case 'UpdateContactList':
      return updateContactList(command, state);
    case 'DeleteContactList':
      return deleteContactList(command, state);
    case 'AddContactListItem':
      return addContactListItem(command, state);
    case 'ImportContactListItems':
      return importContactListItems(command, state);
    case 'UpdateContactListItem':
      return updateContactListItem(command, state);
    case 'RemoveContactListItem':
      return removeContactListItem(command, state);
    case 'RecordContactListValidation':
      return recordValidation(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
