import type { AnyEvent } from '@zelo/contracts/events';
import {
  contactCreated,
  contactDeleted,
  contactErased,
  contactListItemAdded,
  contactListItemValidated,
  contactOptedIn,
  contactOptedOut,
  contactUpdated,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { contactListsProjection } from '../contact-lists/contact-lists.ts';
import { listValidRecipients, searchContactListItems } from '../contact-lists/queries.ts';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { contactsProjection } from './contacts.ts';
import { getContact, getContactsByIds, listAllContacts, listContacts } from './queries.ts';

describe('contacts read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => (await db.given([contactsProjection], events)).history;

  it('shows a contact as created, then as last updated, keeping when it was created', async () => {
    const companyId = testId();
    const created = contactCreated({ companyId, name: 'Ana Souza', number: '5511987654321' });
    const { contactId } = created.data;
    const history = await given(
      created,
      contactUpdated({
        companyId,
        contactId,
        name: 'Ana S. Lima',
        number: '5511987654321',
        email: 'ana@example.com',
        profilePicUrl: 'https://pics.example/ana.jpg',
        extraInfo: [{ name: 'CPF', value: '123' }],
      }),
    );
    expect(await getContact(db.pool, companyId, contactId)).toEqual({
      id: contactId,
      name: 'Ana S. Lima',
      number: '5511987654321',
      email: 'ana@example.com',
      isGroup: false,
      profilePicUrl: 'https://pics.example/ana.jpg',
      extraInfo: [{ name: 'CPF', value: '123' }],
      optedOut: false,
      optedOutAt: null,
      createdAt: history[0].metadata.at,
      updatedAt: history[1].metadata.at,
    });
  });

  it('lists the company contacts by name, found by name, number or e-mail, without the deleted ones', async () => {
    const companyId = testId();
    const carla = contactCreated({ companyId, name: 'Carla', number: '5521911112222', email: '' });
    const bruno = contactCreated({ companyId, name: 'Bruno', number: '5531933334444', email: 'b@x.example' });
    const gone = contactCreated({ companyId, name: 'Amanda', number: '5541955556666' });
    await given(
      carla,
      bruno,
      gone,
      contactDeleted({ companyId, contactId: gone.data.contactId }),
      // Another company's contact never shows.
      contactCreated({ name: 'Carla de outra empresa' }),
    );
    const page = await listContacts(db.pool, companyId, '', 1);
    expect(page.contacts.map((c) => c.name)).toEqual(['Bruno', 'Carla']);
    expect(page.count).toBe(2);
    expect((await listContacts(db.pool, companyId, '2191111', 1)).contacts.map((c) => c.id)).toEqual([
      carla.data.contactId,
    ]);
    expect((await listAllContacts(db.pool, companyId, 'b@x')).map((c) => c.id)).toEqual([
      bruno.data.contactId,
    ]);
    expect(await getContact(db.pool, companyId, gone.data.contactId)).toBeNull();
  });

  it('marks a contact opted out and back in, as the campaign send path reads it', async () => {
    const companyId = testId();
    const created = contactCreated({ companyId, name: 'Dora', number: '5511900001111' });
    const { contactId } = created.data;
    const history = await given(
      created,
      contactOptedOut({ companyId, contactId, optedOutAt: '2026-03-04T05:06:07.000Z' }),
    );
    expect(await getContact(db.pool, companyId, contactId)).toMatchObject({
      optedOut: true,
      optedOutAt: '2026-03-04T05:06:07.000Z',
      updatedAt: history[1].metadata.at,
    });
    expect((await listContacts(db.pool, companyId, 'Dora', 1)).contacts[0].optedOut).toBe(true);
    await given(contactOptedIn({ companyId, contactId, via: 'word', word: 'VOLTAR' }));
    expect(await getContact(db.pool, companyId, contactId)).toMatchObject({
      optedOut: false,
      optedOutAt: null,
    });
    const { rows } = await db.pool.query('SELECT opted_out FROM contacts WHERE id = $1', [contactId]);
    expect(rows).toEqual([{ opted_out: false }]);
  });

  it("erases a contact: its row keeps nothing personal and leaves every list; its number's list items go blank", async () => {
    const companyId = testId();
    const erased = contactCreated({
      companyId,
      name: 'Elisa Prado',
      number: '5511977776666',
      email: 'elisa@example.com',
      profilePicUrl: '/public/pic.jpg',
      extraInfo: [{ name: 'CPF', value: '999' }],
    });
    const kept = contactCreated({ companyId, name: 'Elias', number: '5511977775555' });
    const { contactId } = erased.data;
    const contactListId = testId();
    // The same number as typed in a spreadsheet, a neighbour's, and another company's same number.
    const sameNumber = contactListItemAdded({
      companyId,
      contactListId,
      name: 'Elisa P.',
      number: '+55 11 97777-6666',
      email: 'elisa@example.com',
    });
    const neighbour = contactListItemAdded({
      companyId,
      contactListId,
      name: 'Elias',
      number: '5511977775555',
      email: 'elias@example.com',
    });
    const elsewhere = contactListItemAdded({ name: 'Elisa', number: '5511977776666' });
    const validated = [sameNumber, neighbour].map((i) =>
      contactListItemValidated({ companyId, contactListId, itemId: i.data.itemId, number: i.data.number }),
    );
    await db.given(
      [contactsProjection, contactListsProjection],
      [erased, kept, sameNumber, neighbour, elsewhere, ...validated],
    );
    expect(await listValidRecipients(db.pool, companyId, contactListId)).toHaveLength(2);

    await db.given([contactsProjection, contactListsProjection], [contactErased({ companyId, contactId })]);

    const { rows } = await db.pool.query(
      `SELECT name, number, email, profile_pic_url, extra_info, erased, opted_out FROM contacts WHERE id = $1`,
      [contactId],
    );
    expect(rows).toEqual([
      {
        name: 'Contato removido',
        number: '',
        email: '',
        profile_pic_url: '',
        extra_info: [],
        erased: true,
        opted_out: false,
      },
    ]);
    expect(await getContact(db.pool, companyId, contactId)).toBeNull();
    expect(await getContactsByIds(db.pool, companyId, [contactId, kept.data.contactId])).toHaveLength(1);
    expect((await listContacts(db.pool, companyId, '', 1)).contacts.map((c) => c.name)).toEqual(['Elias']);
    expect((await listContacts(db.pool, companyId, '', 1)).count).toBe(1);
    expect((await listAllContacts(db.pool, companyId, 'removido')).map((c) => c.id)).toEqual([]);

    const items = await searchContactListItems(db.pool, companyId, { contactListId, pageNumber: 1 });
    expect(items.contacts.map((i) => [i.name, i.number, i.email])).toEqual([
      ['Contato removido', '', ''],
      ['Elias', '5511977775555', 'elias@example.com'],
    ]);
    const other = await db.pool.query('SELECT name, number FROM contact_list_items WHERE id = $1', [
      elsewhere.data.itemId,
    ]);
    expect(other.rows).toEqual([{ name: 'Elisa', number: '5511977776666' }]);
    // A campaign on the list reaches the neighbour only.
    expect((await listValidRecipients(db.pool, companyId, contactListId)).map((r) => r.name)).toEqual([
      'Elias',
    ]);
  });

  it("shows a list item opted out while its number's contact is, following later opt-outs", async () => {
    const companyId = testId();
    const contact = contactCreated({ companyId, name: 'Fábio', number: '5521988887777' });
    const { contactId } = contact.data;
    const contactListId = testId();
    const item = contactListItemAdded({
      companyId,
      contactListId,
      name: 'Fábio',
      number: '+55 21 98888-7777',
    });
    const other = contactListItemAdded({ companyId, contactListId, name: 'Gil', number: '5521988880000' });
    await db.given([contactsProjection, contactListsProjection], [contact, item, other]);
    const optedOut = async () =>
      (await searchContactListItems(db.pool, companyId, { contactListId, pageNumber: 1 })).contacts.map(
        (i) => [i.name, i.optedOut],
      );
    expect(await optedOut()).toEqual([
      ['Fábio', false],
      ['Gil', false],
    ]);
    await given(contactOptedOut({ companyId, contactId, via: 'admin', word: null, userId: testId() }));
    expect(await optedOut()).toEqual([
      ['Fábio', true],
      ['Gil', false],
    ]);
    await given(contactOptedIn({ companyId, contactId }));
    expect(await optedOut()).toEqual([
      ['Fábio', false],
      ['Gil', false],
    ]);
  });
});
