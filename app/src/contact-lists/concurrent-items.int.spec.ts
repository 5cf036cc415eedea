import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Many clients adding to one contact list at once (POST /contact-list-items): every add succeeds
// without a retry on the client's side, and a number is still taken once per list.

const AT_ONCE = 16;
const ROUNDS = 15;

describe('contact list items added concurrently', () => {
  let system: TestSystem;
  let token: string;

  beforeAll(async () => {
    system = await startTestSystem();
    token = (await system.login(DEMO.email, DEMO.password)).token;
  }, 60_000);

  afterAll(async () => system?.close());

  const newList = async (name: string) => {
    const r = await system.api('POST', '/contact-lists', { token, body: { name } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as string;
  };
  const add = (contactListId: string, name: string, number: string) =>
    system.api('POST', '/contact-list-items', { token, body: { contactListId, name, number, email: '' } });

  it(`takes ${AT_ONCE * ROUNDS} items added ${AT_ONCE} at a time, every call answered 201`, async () => {
    const listId = await newList('Muitos ao mesmo tempo');
    const started = Date.now();
    const refused: unknown[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) => {
          const n = round * AT_ONCE + i;
          return add(listId, `Pessoa ${n}`, `55117${String(n).padStart(8, '0')}`);
        }),
      );
      for (const a of answers) {
        if (a.status === 201) expect(a.body).toMatchObject({ contactListId: listId });
        else refused.push(a.body);
      }
    }
    console.log(
      `[contact-lists] ${AT_ONCE * ROUNDS} adds, ${AT_ONCE} at a time: ${refused.length} refused, ${Date.now() - started} ms`,
    );
    expect(refused).toEqual([]);
    const list = await system.api('GET', `/contact-lists/${listId}`, { token });
    expect(list.body.contactsCount).toBe(AT_ONCE * ROUNDS);
    const { rows } = await system.ctx.pool.query(
      'SELECT count(DISTINCT number) AS n FROM contact_list_items WHERE contact_list_id = $1',
      [listId],
    );
    expect(Number(rows[0].n)).toBe(AT_ONCE * ROUNDS);
  }, 120_000);

  it(`takes a number ${AT_ONCE} clients add at once exactly once, refusing the others as duplicates`, async () => {
    const listId = await newList('Mesmo número');
    for (let round = 0; round < 3; round++) {
      const number = `5511966${String(round).padStart(6, '0')}`;
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) => add(listId, `Cliente ${i}`, number)),
      );
      const created = answers.filter((a) => a.status === 201);
      expect(created).toHaveLength(1);
      const others = answers.filter((a) => a.status !== 201);
      expect(others.map((a) => [a.status, a.body.error])).toEqual(
        others.map(() => [409, 'ERR_DUPLICATED_CONTACT_LIST_ITEM']),
      );
      const items = await system.api(
        'GET',
        `/contact-list-items?contactListId=${listId}&pageNumber=1&searchParam=${number}`,
        { token },
      );
      expect(items.body.contacts.map((c: { id: string }) => c.id)).toEqual([created[0].body.id]);
    }
    expect((await system.api('GET', `/contact-lists/${listId}`, { token })).body.contactsCount).toBe(3);
  }, 60_000);
});
