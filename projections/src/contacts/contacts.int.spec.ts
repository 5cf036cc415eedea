import type { AnyEvent } from '@zelo/contracts/events';
import { contactCreated, contactDeleted, contactUpdated, testId } from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { contactsProjection } from './contacts.ts';
import { getContact, listAllContacts, listContacts } from './queries.ts';

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
});
