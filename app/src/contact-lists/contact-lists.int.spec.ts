import * as XLSX from '@e965/xlsx';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactListEventCount } from '../testing/contact-lists.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Contact lists over HTTP (doc 2 §2.6, §7): CRUD and search, the spreadsheet import of real .xlsx and
// .xls files with per-row errors, duplicates, WhatsApp's check through the simulator, tenants and plans.

/** A real spreadsheet file, written by SheetJS as Excel would: a header row, then the rows. */
function spreadsheet(rows: unknown[][], bookType: 'xlsx' | 'biff8'): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([['nome', 'numero', 'email'], ...rows]),
    'Contatos',
  );
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType }));
}

describe('contact lists', () => {
  let system: TestSystem;
  let admin: string;
  let agent: string;
  let other: { token: string; companyId: string };

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const upload = async (token: string, listId: string, name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    const res = await fetch(`${system.url}/contact-lists/${listId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  const newList = async (name: string, token = admin) => {
    const r = await call(token, 'POST', '/contact-lists', { name });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as string;
  };
  const items = async (listId: string, query = '') =>
    (await call(admin, 'GET', `/contact-list-items?contactListId=${listId}&pageNumber=1${query}`)).body;
  const eventCount = () => contactListEventCount(system);

  beforeAll(async () => {
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    const made = await call(admin, 'POST', '/users', {
      name: 'Agente Listas',
      email: 'agente@listas.dev',
      password: 'agente1',
      profile: 'user',
      queueIds: [DEMO.queueId],
    });
    expect(made.status).toBe(201);
    agent = (await system.login('agente@listas.dev', 'agente1')).token;
    other = await system.signUpCompany('Outra Listas', 'admin@outra-listas.dev', 'senhaB1', 1);
  }, 60_000);

  afterAll(async () => system?.close());

  it('creates, renames, searches page by page and deletes lists, with their contacts count', async () => {
    const ids = [];
    for (let i = 0; i < 22; i++) ids.push(await newList(`Bairro ${String(i).padStart(2, '0')}`));
    const page1 = await call(admin, 'GET', '/contact-lists/?searchParam=bairro&pageNumber=1');
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ count: 22, hasMore: true });
    expect(page1.body.records).toHaveLength(20);
    const page2 = await call(admin, 'GET', '/contact-lists/?searchParam=bairro&pageNumber=2');
    expect(page2.body.records.map((r: { name: string }) => r.name)).toEqual(['Bairro 20', 'Bairro 21']);
    expect(page2.body.hasMore).toBe(false);

    const renamed = await call(admin, 'PUT', `/contact-lists/${ids[0]}`, { name: 'Centro' });
    expect(renamed.body).toMatchObject({ id: ids[0], name: 'Centro', contactsCount: 0 });
    const item = await call(agent, 'POST', '/contact-list-items', {
      contactListId: ids[0],
      name: 'Maria',
      number: '+55 (11) 98888-0001',
      email: 'maria@example.com',
    });
    expect(item.status).toBe(201);
    expect(item.body).toMatchObject({ name: 'Maria', number: '5511988880001', contactListId: ids[0] });
    expect((await call(admin, 'GET', `/contact-lists/${ids[0]}`)).body.contactsCount).toBe(1);
    const all = await call(admin, 'GET', '/contact-lists/list');
    expect(all.body.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining(ids));

    expect((await call(admin, 'POST', '/contact-lists', { name: 'X' })).status).toBe(400);
    expect((await call(agent, 'DELETE', `/contact-lists/${ids[1]}`)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await call(admin, 'DELETE', `/contact-lists/${ids[0]}`)).status).toBe(200);
    expect((await call(admin, 'GET', `/contact-lists/${ids[0]}`)).body.error).toBe(
      'ERR_NO_CONTACT_LIST_FOUND',
    );
    expect((await call(admin, 'GET', `/contact-list-items/${item.body.id}`)).status).toBe(404);
  });

  it('adds, edits, searches and removes items, a number once per list', async () => {
    const listId = await newList('Clientes VIP');
    const add = (name: string, number: string, email = '') =>
      call(agent, 'POST', '/contact-list-items', { contactListId: listId, name, number, email });
    const ana = (await add('Ana Lima', '5511977770001', 'ana@example.com')).body;
    await add('Bruno Reis', '5511977770002');
    const dup = await add('Outra Ana', '5511977770001');
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_CONTACT_LIST_ITEM');
    expect((await add('A', '5511977770003')).status).toBe(400);
    expect((await add('Carla', '1234')).status).toBe(400);
    expect((await add('Carla', '5511977770003', 'not-an-email')).status).toBe(400);

    const edited = await call(agent, 'PUT', `/contact-list-items/${ana.id}`, {
      name: 'Ana Souza',
      number: '5511977770009',
      email: 'ana@example.com',
    });
    expect(edited.body).toMatchObject({ id: ana.id, name: 'Ana Souza', number: '5511977770009' });
    const clash = await call(agent, 'PUT', `/contact-list-items/${ana.id}`, {
      name: 'Ana Souza',
      number: '5511977770002',
      email: '',
    });
    expect(clash.body.error).toBe('ERR_DUPLICATED_CONTACT_LIST_ITEM');

    expect((await items(listId, '&searchParam=souza')).contacts.map((c: { name: string }) => c.name)).toEqual(
      ['Ana Souza'],
    );
    expect(await items(listId)).toMatchObject({ count: 2, hasMore: false });
    expect((await call(agent, 'DELETE', `/contact-list-items/${ana.id}`)).status).toBe(403);
    expect((await call(admin, 'DELETE', `/contact-list-items/${ana.id}`)).status).toBe(200);
    expect((await items(listId)).contacts.map((c: { name: string }) => c.name)).toEqual(['Bruno Reis']);
  });

  it('imports an .xlsx and an .xls: good rows added in one go, each bad row reported by name', async () => {
    const listId = await newList('Planilhas');
    await call(admin, 'POST', '/contact-list-items', {
      contactListId: listId,
      name: 'Já Está',
      number: '5511966660009',
    });
    const xlsx = spreadsheet(
      [
        ['Maria Silva', 5511966660001, 'maria@example.com'],
        ['J', '5511966660002', ''],
        ['Pedro Alves', '(11) 96666-0003', 'pedro-sem-arroba'],
        ['Paula Dias', '5511966660004', ''],
        [],
        ['Repetida', '5511966660001', ''],
        ['Duplicada Lista', '5511966660009', ''],
      ],
      'xlsx',
    );
    const before = await eventCount();
    const r = await upload(agent, listId, 'planilha.xlsx', xlsx);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.newContacts.map((c: { name: string; number: string }) => [c.name, c.number])).toEqual([
      ['Maria Silva', '5511966660001'],
      ['Paula Dias', '5511966660004'],
    ]);
    expect(
      r.body.errorBag.map((e: { row: number; name: string; error: string }) => [e.row, e.name, e.error]),
    ).toEqual([
      // Named by their lines in the sheet (the heading is line 1; the blank line 6 is no contact).
      [3, 'J', 'ERR_VALIDATION'],
      [4, 'Pedro Alves', 'ERR_VALIDATION'],
      [7, 'Repetida', 'ERR_DUPLICATED_CONTACT_LIST_ITEM'],
      [8, 'Duplicada Lista', 'ERR_DUPLICATED_CONTACT_LIST_ITEM'],
    ]);
    expect(r.body.errorBag[1].message).toMatch(/email/);
    // One command: the good rows are one append.
    expect(await eventCount()).toBe(before + 2);

    const xls = spreadsheet(
      [
        ['Rita Costa', '5511966660010', 'rita@example.com'],
        ['', '5511966660011', ''],
      ],
      'biff8',
    );
    const r2 = await upload(agent, listId, 'antiga.xls', xls);
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    expect(r2.body.newContacts.map((c: { name: string }) => c.name)).toEqual(['Rita Costa']);
    expect(r2.body.errorBag).toMatchObject([{ row: 3, number: '5511966660011', error: 'ERR_VALIDATION' }]);
    expect((await call(admin, 'GET', `/contact-lists/${listId}`)).body.contactsCount).toBe(4);
  });

  it('imports the most rows a file may hold (5,000) in one request, and checks every number', async () => {
    const listId = await newList('Grande');
    const rows = Array.from({ length: 5000 }, (_, i) => [
      `Pessoa ${i}`,
      `55118${String(i).padStart(8, '0')}`,
      '',
    ]);
    const started = Date.now();
    const r = await upload(admin, listId, 'grande.xlsx', spreadsheet(rows, 'xlsx'));
    const took = Date.now() - started;
    expect(r.status).toBe(200);
    expect(r.body.newContacts).toHaveLength(5000);
    expect(r.body.errorBag).toEqual([]);
    console.log(`[contact-lists] 5,000-row import answered in ${took} ms`);
    const checked = async () =>
      Number(
        (
          await system.ctx.pool.query(
            'SELECT count(*) AS n FROM contact_list_items WHERE contact_list_id = $1 AND is_whatsapp_valid IS NOT NULL',
            [listId],
          )
        ).rows[0].n,
      );
    await eventually(async () => (await checked()) === 5000, 60_000, 'every number checked');
    console.log(`[contact-lists] 5,000 numbers checked ${Date.now() - started} ms after the upload began`);
  }, 120_000);

  it('refuses a file that is not a spreadsheet, and writes nothing', async () => {
    const listId = await newList('Lixo');
    const before = await eventCount();
    const text = new TextEncoder().encode('nome,numero\nMaria,5511955550001\n');
    const asCsv = await upload(admin, listId, 'contatos.xlsx', text);
    expect(asCsv.status).toBe(400);
    expect(asCsv.body.error).toBe('ERR_INVALID_SPREADSHEET');
    const zipLike = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expect((await upload(admin, listId, 'quebrada.xlsx', zipLike)).body.error).toBe(
      'ERR_INVALID_SPREADSHEET',
    );
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(admin, listId, 'foto.png', png)).body.error).toBe('ERR_INVALID_SPREADSHEET');
    // Past the caps: 5 MB of file, 5,000 rows.
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set([0x50, 0x4b, 0x03, 0x04]);
    const tooBig = await upload(admin, listId, 'enorme.xlsx', huge);
    expect(tooBig.status).toBe(413);
    const rows = Array.from({ length: 5001 }, (_, i) => [
      `Pessoa ${i}`,
      `55119${String(i).padStart(8, '0')}`,
      '',
    ]);
    const tooMany = await upload(admin, listId, 'muitas.xlsx', spreadsheet(rows, 'xlsx'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/5000 rows/);
    const json = await call(admin, 'POST', `/contact-lists/${listId}/upload`, { rows: [] });
    expect(json.status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await items(listId)).count).toBe(0);
  });

  it('asks WhatsApp (the simulated network) whether each number has an account', async () => {
    const listId = await newList('Validação');
    await system.api('POST', '/simulator/phones', { body: { number: '5511944440001', name: 'Tem Zap' } });
    const on = (
      await call(admin, 'POST', '/contact-list-items', {
        contactListId: listId,
        name: 'Tem Zap',
        number: '5511944440001',
      })
    ).body;
    const off = (
      await call(admin, 'POST', '/contact-list-items', {
        contactListId: listId,
        name: 'Sem Zap',
        number: '5511944440002',
      })
    ).body;
    const valid = async (id: string) =>
      (await call(admin, 'GET', `/contact-list-items/${id}`)).body.isWhatsappValid;
    expect(await eventually(async () => (await valid(on.id)) === true, 10_000, 'valid')).toBe(true);
    expect(await eventually(async () => (await valid(off.id)) === false, 10_000, 'invalid')).toBe(true);

    // The number changes: asked again. It gets a phone later: the new number is answered, not the old.
    await system.api('POST', '/simulator/phones', { body: { number: '5511944440003' } });
    await call(admin, 'PUT', `/contact-list-items/${off.id}`, { name: 'Sem Zap', number: '5511944440003' });
    expect(await eventually(async () => (await valid(off.id)) === true, 10_000, 'revalidated')).toBe(true);
    const { listValidRecipients } = await import('@zelo/projections/contact-lists/queries');
    expect(await listValidRecipients(system.ctx.pool, DEMO.companyId, listId)).toEqual([
      { number: '5511944440001', name: 'Tem Zap', email: '' },
      { number: '5511944440003', name: 'Sem Zap', email: '' },
    ]);
  });

  it('leaves items unchecked while the company has no connection, and checks them once one connects', async () => {
    const listId = await newList('Sem conexão', other.token);
    await system.api('POST', '/simulator/phones', { body: { number: '5511933330001' } });
    const item = (
      await call(other.token, 'POST', '/contact-list-items', {
        contactListId: listId,
        name: 'Espera',
        number: '5511933330001',
      })
    ).body;
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      (await call(other.token, 'GET', `/contact-list-items/${item.id}`)).body.isWhatsappValid,
    ).toBeNull();
    const conn = await call(other.token, 'POST', '/whatsapp', { name: 'Simulada B', provider: 'simulator' });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    expect(
      await eventually(
        async () =>
          (await call(other.token, 'GET', `/contact-list-items/${item.id}`)).body.isWhatsappValid === true,
        20_000,
        'checked after CONNECTED',
      ),
    ).toBe(true);
  });

  it("answers another company's lists and items as unknown, and changes nothing of them", async () => {
    const listId = await newList('De A');
    const item = (
      await call(admin, 'POST', '/contact-list-items', {
        contactListId: listId,
        name: 'De A',
        number: '5511922220001',
      })
    ).body;
    const b = other.token;
    expect((await call(b, 'GET', `/contact-lists/${listId}`)).status).toBe(404);
    expect((await call(b, 'PUT', `/contact-lists/${listId}`, { name: 'Invadida' })).status).toBe(404);
    expect((await call(b, 'DELETE', `/contact-lists/${listId}`)).status).toBe(404);
    expect((await call(b, 'GET', `/contact-list-items?contactListId=${listId}`)).status).toBe(404);
    expect(
      (
        await call(b, 'POST', '/contact-list-items', {
          contactListId: listId,
          name: 'Intrusa',
          number: '5511922220002',
        })
      ).status,
    ).toBe(404);
    expect((await call(b, 'GET', `/contact-list-items/${item.id}`)).status).toBe(404);
    expect((await call(b, 'DELETE', `/contact-list-items/${item.id}`)).status).toBe(404);
    expect(
      (await upload(b, listId, 'p.xlsx', spreadsheet([['Intrusa', '5511922220003', '']], 'xlsx'))).status,
    ).toBe(404);
    expect((await call(b, 'GET', '/contact-lists/list')).body.map((l: { id: string }) => l.id)).not.toContain(
      listId,
    );
    expect((await call(admin, 'GET', `/contact-lists/${listId}`)).body).toMatchObject({
      name: 'De A',
      contactsCount: 1,
    });
  });

  it('is refused to a company whose plan has no campaigns', async () => {
    const basic = await system.signUpCompany('Plano Básico', 'admin@basico-listas.dev', 'senhaC1', 0);
    for (const [method, path] of [
      ['GET', '/contact-lists/'],
      ['GET', '/contact-lists/list'],
      ['POST', '/contact-lists'],
      ['GET', `/contact-list-items?contactListId=${DEMO.companyId}`],
    ]) {
      const r = await call(basic.token, method, path, method === 'POST' ? { name: 'Nova' } : undefined);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
  });
});
