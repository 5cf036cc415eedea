import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The contacts screen and drawer over HTTP (doc 1 §5 Contact form, §7 Contacts, §8 ERR_DUPLICATED_CONTACT),
// with DESIGN.md's "one contact per number per company" decided by the number's stream.

/** Waits for a connection to pair; pairs it by hand (the simulator page's "scan") if it has not. */
async function ensurePaired(system: TestSystem, whatsappId: string) {
  const deadline = Date.now() + 5_000;
  while (!system.simulator!.isConnected(whatsappId) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  if (!system.simulator!.isConnected(whatsappId)) await system.simulator!.pair(whatsappId);
}

describe('contacts', () => {
  let system: TestSystem;
  let token: string;
  let agentToken: string;
  const api = (method: string, path: string, body?: unknown, t = token) =>
    system.api(method, path, { token: t, body });
  const eventCount = async () =>
    Number((await system.ctx.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);
  /**
   * The event count once earlier work has finished echoing (the simulated phone's delivery acks, the
   * queue bot's greeting): a refused request must add nothing to it.
   */
  const settledEventCount = async () => {
    for (let n = await eventCount(); ; ) {
      await new Promise((r) => setTimeout(r, 400));
      const now = await eventCount();
      if (now === n) return n;
      n = now;
    }
  };

  beforeAll(async () => {
    system = await startTestSystem();
    await ensurePaired(system, DEMO.whatsappId);
    token = (await system.login(DEMO.email, DEMO.password)).token;
    const agent = await api('POST', '/users', {
      name: 'Agente Carla',
      email: 'carla@zelo.dev',
      password: 'carla123',
      profile: 'user',
      queueIds: [DEMO.queueId],
    });
    expect(agent.status).toBe(201);
    agentToken = (await system.login('carla@zelo.dev', 'carla123')).token;
  });
  afterAll(async () => {
    await system?.close();
  });

  describe('create, list, search, update, delete', () => {
    let id: string;

    it('creates a contact (201) and answers it as the next GET shows it', async () => {
      const r = await api('POST', '/contacts', {
        name: 'Maria Souza',
        number: '+55 (11) 98765-4321',
        email: 'maria@cliente.com',
        extraInfo: [{ name: 'CPF', value: '123.456.789-00' }],
      });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        name: 'Maria Souza',
        number: '5511987654321',
        email: 'maria@cliente.com',
        isGroup: false,
      });
      expect(r.body.extraInfo).toEqual([expect.objectContaining({ name: 'CPF', value: '123.456.789-00' })]);
      id = r.body.id;
      const got = await api('GET', `/contacts/${id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(r.body);
    });

    it('lists it with count and hasMore', async () => {
      const r = await api('GET', '/contacts');
      expect(r.status).toBe(200);
      expect(r.body.contacts.map((c: any) => c.id)).toContain(id);
      expect(typeof r.body.count).toBe('number');
      expect(r.body.count).toBeGreaterThanOrEqual(1);
      expect(r.body.hasMore).toBe(false);
    });

    it('finds it by part of the name (any case), the number or the e-mail; a miss is empty', async () => {
      for (const q of ['maria', 'SOUZA', '98765', 'cliente.com']) {
        const r = await api('GET', `/contacts?searchParam=${encodeURIComponent(q)}`);
        expect(r.status).toBe(200);
        expect(r.body.contacts.map((c: any) => c.id)).toEqual([id]);
        expect(r.body.count).toBe(1);
      }
      const miss = await api('GET', '/contacts?searchParam=ninguem-com-esse-nome');
      expect(miss.body).toMatchObject({ contacts: [], count: 0, hasMore: false });
    });

    // Regression test for a bug found while writing this suite (now fixed).
    it('a search with LIKE wildcards matches them literally, not everything', async () => {
      await api('POST', '/contacts', { name: 'Zeca Pagodinho', number: '5511900001111' });
      const pct = await api('GET', `/contacts?searchParam=${encodeURIComponent('%')}`);
      expect(pct.status).toBe(200);
      expect(pct.body.contacts).toEqual([]);
    });

    it('updates it (the answer and the next GET show the change)', async () => {
      const r = await api('PUT', `/contacts/${id}`, {
        name: 'Maria S. Lima',
        number: '5511987654321',
        email: 'maria.lima@cliente.com',
        extraInfo: [],
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        id,
        name: 'Maria S. Lima',
        number: '5511987654321',
        email: 'maria.lima@cliente.com',
        extraInfo: [],
      });
      expect((await api('GET', `/contacts/${id}`)).body.name).toBe('Maria S. Lima');
      const search = await api('GET', '/contacts?searchParam=lima');
      expect(search.body.contacts.map((c: any) => c.id)).toEqual([id]);
    });

    it('pages through many contacts without repeats', async () => {
      const made: string[] = [];
      for (let i = 0; i < 25; i++) {
        const r = await api('POST', '/contacts', {
          name: `Paginado ${String(i).padStart(2, '0')}`,
          number: `55118000${String(i).padStart(4, '0')}`,
        });
        expect(r.status).toBe(201);
        made.push(r.body.id);
      }
      const page1 = await api('GET', '/contacts?searchParam=paginado&pageNumber=1');
      const page2 = await api('GET', '/contacts?searchParam=paginado&pageNumber=2');
      expect(page1.body.count).toBe(25);
      expect(page1.body.hasMore).toBe(true);
      expect(page2.body.hasMore).toBe(false);
      const seen = [...page1.body.contacts, ...page2.body.contacts].map((c: any) => c.id);
      expect(new Set(seen).size).toBe(25);
      expect(seen.sort()).toEqual(made.sort());
    });

    it('a non-admin may not delete (403); the admin deletes, then it is gone (404)', async () => {
      const denied = await api('DELETE', `/contacts/${id}`, undefined, agentToken);
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe('ERR_NO_PERMISSION');
      expect((await api('GET', `/contacts/${id}`)).status).toBe(200);

      const r = await api('DELETE', `/contacts/${id}`);
      expect(r.status).toBe(200);
      const gone = await api('GET', `/contacts/${id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('ERR_NO_CONTACT_FOUND');
      expect((await api('GET', '/contacts?searchParam=lima')).body.contacts).toEqual([]);
      const again = await api('DELETE', `/contacts/${id}`);
      expect(again.status).toBe(404);
      expect(again.body.error).toBe('ERR_NO_CONTACT_FOUND');
      const update = await api('PUT', `/contacts/${id}`, { name: 'Fantasma', number: '5511987654321' });
      expect(update.status).toBe(404);
    });

    it('a deleted contact frees its number', async () => {
      const r = await api('POST', '/contacts', { name: 'Maria de volta', number: '5511987654321' });
      expect(r.status).toBe(201);
      expect(r.body.id).not.toBe(id);
    });

    it('a non-admin may create and edit contacts', async () => {
      const r = await api(
        'POST',
        '/contacts',
        { name: 'Contato da Carla', number: '5511933332222' },
        agentToken,
      );
      expect(r.status).toBe(201);
      const u = await api(
        'PUT',
        `/contacts/${r.body.id}`,
        { name: 'Contato da Carla 2', number: '5511933332222' },
        agentToken,
      );
      expect(u.status).toBe(200);
      expect(u.body.name).toBe('Contato da Carla 2');
    });
  });

  describe('one contact per number', () => {
    it('a second contact with the same number is 409 ERR_DUPLICATED_CONTACT, even written differently', async () => {
      const first = await api('POST', '/contacts', { name: 'Primeiro', number: '5521911112222' });
      expect(first.status).toBe(201);
      for (const number of ['5521911112222', '+55 21 91111-2222', '(55) 21 911112222']) {
        const before = await settledEventCount();
        const r = await api('POST', '/contacts', { name: 'Segundo', number });
        expect(r.status).toBe(409);
        expect(r.body.error).toBe('ERR_DUPLICATED_CONTACT');
        expect(await eventCount()).toBe(before);
      }
      const list = await api('GET', '/contacts?searchParam=5521911112222');
      expect(list.body.contacts.map((c: any) => c.name)).toEqual(['Primeiro']);
    });

    it('updating a contact onto a number another contact has is 409 and changes nothing', async () => {
      const a = await api('POST', '/contacts', { name: 'Dono A', number: '5521922220001' });
      const b = await api('POST', '/contacts', { name: 'Dono B', number: '5521922220002' });
      const r = await api('PUT', `/contacts/${b.body.id}`, { name: 'Dono B', number: '5521922220001' });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('ERR_DUPLICATED_CONTACT');
      expect((await api('GET', `/contacts/${b.body.id}`)).body.number).toBe('5521922220002');
      expect((await api('GET', `/contacts/${a.body.id}`)).body.number).toBe('5521922220001');
    });

    it('ten simultaneous creations of one number make exactly one contact', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api('POST', '/contacts', { name: `Corrida ${i}`, number: '5521933330000' }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(9);
      for (const r of results) expect(r.status).not.toBe(500);
      const list = await api('GET', '/contacts?searchParam=5521933330000');
      expect(list.body.contacts).toHaveLength(1);
    });

    it('a customer who writes in with a saved number joins that contact, not a new one', async () => {
      const saved = await api('POST', '/contacts', { name: 'Já Cadastrado', number: '5521944440000' });
      expect(saved.status).toBe(201);
      await system.simulator!.customerSends(
        DEMO.whatsappId,
        { number: '5521944440000', name: 'Nome no WhatsApp' },
        'Oi',
      );
      const ticket = await eventually(
        async () => {
          const r = await api('GET', '/tickets?showAll=true&searchParam=5521944440000');
          return r.body.tickets[0];
        },
        5_000,
        'the ticket',
      );
      expect(ticket.contactId).toBe(saved.body.id);
      expect(ticket.contact.name).toBe('Já Cadastrado');
      expect((await api('GET', '/contacts?searchParam=5521944440000')).body.contacts).toHaveLength(1);
    });
  });

  describe('changing a number', () => {
    it('frees the old number for a new contact and takes the new one', async () => {
      const c = await api('POST', '/contacts', { name: 'Muda Número', number: '5531911110000' });
      expect(c.status).toBe(201);
      const moved = await api('PUT', `/contacts/${c.body.id}`, {
        name: 'Muda Número',
        number: '5531922220000',
      });
      expect(moved.status).toBe(200);
      expect(moved.body.number).toBe('5531922220000');

      const reuse = await api('POST', '/contacts', { name: 'Herdeiro do Número', number: '5531911110000' });
      expect(reuse.status).toBe(201);
      expect(reuse.body.id).not.toBe(c.body.id);

      const taken = await api('POST', '/contacts', { name: 'Tarde Demais', number: '5531922220000' });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toBe('ERR_DUPLICATED_CONTACT');
    });

    it('keeping the same number on an update is not a duplicate of itself', async () => {
      const c = await api('POST', '/contacts', { name: 'Mesmo Número', number: '5531933330000' });
      const r = await api('PUT', `/contacts/${c.body.id}`, {
        name: 'Mesmo Número Editado',
        number: '+55 31 93333-0000',
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ name: 'Mesmo Número Editado', number: '5531933330000' });
    });

    it('an inbound message from the old number goes to the contact that holds it now', async () => {
      const c = await api('POST', '/contacts', { name: 'Antigo Dono', number: '5531944440000' });
      await api('PUT', `/contacts/${c.body.id}`, { name: 'Antigo Dono', number: '5531955550000' });
      await system.simulator!.customerSends(
        DEMO.whatsappId,
        { number: '5531944440000', name: 'Novo Dono' },
        'Sou o novo dono do número',
      );
      const ticket = await eventually(
        async () => (await api('GET', '/tickets?showAll=true&searchParam=5531944440000')).body.tickets[0],
        5_000,
        'the ticket',
      );
      expect(ticket.contactId).not.toBe(c.body.id);
      expect(ticket.contact.number).toBe('5531944440000');
      expect((await api('GET', `/contacts/${c.body.id}`)).body.number).toBe('5531955550000');
    });
  });

  describe('validation', () => {
    const cases: [string, unknown, string[]][] = [
      ['an invalid email', { name: 'Fulano', number: '5511912345678', email: 'not-an-email' }, ['email']],
      ['a short name', { name: 'F', number: '5511912345678' }, ['name']],
      ['a blank name', { name: '   ', number: '5511912345678' }, ['name']],
      ['a long name', { name: 'F'.repeat(51), number: '5511912345678' }, ['name']],
      ['a short number', { name: 'Fulano', number: '1234567' }, ['number']],
      ['a number of letters only', { name: 'Fulano', number: 'abcdefghij' }, ['number']],
      ['a long number', { name: 'Fulano', number: '1'.repeat(51) }, ['number']],
      ['no name', { number: '5511912345678' }, ['name']],
      ['no number', { name: 'Fulano' }, ['number']],
      ['everything wrong', { name: 'F', number: '12', email: 'x@' }, ['name', 'number', 'email']],
      ['a non-string number', { name: 'Fulano', number: 5511912345678 }, ['number']],
      [
        'extraInfo that is not a list',
        { name: 'Fulano', number: '5511912345678', extraInfo: 'CPF' },
        ['extraInfo'],
      ],
    ];

    it.each(cases)(
      'POST with %s is 400 ERR_VALIDATION naming the fields, and writes nothing',
      async (_name, body, fields) => {
        const before = await settledEventCount();
        const r = await api('POST', '/contacts', body);
        expect(r.status).toBe(400);
        expect(r.body.error).toBe('ERR_VALIDATION');
        const named = (r.body.details?.fields ?? []).map((f: { field: string }) => f.field.split('.')[0]);
        expect(named).toEqual(expect.arrayContaining(fields));
        for (const f of fields) expect(r.body.message).toContain(f);
        expect(await eventCount()).toBe(before);
      },
    );

    it('PUT validates the same way and leaves the contact as it was', async () => {
      const c = await api('POST', '/contacts', {
        name: 'Valida Update',
        number: '5541911110000',
        email: 'ok@ok.com',
      });
      for (const [body, field] of [
        [{ name: 'V', number: '5541911110000' }, 'name'],
        [{ name: 'Valida Update', number: '123' }, 'number'],
        [{ name: 'Valida Update', number: '5541911110000', email: 'nope' }, 'email'],
      ] as const) {
        const r = await api('PUT', `/contacts/${c.body.id}`, body);
        expect(r.status).toBe(400);
        expect(r.body.error).toBe('ERR_VALIDATION');
        expect(r.body.details.fields.map((f: { field: string }) => f.field)).toContain(field);
      }
      expect((await api('GET', `/contacts/${c.body.id}`)).body).toMatchObject({
        name: 'Valida Update',
        number: '5541911110000',
        email: 'ok@ok.com',
      });
    });

    it('a bad id or query is 400 ERR_VALIDATION, an unknown id 404', async () => {
      for (const [method, path] of [
        ['GET', '/contacts/123'],
        ['PUT', '/contacts/abc'],
        ['DELETE', '/contacts/abc'],
        ['GET', '/contacts?pageNumber=0'],
        ['GET', '/contacts?pageNumber=x'],
        ['GET', `/contacts?searchParam=${'a'.repeat(101)}`],
      ]) {
        const r = await api(
          method,
          path,
          method === 'PUT' ? { name: 'Fulano', number: '5511912345678' } : undefined,
        );
        expect({ method, path, status: r.status, error: r.body.error }).toEqual({
          method,
          path,
          status: 400,
          error: 'ERR_VALIDATION',
        });
      }
      const unknown = '6f1c1f7e-3c1a-4c55-9b1e-2f6a1b0c9d11';
      expect((await api('GET', `/contacts/${unknown}`)).status).toBe(404);
      expect(
        (await api('PUT', `/contacts/${unknown}`, { name: 'Fulano', number: '5511912345678' })).status,
      ).toBe(404);
      expect((await api('DELETE', `/contacts/${unknown}`)).status).toBe(404);
    });

    it('every contact route needs a session', async () => {
      expect((await system.api('GET', '/contacts')).status).toBe(401);
      expect(
        (await system.api('POST', '/contacts', { body: { name: 'Fulano', number: '5511912345678' } })).status,
      ).toBe(401);
    });
  });
});

describe('contacts filtered by day of creation', () => {
  let system: TestSystem;
  let token: string;
  beforeAll(async () => {
    system = await startTestSystem();
    token = (await system.login(DEMO.email, DEMO.password)).token;
    await system.api('POST', '/contacts', { token, body: { name: 'Criado Hoje', number: '5511922223333' } });
  }, 60_000);
  afterAll(async () => system?.close());

  it('finds today’s contacts by date or range and none on another day', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const names = async (q: string) =>
      (await system.api('GET', `/contacts?${q}`, { token })).body.contacts.map(
        (c: { name: string }) => c.name,
      );
    expect(await names(`date=${today}`)).toContain('Criado Hoje');
    expect(await names(`dateStart=${today}&dateEnd=${today}`)).toContain('Criado Hoje');
    expect(await names('date=2020-01-01')).toEqual([]);
    expect((await system.api('GET', '/contacts?date=yesterday', { token })).body.error).toBe(
      'ERR_VALIDATION',
    );
  });
});
