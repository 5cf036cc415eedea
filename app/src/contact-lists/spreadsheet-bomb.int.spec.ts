import { xlsxOf, zipBombXlsx } from '@zelo/services/testing/zip-bomb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactListEventCount } from '../testing/contact-lists.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// A hostile spreadsheet (doc 2 §2.6 import): an .xlsx under the 5 MB cap whose sheet unpacks to
// hundreds of megabytes is refused with the upload's error while the server keeps answering, and
// the next honest file imports as before.

describe('a zip bomb as contact list import', () => {
  let system: TestSystem;
  let admin: string;

  const upload = async (listId: string, name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    const res = await fetch(`${system.url}/contact-lists/${listId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  const listEvents = () => contactListEventCount(system);

  beforeAll(async () => {
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
  }, 60_000);

  afterAll(async () => system?.close());

  it('is refused quickly, writes nothing, and the server answers meanwhile and after', async () => {
    const list = await system.api('POST', '/contact-lists', { token: admin, body: { name: 'Bomba' } });
    expect(list.status).toBe(201);
    const listId = list.body.id as string;
    const before = await listEvents();

    for (const lie of [undefined, 0]) {
      const bomb = await zipBombXlsx(500, lie);
      expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
      const started = Date.now();
      const refused = upload(listId, 'bomba.xlsx', bomb);
      // Another request while the bomb is being looked at.
      const meanwhile = await system.api('GET', `/contact-lists/${listId}`, { token: admin });
      expect(meanwhile.status).toBe(200);
      const r = await refused;
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        error: 'ERR_INVALID_SPREADSHEET',
        message: expect.stringContaining('unpacks to more than 100 MB'),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    expect(await listEvents()).toBe(before);
    expect((await system.api('GET', `/contact-lists/${listId}`, { token: admin })).body.contactsCount).toBe(
      0,
    );

    const honest = await upload(
      listId,
      'contatos.xlsx',
      xlsxOf([
        ['nome', 'numero', 'email'],
        ['Maria Bomba', '5511955551001', 'maria@example.com'],
      ]),
    );
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
    expect(honest.body.newContacts).toMatchObject([{ name: 'Maria Bomba', number: '5511955551001' }]);
  });
});
