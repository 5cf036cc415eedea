import type { ContactListEvent } from '@zelo/contracts/contact-lists/events';
import {
  contactListCreated,
  contactListDeleted,
  contactListItemAdded,
  contactListItemRemoved,
  contactListItemUpdated,
  contactListItemValidated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  type ContactListCommand,
  type ContactListState,
  copyContactListState,
  decideContactList,
  evolveContactList,
  initialContactListState,
  needsValidation,
} from './contact-list.ts';

const spec = decider<ContactListState, ContactListCommand, ContactListEvent>({
  initialState: initialContactListState,
  evolve: evolveContactList,
  decide: decideContactList,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const otherCompany = '00000000-0000-4000-8000-000000000002';
const contactListId = '00000000-0000-4000-8000-000000000010';
const maria = {
  itemId: '00000000-0000-4000-8000-000000000020',
  name: 'Maria',
  number: '5511988887777',
  email: 'maria@example.com',
};
const joao = {
  itemId: '00000000-0000-4000-8000-000000000021',
  name: 'João',
  number: '5511977776666',
  email: '',
};
const ref = { companyId, contactListId };
const created = contactListCreated({ ...ref, name: 'VIP' });
const mariaAdded = contactListItemAdded({ ...ref, ...maria });

describe('Contact lists', () => {
  describe('When there is no list', () => {
    it('a list is created', () =>
      spec
        .given([])
        .when({ type: 'CreateContactList', ...ref, name: 'VIP' })
        .then([created]));

    it('adding an item refuses with ERR_NO_CONTACT_LIST_FOUND', () =>
      spec
        .given([])
        .when({ type: 'AddContactListItem', ...ref, item: maria })
        .thenThrows('ERR_NO_CONTACT_LIST_FOUND'));
  });

  describe('When the list exists', () => {
    it('creating it again (a retried request) changes nothing', () =>
      spec
        .given([created])
        .when({ type: 'CreateContactList', ...ref, name: 'VIP' })
        .thenNothing());

    it('is renamed', () =>
      spec
        .given([created])
        .when({ type: 'UpdateContactList', ...ref, name: 'Ouro' })
        .then([{ type: 'ContactListUpdated', data: { ...ref, name: 'Ouro' } }]));

    it("is not found by another company's user", () =>
      spec
        .given([created])
        .when({ type: 'UpdateContactList', companyId: otherCompany, contactListId, name: 'X' })
        .thenThrows('ERR_NO_CONTACT_LIST_FOUND'));

    it('takes an item', () =>
      spec
        .given([created])
        .when({ type: 'AddContactListItem', ...ref, item: maria })
        .then([mariaAdded]));

    it('refuses a second item with the same number', () =>
      spec
        .given([created, mariaAdded])
        .when({ type: 'AddContactListItem', ...ref, item: { ...joao, number: maria.number } })
        .thenThrows('ERR_DUPLICATED_CONTACT_LIST_ITEM'));

    it('imports the rows whose number is free, in one decision, leaving out repeats', () =>
      spec
        .given([created, mariaAdded])
        .when({
          type: 'ImportContactListItems',
          ...ref,
          items: [
            { ...maria, itemId: '00000000-0000-4000-8000-000000000030' },
            joao,
            { ...joao, itemId: '00000000-0000-4000-8000-000000000031', name: 'João 2' },
          ],
        })
        .then([contactListItemAdded({ ...ref, ...joao })]));

    it('an item is edited, keeping its number unique', () => {
      spec
        .given([created, mariaAdded])
        .when({ type: 'UpdateContactListItem', ...ref, item: { ...maria, name: 'Maria S' } })
        .then([contactListItemUpdated({ ...ref, ...maria, name: 'Maria S' })]);
      spec
        .given([created, mariaAdded, contactListItemAdded({ ...ref, ...joao })])
        .when({ type: 'UpdateContactListItem', ...ref, item: { ...joao, number: maria.number } })
        .thenThrows('ERR_DUPLICATED_CONTACT_LIST_ITEM');
    });

    it('an unknown item is not found', () =>
      spec
        .given([created])
        .when({ type: 'RemoveContactListItem', ...ref, itemId: joao.itemId })
        .thenThrows('ERR_NO_CONTACT_LIST_ITEM_FOUND'));

    it('a removed item frees its number', () =>
      spec
        .given([created, mariaAdded, contactListItemRemoved({ ...ref, itemId: maria.itemId })])
        .when({ type: 'AddContactListItem', ...ref, item: { ...joao, number: maria.number } })
        .then([contactListItemAdded({ ...ref, ...joao, number: maria.number })]));
  });

  describe('When WhatsApp answers about numbers', () => {
    const valid = { itemId: maria.itemId, number: maria.number, isWhatsappValid: true };

    it('records the answer for the number asked about', () =>
      spec
        .given([created, mariaAdded])
        .when({ type: 'RecordContactListValidation', ...ref, results: [valid] })
        .then([contactListItemValidated({ ...ref, ...valid })]));

    it('ignores a repeated answer, an answer about an old number, and a removed item', () => {
      const validated = contactListItemValidated({ ...ref, ...valid });
      spec
        .given([created, mariaAdded, validated])
        .when({ type: 'RecordContactListValidation', ...ref, results: [valid] })
        .thenNothing();
      spec
        .given([created, mariaAdded, contactListItemUpdated({ ...ref, ...maria, number: '5511900001111' })])
        .when({ type: 'RecordContactListValidation', ...ref, results: [valid] })
        .thenNothing();
      spec
        .given([created, mariaAdded, contactListItemRemoved({ ...ref, itemId: maria.itemId })])
        .when({ type: 'RecordContactListValidation', ...ref, results: [valid] })
        .thenNothing();
    });

    it('an item needs asking again only when its number changed since', () => {
      const state = [created, mariaAdded, contactListItemValidated({ ...ref, ...valid })].reduce(
        evolveContactList,
        initialContactListState(),
      );
      expect(needsValidation(state.items[maria.itemId])).toBe(false);
      const edited = evolveContactList(
        state,
        contactListItemUpdated({ ...ref, ...maria, number: '5511900001111' }),
      );
      expect(needsValidation(edited.items[maria.itemId])).toBe(true);
    });
  });

  it('a copy evolves without changing the state it was copied from', () => {
    const state = [created, mariaAdded].reduce(evolveContactList, initialContactListState());
    const before = structuredClone(state);
    const valid = { itemId: maria.itemId, number: maria.number, isWhatsappValid: true };
    [
      contactListItemAdded({ ...ref, ...joao }),
      contactListItemValidated({ ...ref, ...valid }),
      contactListItemUpdated({ ...ref, ...maria, name: 'Maria S' }),
      contactListItemRemoved({ ...ref, itemId: maria.itemId }),
      contactListDeleted(ref),
    ].reduce(evolveContactList, copyContactListState(state));
    expect(state).toEqual(before);
  });

  describe('When the list was deleted', () => {
    it('nothing more is added to it', () =>
      spec
        .given([created, contactListDeleted(ref)])
        .when({ type: 'AddContactListItem', ...ref, item: maria })
        .thenThrows('ERR_NO_CONTACT_LIST_FOUND'));
  });
});
