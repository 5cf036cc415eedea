import type { ContactEvent, ContactNumberEvent } from '@zelo/contracts/contacts/events';
import { DomainError } from '@zelo/contracts/errors';

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
  | ({ kind: 'exists'; contactId: string; companyId: string; deleted: boolean } & ContactData);

export const initialContactState = (): ContactState => ({ kind: 'none' });

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  const { contactId, companyId, ...rest } = event.data as ContactEvent['data'] & ContactData;
  switch (event.type) {
    case 'ContactCreated':
      return { kind: 'exists', contactId, companyId, deleted: false, ...(rest as ContactData) };
    case 'ContactUpdated':
      return state.kind === 'exists' ? { ...state, ...(rest as ContactData) } : state;
    case 'ContactDeleted':
      return state.kind === 'exists' ? { ...state, deleted: true } : state;
  }
}

export type ContactCommand =
  | { type: 'CreateContact'; contactId: string; companyId: string; data: ContactData }
  | { type: 'UpdateContact'; data: ContactData }
  | { type: 'DeleteContact' };

export function decideContact(command: ContactCommand, state: ContactState): ContactEvent[] {
  if (command.type === 'CreateContact') {
    if (state.kind === 'exists') return [];
    return [
      {
        type: 'ContactCreated',
        data: { contactId: command.contactId, companyId: command.companyId, ...command.data },
      },
    ];
  }
  if (state.kind === 'none' || state.deleted)
    throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  const ref = { contactId: state.contactId, companyId: state.companyId };
  if (command.type === 'UpdateContact')
    return [{ type: 'ContactUpdated', data: { ...ref, ...command.data } }];
  return [{ type: 'ContactDeleted', data: ref }];
}

/** One contact per number per company: the number's stream names its owner. */
export const contactNumberStreamId = (companyId: string, number: string) =>
  `contactnumber-${companyId}-${number}`;

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
