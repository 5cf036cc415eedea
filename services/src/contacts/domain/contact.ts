import type { ContactEvent, ContactNumberEvent } from '@zelo/contracts/contacts/events';
import { DomainError } from '@zelo/contracts/errors';
import { personalIndex } from '../../privacy/personal-index.ts';

export interface ContactData {
  name: string;
  number: string;
  email: string;
  isGroup: boolean;
  profilePicUrl: string;
  extraInfo: { name: string; value: string }[];
}

export type ContactState =
  | { kind: 'none' }
  | ({
      kind: 'exists';
      contactId: string;
      companyId: string;
      deleted: boolean;
      /** LGPD (issue 25): skipped by campaigns. */
      optedOut: boolean;
      /** LGPD (issue 25): its personal data is unreadable; the id answers 404 like a deleted one. */
      erased: boolean;
    } & ContactData);

export const initialContactState = (): ContactState => ({ kind: 'none' });

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  const { contactId, companyId, ...rest } = event.data as ContactEvent['data'] & ContactData;
  switch (event.type) {
    case 'ContactCreated':
      return {
        kind: 'exists',
        contactId,
        companyId,
        deleted: false,
        optedOut: false,
        erased: false,
        ...(rest as ContactData),
      };
    case 'ContactUpdated':
      return state.kind === 'exists' ? { ...state, ...(rest as ContactData) } : state;
    case 'ContactDeleted':
      return state.kind === 'exists' ? { ...state, deleted: true } : state;
    case 'ContactOptedOut':
      return state.kind === 'exists' ? { ...state, optedOut: true } : state;
    case 'ContactOptedIn':
      return state.kind === 'exists' ? { ...state, optedOut: false } : state;
    case 'ContactErased':
      return state.kind === 'exists' ? { ...state, erased: true } : state;
  }
}

export type ContactCommand =
  | { type: 'CreateContact'; contactId: string; companyId: string; data: ContactData }
  | { type: 'UpdateContact'; data: ContactData }
  | { type: 'DeleteContact' }
  | { type: 'OptOutContact'; via: 'word' | 'admin'; word: string | null; userId: string | null; at: string }
  | { type: 'OptInContact'; via: 'word' | 'admin'; word: string | null; userId: string | null; at: string }
  | { type: 'EraseContact'; userId: string | null; at: string };

type Cmd<T extends ContactCommand['type']> = Extract<ContactCommand, { type: T }>;
type Existing = Extract<ContactState, { kind: 'exists' }>;

function existing(state: ContactState): Existing {
  if (state.kind === 'none' || state.deleted || state.erased)
    throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  return state;
}

const refOf = (c: Existing) => ({ contactId: c.contactId, companyId: c.companyId });

function createContact(command: Cmd<'CreateContact'>, state: ContactState): ContactEvent[] {
  if (state.kind === 'exists') return [];
  const { contactId, companyId, data } = command;
  return [{ type: 'ContactCreated', data: { contactId, companyId, ...data } }];
}

function updateContact(command: Cmd<'UpdateContact'>, state: ContactState): ContactEvent[] {
  return [{ type: 'ContactUpdated', data: { ...refOf(existing(state)), ...command.data } }];
}

/** A deleted contact's events still hold its data, so it can be erased too; erasing twice records once. */
function eraseContact(command: Cmd<'EraseContact'>, state: ContactState): ContactEvent[] {
  if (state.kind === 'none') throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  if (state.erased) return [];
  return [{ type: 'ContactErased', data: { ...refOf(state), userId: command.userId, erasedAt: command.at } }];
}

function deleteContact(state: ContactState): ContactEvent[] {
  return [{ type: 'ContactDeleted', data: refOf(existing(state)) }];
}

export function decideContact(command: ContactCommand, state: ContactState): ContactEvent[] {
  switch (command.type) {
    case 'CreateContact':
      return createContact(command, state);
    case 'UpdateContact':
      return updateContact(command, state);
    case 'DeleteContact':
      return deleteContact(state);
    case 'OptOutContact': {
      const c = existing(state);
      if (c.optedOut) return [];
      const { via, word, userId, at } = command;
      return [{ type: 'ContactOptedOut', data: { ...refOf(c), via, word, userId, optedOutAt: at } }];
    }
    case 'OptInContact': {
      const c = existing(state);
      if (!c.optedOut) return [];
      const { via, word, userId, at } = command;
      return [{ type: 'ContactOptedIn', data: { ...refOf(c), via, word, userId, optedInAt: at } }];
    }
    case 'EraseContact':
      return eraseContact(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * One contact per number per company: the number's stream names its owner. The id holds the number's
 * index, not the number (issue 25: an erased contact's number must not stay readable in stream ids).
 */
export const contactNumberStreamId = (companyId: string, number: string) =>
  `contactnumber-${companyId}-${personalIndex(number)}`;

export interface NumberState {
  owner: string | null;
}
export const initialNumberState = (): NumberState => ({ owner: null });
export const evolveNumber = (_: NumberState, e: ContactNumberEvent): NumberState => ({
  owner: e.type === 'ContactNumberClaimed' ? e.data.contactId : null,
});

export function decideNumberClaim(
  c: { companyId: string; number: string; contactId: string },
  state: NumberState,
): ContactNumberEvent[] {
  if (state.owner === c.contactId) return [];
  if (state.owner)
    throw new DomainError('ERR_DUPLICATED_CONTACT', 'a contact with this number already exists', {
      contactId: state.owner,
    });
  return [{ type: 'ContactNumberClaimed', data: c }];
}

export function decideNumberRelease(
  c: { companyId: string; number: string; contactId: string },
  state: NumberState,
): ContactNumberEvent[] {
  return state.owner === c.contactId ? [{ type: 'ContactNumberReleased', data: c }] : [];
}

type NumberClaim = { companyId: string; number: string; contactId: string };
export type ContactNumberCommand =
  | ({ type: 'ClaimContactNumber' } & NumberClaim)
  | ({ type: 'ReleaseContactNumber' } & NumberClaim);

/** The number's stream: a contact claims it, or releases it (when renumbered or deleted). */
export function decideContactNumber(command: ContactNumberCommand, state: NumberState): ContactNumberEvent[] {
  const { type, ...claim } = command;
  switch (type) {
    case 'ClaimContactNumber':
      return decideNumberClaim(claim, state);
    case 'ReleaseContactNumber':
      return decideNumberRelease(claim, state);
    default: {
      const unknown: never = type;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
