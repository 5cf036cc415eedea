import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The contacts page's spreadsheet import and the pickers' full list (doc 1 §2 Contacts page, §7
// POST /contacts/upload and GET /contacts/list), both scoped to the caller's company.

describe('contact import and the pickers list', () => {
  let system: TestSystem;
  let a: string;
  let b: string;
  const api = (method: string, path: string, token: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const eventCount = async () =>
    Number((await system.ctx.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);

  beforeAll(async () => {
    system = await startTestSystem();
    a = (await system.login(DEMO.email, DEMO.password)).token;
    b = (await system.signUpCompany('Empresa B', 'admin@empresa-b.dev', 'senhaB1')).token;
  });
  afterAll(async () => {
    await system?.close();
  });

  it('creates the good rows and reports each bad one with its row, code and message', async () => {
    const taken = await api('POST', '/contacts', a, { name: 'Já Existe', number: '5511970000000' });
    expect(taken.status).toBe(201);
    const rows = [
      { name: 'Ana Planilha', number: 5511970000001, email: 'ana@planilha.com' },
      { name: 'B', number: '5511970000002' },
      { name: 'Carlos Planilha', number: '+55 (11) 97000-0003', email: '' },
      { name: 'Duplicado Base', number: '5511970000000' },
      { name: 'Email Ruim', number: '5511970000004', email: 'nao-e-email' },
      { name: 'Repetido No Arquivo', number: '5511970000001' },
      { name: 'Sem Numero' },
      { name: 'Eva Planilha', number: '5511970000005', email: null },
    ];
    const r = await api('POST', '/contacts/upload', a, rows);
    expect(r.status).toBe(200);
    expect(r.body.newContacts.map((c: any) => [c.name, c.number, c.email])).toEqual([
      ['Ana Planilha', '5511970000001', 'ana@planilha.com'],
      ['Carlos Planilha', '5511970000003', ''],
      ['Eva Planilha', '5511970000005', ''],
    ]);
    expect(r.body.errorBag.map((e: any) => [e.row, e.name, e.error])).toEqual([
      [2, 'B', 'ERR_VALIDATION'],
      [4, 'Duplicado Base', 'ERR_DUPLICATED_CONTACT'],
      [5, 'Email Ruim', 'ERR_VALIDATION'],
      [6, 'Repetido No Arquivo', 'ERR_DUPLICATED_CONTACT'],
      [7, 'Sem Numero', 'ERR_VALIDATION'],
    ]);
    expect(r.body.errorBag[0].message).toContain('name');
    expect(r.body.errorBag[2].message).toContain('email');
    expect(r.body.errorBag[4].message).toContain('number');

    // The good rows are real contacts now; the bad ones left nothing behind.
    const list = await api('GET', '/contacts?searchParam=planilha', a);
    expect(list.body.contacts.map((c: any) => c.name).sort()).toEqual([
      'Ana Planilha',
      'Carlos Planilha',
      'Eva Planilha',
    ]);
    expect((await api('GET', '/contacts?searchParam=5511970000004', a)).body.contacts).toEqual([]);
    const base = await api('GET', '/contacts?searchParam=5511970000000', a);
    expect(base.body.contacts.map((c: any) => c.name)).toEqual(['Já Existe']);
  });

  it('a file of only bad rows writes nothing', async () => {
    const before = await eventCount();
    const r = await api('POST', '/contacts/upload', a, [{ name: 'X', number: '1' }, { foo: 'bar' }]);
    expect(r.status).toBe(200);
    expect(r.body.newContacts).toEqual([]);
    expect(r.body.errorBag).toHaveLength(2);
    expect(await eventCount()).toBe(before);
  });

  it('the list itself is validated: not an array, empty, or over 5 000 rows is 400', async () => {
    for (const body of [{ name: 'x' }, [], ['text'], Array.from({ length: 5001 }, () => ({}))]) {
      const r = await api('POST', '/contacts/upload', a, body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('an import goes into the caller’s company only, even for a number another company has', async () => {
    const r = await api('POST', '/contacts/upload', b, [
      { name: 'Ana de B', number: '5511970000001' },
      { name: 'Só de B', number: '5511970000099' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.errorBag).toEqual([]);
    expect(r.body.newContacts).toHaveLength(2);
    const inA = await api('GET', '/contacts?searchParam=5511970000099', a);
    expect(inA.body.contacts).toEqual([]);
    const anaInA = await api('GET', '/contacts?searchParam=5511970000001', a);
    expect(anaInA.body.contacts.map((c: any) => c.name)).toEqual(['Ana Planilha']);
  });

  it('GET /contacts/list gives every contact of the caller’s company, by name, and nothing of the other', async () => {
    const listA = await api('GET', '/contacts/list', a);
    expect(listA.status).toBe(200);
    const namesA = listA.body.map((c: any) => c.name);
    expect(namesA).toEqual(expect.arrayContaining(['Ana Planilha', 'Carlos Planilha', 'Já Existe']));
    expect(namesA).not.toContain('Só de B');
    expect(namesA).toEqual([...namesA].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(Object.keys(listA.body[0]).sort()).toEqual(
      ['email', 'id', 'isGroup', 'name', 'number', 'profilePicUrl'].sort(),
    );

    const listB = await api('GET', '/contacts/list', b);
    expect(listB.body.map((c: any) => c.name).sort()).toEqual(['Ana de B', 'Só de B']);
    // A companyId in the query is ignored: the session decides.
    const asked = await api('GET', `/contacts/list?companyId=${DEMO.companyId}`, b);
    expect(asked.body.map((c: any) => c.name).sort()).toEqual(['Ana de B', 'Só de B']);

    const searched = await api('GET', '/contacts/list?searchParam=carlos', a);
    expect(searched.body.map((c: any) => c.name)).toEqual(['Carlos Planilha']);
    expect((await api('GET', `/contacts/list?searchParam=${'x'.repeat(101)}`, a)).status).toBe(400);
  });

  it('both routes need a session', async () => {
    expect((await system.api('GET', '/contacts/list')).status).toBe(401);
    expect(
      (await system.api('POST', '/contacts/upload', { body: [{ name: 'Ab', number: '5511912345678' }] }))
        .status,
    ).toBe(401);
  });
});
