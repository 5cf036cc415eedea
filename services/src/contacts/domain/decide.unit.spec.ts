import type { ContactEvent, ContactNumberEvent } from '@zelo/contracts/contacts/events';
import { DomainError } from '@zelo/contracts/errors';
import {
  contactCreated,
  contactDeleted,
  contactNumberClaimed,
  contactNumberReleased,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  type ContactCommand,
  type ContactData,
  type ContactState,
  decideContact,
  decideNumberClaim,
  decideNumberRelease,
  evolveContact,
  evolveNumber,
  initialContactState,
  initialNumberState,
  type NumberState,
} from './contact.ts';

const contact = decider<ContactState, ContactCommand, ContactEvent>({
  initialState: initialContactState,
  evolve: evolveContact,
  decide: decideContact,
});

type NumberCommand = { type: 'Claim' | 'Release'; companyId: string; number: string; contactId: string };
const numberClaims = decider<NumberState, NumberCommand, ContactNumberEvent>({
  initialState: initialNumberState,
  evolve: evolveNumber,
  decide: ({ type, ...c }, s) => (type === 'Claim' ? decideNumberClaim(c, s) : decideNumberRelease(c, s)),
});

const companyId = '00000000-0000-4000-8000-000000000001';
const maria = '00000000-0000-4000-8000-000000000040';
const joao = '00000000-0000-4000-8000-000000000041';
const number = '5511999990000';

const data: ContactData = {
  name: 'Maria Silva',
  number,
  email: 'maria@example.com',
  isGroup: false,
  profilePicUrl: '',
  extraInfo: [{ name: 'CPF', value: '123' }],
};
const renamed: ContactData = { ...data, name: 'Maria S. Souza', extraInfo: [] };
const ref = { contactId: maria, companyId };
const created = contactCreated({ ...ref, ...data });
const deleted = contactDeleted(ref);
const create: ContactCommand = { type: 'CreateContact', contactId: maria, companyId, data };

const claimed = (contactId: string) => contactNumberClaimed({ companyId, number, contactId });
const released = (contactId: string) => contactNumberReleased({ companyId, number, contactId });

describe('Contact', () => {
  describe('When it does not exist', () => {
    it('creating it records the contact', () => contact.given([]).when(create).then([created]));

    it('updating refuses with ERR_NO_CONTACT_FOUND', () =>
      contact.given([]).when({ type: 'UpdateContact', data: renamed }).thenThrows('ERR_NO_CONTACT_FOUND'));

    it('deleting refuses with ERR_NO_CONTACT_FOUND', () =>
      contact.given([]).when({ type: 'DeleteContact' }).thenThrows('ERR_NO_CONTACT_FOUND'));
  });

  describe('When it exists', () => {
    it('creating it again (a retried request) decides nothing', () =>
      contact.given([created]).when(create).thenNothing());

    it('updating records the new name and extra info', () =>
      contact
        .given([created])
        .when({ type: 'UpdateContact', data: renamed })
        .then([{ type: 'ContactUpdated', data: { ...ref, ...renamed } }]));

    it('deleting records the deletion', () =>
      contact.given([created]).when({ type: 'DeleteContact' }).then([deleted]));
  });

  describe('When deleted', () => {
    it('updating refuses with ERR_NO_CONTACT_FOUND', () =>
      contact
        .given([created, deleted])
        .when({ type: 'UpdateContact', data: renamed })
        .thenThrows('ERR_NO_CONTACT_FOUND'));

    it('deleting again refuses with ERR_NO_CONTACT_FOUND', () =>
      contact.given([created, deleted]).when({ type: 'DeleteContact' }).thenThrows('ERR_NO_CONTACT_FOUND'));
  });
});

describe('Contact number', () => {
  describe('When free', () => {
    it('a contact claims it', () =>
      numberClaims
        .given([])
        .when({ type: 'Claim', companyId, number, contactId: maria })
        .then([claimed(maria)]));

    it('releasing it decides nothing', () =>
      numberClaims.given([]).when({ type: 'Release', companyId, number, contactId: maria }).thenNothing());
  });

  describe('When claimed', () => {
    it('the owner claiming again decides nothing', () =>
      numberClaims
        .given([claimed(maria)])
        .when({ type: 'Claim', companyId, number, contactId: maria })
        .thenNothing());

    it('a second contact on the same number refuses with ERR_DUPLICATED_CONTACT', () =>
      numberClaims
        .given([claimed(maria)])
        .when({ type: 'Claim', companyId, number, contactId: joao })
        .thenThrows('ERR_DUPLICATED_CONTACT'));

    it('the refusal names the existing contact', () => {
      const state = [claimed(maria)].reduce(evolveNumber, initialNumberState());
      let thrown: unknown;
      try {
        decideNumberClaim({ companyId, number, contactId: joao }, state);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect((thrown as DomainError).details).toEqual({ contactId: maria });
    });

    it('only the owner can release it', () => {
      numberClaims
        .given([claimed(maria)])
        .when({ type: 'Release', companyId, number, contactId: joao })
        .thenNothing();
      numberClaims
        .given([claimed(maria)])
        .when({ type: 'Release', companyId, number, contactId: maria })
        .then([released(maria)]);
    });
  });

  describe('When released', () => {
    it('another contact may claim it', () =>
      numberClaims
        .given([claimed(maria), released(maria)])
        .when({ type: 'Claim', companyId, number, contactId: joao })
        .then([claimed(joao)]));
  });
});
