import type { AnyEvent } from '@zelo/contracts/events';
import {
  contactListCreated,
  contactListDeleted,
  contactListItemAdded,
  contactListItemRemoved,
  contactListItemUpdated,
  contactListItemValidated,
  contactListUpdated,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { contactListsProjection } from './contact-lists.ts';
import {
  allContactLists,
  getContactList,
  getContactListItem,
  listValidRecipients,
  searchContactListItems,
  searchContactLists,
  uncheckedContactListItems,
} from './queries.ts';

describe('contact-lists read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => db.given([contactListsProjection], events);

  const aList = (companyId: string, name: string) => {
    const created = contactListCreated({ companyId, name });
    const item = (name: string, number: string) =>
      contactListItemAdded({ companyId, contactListId: created.data.contactListId, name, number, email: '' });
    return { created, id: created.data.contactListId, item };
  };

  it('counts a list’s items and follows renames, removals and deletion', async () => {
    const companyId = testId();
    const vip = aList(companyId, 'VIP');
    const ana = vip.item('Ana', '5511911110001');
    const bia = vip.item('Bia', '5511911110002');
    const { changes } = await given(
      vip.created,
      ana,
      bia,
      contactListUpdated({ companyId, contactListId: vip.id, name: 'Clientes VIP' }),
    );
    expect(await getContactList(db.pool, companyId, vip.id)).toMatchObject({
      id: vip.id,
      name: 'Clientes VIP',
      contactsCount: 2,
      companyId,
    });
    // One batch: the list's count change is pushed once, items each once.
    expect(changes.filter((c) => c.kind === 'ContactList' && c.action === 'update')).toHaveLength(1);
    expect(changes.filter((c) => c.kind === 'ContactListItem').map((c) => c.id)).toEqual([
      ana.data.itemId,
      bia.data.itemId,
    ]);

    await given(contactListItemRemoved({ companyId, contactListId: vip.id, itemId: ana.data.itemId }));
    expect((await getContactList(db.pool, companyId, vip.id))?.contactsCount).toBe(1);
    expect(await getContactListItem(db.pool, companyId, ana.data.itemId)).toBeNull();

    await given(contactListDeleted({ companyId, contactListId: vip.id }));
    expect(await getContactList(db.pool, companyId, vip.id)).toBeNull();
    expect(await getContactListItem(db.pool, companyId, bia.data.itemId)).toBeNull();
  });

  it('searches lists and items of one company only, page by page', async () => {
    const companyId = testId();
    const other = testId();
    const lists = Array.from({ length: 25 }, (_, i) =>
      aList(companyId, `Lista ${String(i).padStart(2, '0')}`),
    );
    const foreign = aList(other, 'Lista de outra');
    await given(...lists.map((l) => l.created), foreign.created);
    const page1 = await searchContactLists(db.pool, companyId, { searchParam: 'lista', pageNumber: 1 });
    expect(page1).toMatchObject({ count: 25, hasMore: true });
    expect(page1.records[0].name).toBe('Lista 00');
    const page2 = await searchContactLists(db.pool, companyId, { searchParam: 'lista', pageNumber: 2 });
    expect(page2.records.map((r) => r.name)).toEqual([
      'Lista 20',
      'Lista 21',
      'Lista 22',
      'Lista 23',
      'Lista 24',
    ]);
    expect(page2.hasMore).toBe(false);
    expect((await allContactLists(db.pool, companyId)).map((l) => l.id)).not.toContain(foreign.id);
    expect(await getContactList(db.pool, companyId, foreign.id)).toBeNull();

    const l = lists[0];
    await given(l.item('Carla', '5511922220001'), l.item('Davi', '5511922220002'));
    expect(
      (
        await searchContactListItems(db.pool, companyId, {
          contactListId: l.id,
          searchParam: '0002',
          pageNumber: 1,
        })
      ).contacts.map((c) => c.name),
    ).toEqual(['Davi']);
    expect(await searchContactListItems(db.pool, other, { contactListId: l.id, pageNumber: 1 })).toEqual({
      contacts: [],
      count: 0,
      hasMore: false,
    });
  });

  it('shows WhatsApp’s answer for the current number only, and lists the valid recipients in the order added', async () => {
    const companyId = testId();
    const l = aList(companyId, 'Campanha');
    const zeca = l.item('Zeca', '5511933330001');
    const ana = l.item('Ana', '5511933330002');
    const bia = l.item('Bia', '5511933330003');
    const ref = { companyId, contactListId: l.id };
    await given(l.created, zeca, ana, bia);
    expect((await getContactListItem(db.pool, companyId, zeca.data.itemId))?.isWhatsappValid).toBeNull();
    expect((await uncheckedContactListItems(db.pool, companyId)).map((u) => u.itemId)).toEqual([
      zeca.data.itemId,
      ana.data.itemId,
      bia.data.itemId,
    ]);

    await given(
      contactListItemValidated({
        ...ref,
        itemId: zeca.data.itemId,
        number: zeca.data.number,
        isWhatsappValid: true,
      }),
      contactListItemValidated({
        ...ref,
        itemId: ana.data.itemId,
        number: ana.data.number,
        isWhatsappValid: false,
      }),
      contactListItemValidated({
        ...ref,
        itemId: bia.data.itemId,
        number: bia.data.number,
        isWhatsappValid: true,
      }),
    );
    expect(await listValidRecipients(db.pool, companyId, l.id)).toEqual([
      { number: '5511933330001', name: 'Zeca', email: '' },
      { number: '5511933330003', name: 'Bia', email: '' },
    ]);
    expect(await listValidRecipients(db.pool, testId(), l.id)).toEqual([]);

    // A new number is unknown again; a rename keeps the answer.
    await given(
      contactListItemUpdated({
        ...ref,
        itemId: zeca.data.itemId,
        name: 'Zeca',
        number: '5511933330009',
        email: '',
      }),
      contactListItemUpdated({
        ...ref,
        itemId: bia.data.itemId,
        name: 'Bia Souza',
        number: bia.data.number,
        email: '',
      }),
    );
    expect((await getContactListItem(db.pool, companyId, zeca.data.itemId))?.isWhatsappValid).toBeNull();
    expect(await listValidRecipients(db.pool, companyId, l.id)).toEqual([
      { number: '5511933330003', name: 'Bia Souza', email: '' },
    ]);
  });
});
