import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// BEHAVIOUR.md "External messages API": POST /api/messages/send with a connection's token.

const RATE_LIMIT = 25;

describe('external messages API', () => {
  let system: TestSystem;
  let mediaDir: string;
  let admin: string;
  let demoToken: string;
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
  const pdf = new TextEncoder().encode('%PDF-1.4 pretend');

  const send = async (token: string | null, body: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${system.url}/api/messages/send`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const sendForm = async (
    token: string,
    fields: Record<string, string>,
    files: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }[],
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append('medias', new Blob([f.bytes], { type: f.type }), f.name);
    const res = await fetch(`${system.url}/api/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
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
  const storedFiles = async () =>
    (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;
  const phone = async (number: string, whatsappId = DEMO.whatsappId) =>
    (await system.simulator!.phoneMessages(whatsappId, number)).filter((m) => m.direction === 'outbound');
  /** The admin's view: the open ticket of this number, if any. */
  const openTicketOf = async (token: string, number: string) => {
    const r = await system.api('GET', '/tickets?status=open&showAll=true', { token });
    return r.body.tickets.find((t: { contact: { number: string } }) => t.contact.number === number);
  };
  const tokenOf = async (whatsappId: string, token: string) =>
    (await system.api('GET', `/whatsapp/${whatsappId}`, { token })).body.token as string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-external-api-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    process.env.ZELO_EXTERNAL_API_RATE_LIMIT = String(RATE_LIMIT);
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    demoToken = await tokenOf(DEMO.whatsappId, admin);
    expect(demoToken).toEqual(expect.any(String));
  }, 90_000);
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    delete process.env.ZELO_EXTERNAL_API_RATE_LIMIT;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('a JSON send reaches the customer, shows on an open ticket, and a second send reuses it', async () => {
    const number = '5511970001001';
    const r = await send(demoToken, { number: '+55 11 97000-1001', body: 'Seu pedido saiu para entrega' });
    expect(r).toEqual({ status: 200, body: { mensagem: 'Mensagem enviada' } });

    await eventually(async () => (await phone(number)).length === 1);
    expect((await phone(number))[0].body).toBe('Seu pedido saiu para entrega');

    // Read your writes: the ticket and its message are there as soon as the answer came.
    const ticket = await openTicketOf(admin, number);
    expect(ticket).toMatchObject({ status: 'open', userId: null, whatsappId: DEMO.whatsappId });
    const page = await system.api('GET', `/messages/${ticket.id}`, { token: admin });
    expect(page.body.messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([
      ['Seu pedido saiu para entrega', true],
    ]);
    const pending = await system.api('GET', '/tickets?status=pending&showAll=true', { token: admin });
    expect(
      pending.body.tickets.some((t: { contact: { number: string } }) => t.contact.number === number),
    ).toBe(false);

    const again = await send(demoToken, { number, body: 'Chega hoje à tarde' });
    expect(again.status).toBe(200);
    const same = await openTicketOf(admin, number);
    expect(same.id).toBe(ticket.id);
    const both = await system.api('GET', `/messages/${ticket.id}`, { token: admin });
    expect(both.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Seu pedido saiu para entrega',
      'Chega hoje à tarde',
    ]);
    await eventually(async () => (await phone(number)).length === 2);

    // The customer answers: the reply joins the same ticket and no queue bot answers it (the demo
    // connection's bot greets on pending tickets, as the next test shows).
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Ana' }, 'Obrigada!');
    await eventually(async () => {
      const r = await system.api('GET', `/messages/${ticket.id}`, { token: admin });
      return r.body.messages.some((m: { body: string }) => m.body === 'Obrigada!');
    });
    await new Promise((r) => setTimeout(r, 800));
    expect((await phone(number)).map((m) => m.body)).toEqual([
      'Seu pedido saiu para entrega',
      'Chega hoje à tarde',
    ]);
    expect((await openTicketOf(admin, number)).id).toBe(ticket.id);
  });

  it('a customer who already has a pending ticket gets the message on that ticket', async () => {
    const number = '5511970001002';
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Lia' }, 'Oi');
    const waiting = await eventually(async () => {
      const r = await system.api('GET', '/tickets?status=pending&showAll=true', { token: admin });
      return r.body.tickets.find((t: { contact: { number: string } }) => t.contact.number === number);
    });
    expect((await send(demoToken, { number, body: 'Recebemos sua mensagem' })).status).toBe(200);
    const bodies = await eventually(async () => {
      const page = await system.api('GET', `/messages/${waiting.id}`, { token: admin });
      const all: string[] = page.body.messages.map((m: { body: string }) => m.body);
      return all.includes('Olá! Como podemos ajudar?') ? all : undefined;
    });
    expect(bodies[0]).toBe('Oi');
    expect(bodies).toContain('Recebemos sua mensagem');
    // The bot answers customers on pending tickets (its greeting), which the API's own tickets avoid.
    expect(bodies).toContain('Olá! Como podemos ajudar?');
    // Left as it was: still waiting for an agent, no second ticket opened.
    expect(await openTicketOf(admin, number)).toBeUndefined();
  });

  it('a multipart send with two files creates two media messages, the first with the caption', async () => {
    const number = '5511970001003';
    const r = await sendForm(demoToken, { number, body: 'Segue o boleto' }, [
      { name: 'foto.png', type: 'image/png', bytes: png },
      { name: 'boleto.pdf', type: 'application/pdf', bytes: pdf },
    ]);
    expect(r).toEqual({ status: 200, body: { mensagem: 'Mensagem enviada' } });
    const ticket = await openTicketOf(admin, number);
    const page = await system.api('GET', `/messages/${ticket.id}`, { token: admin });
    const messages = page.body.messages as { body: string; mediaType: string; mediaUrl: string }[];
    expect(messages.map((m) => [m.body, m.mediaType])).toEqual([
      ['Segue o boleto', 'image'],
      ['boleto.pdf', 'application'],
    ]);
    // The stored file is served back as sent.
    const pathOf = (url: string) => new URL(url, system.url).pathname;
    const served = await fetch(`${system.url}${pathOf(messages[1].mediaUrl)}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf);
    await eventually(async () => (await phone(number)).length === 2);
    expect((await phone(number)).map((m) => m.mediaType).sort()).toEqual(['application', 'image']);
  });

  it('refuses a bad number or a bad form with 400 and writes nothing', async () => {
    const events = await settledEventCount();
    const files = await storedFiles();
    for (const number of ['12345', '55 11 9abc-0000', '5511970001004000000', '']) {
      const r = await send(demoToken, { number, body: 'Oi' });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(number === '' ? 'ERR_VALIDATION' : 'ERR_WAPP_INVALID_CONTACT');
    }
    const noBody = await send(demoToken, { number: '5511970001004' });
    expect(noBody).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const badMedia = await sendForm(demoToken, { number: '12-34' }, [
      { name: 'foto.png', type: 'image/png', bytes: png },
    ]);
    expect(badMedia).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    const noFile = await sendForm(demoToken, { number: '5511970001004' }, []);
    expect(noFile).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await eventCount()).toBe(events);
    expect(await storedFiles()).toBe(files);
    const contacts = await system.api('GET', '/contacts?searchParam=970001004', { token: admin });
    expect(contacts.body.contacts).toEqual([]);
  });

  it('answers 401 to a missing or unknown token and 403 when the plan has no API, writing nothing', async () => {
    const events = await settledEventCount();
    const body = { number: '5511970001005', body: 'Oi' };
    for (const token of [null, 'not-a-token', `${demoToken}x`]) {
      const r = await send(token, body);
      expect(r).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_TOKEN' } });
    }
    // A company on the smallest plan (no external API) with a connection of its own.
    const basic = await system.signUpCompany('Empresa Básica', 'admin@basica-api.dev', 'senhaB1', 0);
    const created = await system.api('POST', '/whatsapp', {
      token: basic.token,
      body: { name: 'Básica', provider: 'simulator' },
    });
    expect(created.status).toBe(201);
    const before = await settledEventCount();
    const refused = await send(created.body.token, body);
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_EXTERNAL_API_DISABLED' } });
    expect(await eventCount()).toBe(before);
    expect(events).toBeLessThan(before);
  });

  it("the token decides the company: A's token never writes into B, whatever the body says", async () => {
    const b = await system.signUpCompany('Empresa B API', 'admin@b-api.dev', 'senhaB1', 1);
    const bConnection = await system.api('POST', '/whatsapp', {
      token: b.token,
      body: { name: 'Conexão B', provider: 'simulator' },
    });
    expect(bConnection.status).toBe(201);
    const number = '5511970001006';
    const known = await system.api('POST', '/contacts', {
      token: b.token,
      body: { name: 'Cliente de B', number },
    });
    expect(known.status).toBe(201);

    const r = await send(demoToken, { number, body: 'Mensagem de A', whatsappId: bConnection.body.id });
    expect(r.status).toBe(200);

    // B sees nothing new: its contact untouched, no ticket, nothing on its connection.
    const bContacts = await system.api('GET', '/contacts', { token: b.token });
    expect(bContacts.body.contacts.map((c: { name: string; number: string }) => [c.name, c.number])).toEqual([
      ['Cliente de B', number],
    ]);
    for (const status of ['open', 'pending', 'closed']) {
      const bTickets = await system.api('GET', `/tickets?status=${status}&showAll=true`, { token: b.token });
      expect(bTickets.body.tickets).toEqual([]);
    }
    // A got its own contact and ticket, and the message left through A's connection.
    const aContacts = await system.api('GET', `/contacts?searchParam=${number}`, { token: admin });
    expect(aContacts.body.contacts.map((c: { number: string }) => c.number)).toEqual([number]);
    expect(aContacts.body.contacts[0].id).not.toBe(known.body.id);
    expect((await openTicketOf(admin, number)).whatsappId).toBe(DEMO.whatsappId);
    await eventually(async () => (await phone(number)).length === 1);
    expect(await phone(number, bConnection.body.id)).toEqual([]);

    // And B's own token sends through B's connection into B only.
    const bToken = await tokenOf(bConnection.body.id, b.token);
    expect((await send(bToken, { number, body: 'Mensagem de B' })).status).toBe(200);
    const bTicket = await openTicketOf(b.token, number);
    expect(bTicket).toMatchObject({ whatsappId: bConnection.body.id, contact: { id: known.body.id } });
  });

  it(`answers 429 once a token made ${RATE_LIMIT} requests in a minute, other tokens unaffected`, async () => {
    const extra = await system.api('POST', '/whatsapp', {
      token: admin,
      body: { name: 'Integração', provider: 'simulator' },
    });
    expect(extra.status).toBe(201);
    const token = extra.body.token as string;
    for (let i = 0; i < RATE_LIMIT; i++) {
      const r = await send(token, { number: 'x', body: 'Oi' });
      expect(r.status).toBe(400);
    }
    const events = await settledEventCount();
    const limited = await send(token, { number: '5511970001007', body: 'Oi' });
    expect(limited).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMITED' } });
    expect(await eventCount()).toBe(events);
    const contacts = await system.api('GET', '/contacts?searchParam=970001007', { token: admin });
    expect(contacts.body.contacts).toEqual([]);
    // The limit is per token: the demo connection's token still sends.
    expect((await send(demoToken, { number: '5511970001007', body: 'Oi' })).status).toBe(200);
  });
});
