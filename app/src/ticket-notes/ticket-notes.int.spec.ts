import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The contact drawer's internal notes (doc 1 §3 Ticket note, §5 at least 2 characters, §7 ticket-notes).

describe('ticket notes', () => {
  let system: TestSystem;
  let admin: string;
  let agent: string;
  let other: string;
  let b: string;
  let ticketId: string;
  let contactId: string;
  const api = (method: string, path: string, token: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const eventCount = async () =>
    Number((await system.ctx.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);
  const listPath = () => `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`;

  beforeAll(async () => {
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    for (const [name, email] of [
      ['Agente Nota', 'nota@zelo.dev'],
      ['Outra Agente', 'outra@zelo.dev'],
    ]) {
      const u = await api('POST', '/users', admin, {
        name,
        email,
        password: 'senha123',
        profile: 'user',
        queueIds: [DEMO.queueId],
      });
      expect(u.status).toBe(201);
    }
    agent = (await system.login('nota@zelo.dev', 'senha123')).token;
    other = (await system.login('outra@zelo.dev', 'senha123')).token;
    const contact = await api('POST', '/contacts', admin, { name: 'Cliente Notas', number: '5511960000001' });
    contactId = contact.body.id;
    const ticket = await api('POST', '/tickets', admin, { contactId, queueId: DEMO.queueId, status: 'open' });
    expect(ticket.status).toBe(201);
    ticketId = ticket.body.id;

    b = (await system.signUpCompany('Empresa B', 'admin@empresa-b.dev', 'senhaB1')).token;
  });
  afterAll(async () => {
    await system?.close();
  });

  let noteId: string;

  it('adds a note (201) with its author, and lists it newest first', async () => {
    const first = await api('POST', '/ticket-notes', agent, {
      note: '  Cliente pediu retorno  ',
      ticketId,
      contactId,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      note: 'Cliente pediu retorno',
      ticketId,
      contactId,
      user: { name: 'Agente Nota' },
    });
    noteId = first.body.id;
    const second = await api('POST', '/ticket-notes', admin, { note: 'Enviar boleto', ticketId, contactId });
    expect(second.status).toBe(201);

    const list = await api('GET', listPath(), agent);
    expect(list.status).toBe(200);
    expect(list.body.map((n: any) => [n.note, n.user.name])).toEqual([
      ['Enviar boleto', 'Zelo Demo'],
      ['Cliente pediu retorno', 'Agente Nota'],
    ]);
    expect(typeof list.body[0].createdAt).toBe('string');
  });

  it('refuses a note under 2 characters, a bad id, or a contact that is not the ticket’s, writing nothing', async () => {
    const stranger = await api('POST', '/contacts', admin, {
      name: 'Outro Cliente',
      number: '5511960000002',
    });
    const before = await eventCount();
    for (const body of [
      { note: 'x', ticketId, contactId },
      { note: '   ', ticketId, contactId },
      { ticketId, contactId },
      { note: 'ok ok', ticketId: 'abc', contactId },
      { note: 'ok ok', ticketId, contactId: stranger.body.id },
    ]) {
      const r = await api('POST', '/ticket-notes', agent, body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    expect((await api('GET', `/ticket-notes/list?ticketId=${ticketId}`, agent)).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('another agent may not delete someone else’s note (403); the author may', async () => {
    const denied = await api('DELETE', `/ticket-notes/${noteId}`, other);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('GET', listPath(), agent)).body).toHaveLength(2);

    const r = await api('DELETE', `/ticket-notes/${noteId}`, agent);
    expect(r.status).toBe(200);
    expect((await api('GET', listPath(), agent)).body.map((n: any) => n.note)).toEqual(['Enviar boleto']);
    const again = await api('DELETE', `/ticket-notes/${noteId}`, agent);
    expect(again.status).toBe(404);
  });

  it('an admin may delete an agent’s note', async () => {
    const n = await api('POST', '/ticket-notes', other, { note: 'Nota da outra', ticketId, contactId });
    expect((await api('DELETE', `/ticket-notes/${n.body.id}`, admin)).status).toBe(200);
  });

  it('another company can neither read, add to nor delete A’s notes (404, nothing changes)', async () => {
    const [kept] = (await api('GET', listPath(), admin)).body;
    const before = await eventCount();
    const list = await api('GET', listPath(), b);
    expect(list.status).toBe(404);
    expect(list.body.error).toBe('ERR_NO_TICKET_FOUND');
    const add = await api('POST', '/ticket-notes', b, { note: 'Intrusa', ticketId, contactId });
    expect(add.status).toBe(404);
    const del = await api('DELETE', `/ticket-notes/${kept.id}`, b);
    expect(del.status).toBe(404);
    expect(del.body.error).toBe('ERR_NOT_FOUND');
    expect(await eventCount()).toBe(before);
    expect((await api('GET', listPath(), admin)).body.map((n: any) => n.id)).toEqual([kept.id]);
  });

  it('an agent outside the ticket’s queue may not see or add notes', async () => {
    const u = await api('POST', '/users', admin, {
      name: 'Sem Fila',
      email: 'semfila@zelo.dev',
      password: 'senha123',
      profile: 'user',
      queueIds: [],
    });
    expect(u.status).toBe(201);
    const outsider = (await system.login('semfila@zelo.dev', 'senha123')).token;
    expect((await api('GET', listPath(), outsider)).status).toBe(403);
    const add = await api('POST', '/ticket-notes', outsider, { note: 'Não devia', ticketId, contactId });
    expect(add.status).toBe(403);
  });

  it('every route needs a session', async () => {
    expect((await system.api('GET', listPath())).status).toBe(401);
    expect((await system.api('DELETE', `/ticket-notes/${ticketId}`)).status).toBe(401);
  });
});
