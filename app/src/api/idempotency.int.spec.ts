import { randomUUID } from 'node:crypto';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// A request stored whose answer was lost is retried by its client with the same Idempotency-Key:
// the retry answers the first answer, and nothing is created twice.

describe('Idempotency-Key on the calls that create', () => {
  let system: TestSystem;
  let token: string;
  let ticketId: string;
  let contactId: string;

  /** JSON in and out, with an Idempotency-Key. */
  const call = async (method: string, path: string, key: string | null, body: unknown, auth = token) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth) headers.authorization = `Bearer ${auth}`;
    if (key !== null) headers['idempotency-key'] = key;
    const res = await fetch(`${system.url}${path}`, { method, headers, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  const messagesWith = async (text: string) => {
    const r = await system.api('GET', `/messages/${ticketId}`, { token });
    return (r.body.messages as { body: string }[]).filter((m) => m.body === text);
  };

  beforeAll(async () => {
    system = await startTestSystem();
    token = (await system.login(DEMO.email, DEMO.password)).token;
    await system.simulator!.customerSends(DEMO.whatsappId, { number: '5511955550001', name: 'Retry' }, 'oi');
    const ticket = await eventually(async () => {
      const list = await system.api('GET', '/tickets?showAll=true&searchParam=retry', { token });
      return list.body.tickets?.[0];
    });
    ticketId = ticket.id;
    contactId = ticket.contact.id;
    expect(
      (await system.api('PUT', `/tickets/${ticketId}`, { token, body: { status: 'open' } })).status,
    ).toBe(200);
  }, 60_000);

  afterAll(async () => system?.close());

  it('a retried POST /messages with the same key makes one message and answers the first answer', async () => {
    const key = randomUUID();
    const first = await call('POST', `/messages/${ticketId}`, key, { body: 'só uma vez' });
    expect(first.status).toBe(201);
    const retry = await call('POST', `/messages/${ticketId}`, key, { body: 'só uma vez' });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await messagesWith('só uma vez')).toHaveLength(1);

    // Without a key, a repeat is a new message, as before.
    await call('POST', `/messages/${ticketId}`, null, { body: 'só uma vez' });
    expect(await messagesWith('só uma vez')).toHaveLength(2);
  });

  it('the same key with a different request is refused with ERR_IDEMPOTENCY_KEY_REUSED, creating nothing', async () => {
    const key = randomUUID();
    expect((await call('POST', `/messages/${ticketId}`, key, { body: 'primeira' })).status).toBe(201);
    const other = await call('POST', `/messages/${ticketId}`, key, { body: 'outra coisa' });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('ERR_IDEMPOTENCY_KEY_REUSED');
    expect(await messagesWith('outra coisa')).toHaveLength(0);
  });

  it('concurrent requests with one key create one contact; both get its answer', async () => {
    const key = randomUUID();
    const body = { name: 'Concorrente', number: '5511955550077' };
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/contacts', key, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200].map(() => answers[0].status));
    expect(answers[0].status).toBeLessThan(300);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  });

  it('a failed request keeps nothing: its key may be retried with a corrected body', async () => {
    const key = randomUUID();
    const bad = await call('POST', '/contacts', key, { name: 'X', number: '1' });
    expect(bad.status).toBe(400);
    const good = await call('POST', '/contacts', key, { name: 'Corrigido', number: '5511955550088' });
    expect(good.status).toBeLessThan(300);
  });

  it('keys are per caller: another user with the same key is a request of its own', async () => {
    const key = randomUUID();
    const other = await system.signUpCompany('Empresa Chave', 'chave@example.dev', 'secret1');
    const mine = await call('POST', '/contacts', key, { name: 'Meu', number: '5511955550099' });
    const theirs = await call(
      'POST',
      '/contacts',
      key,
      { name: 'Deles', number: '5511955550099' },
      other.token,
    );
    expect(mine.status).toBeLessThan(300);
    expect(theirs.status).toBeLessThan(300);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('covers POST /tickets and POST /schedules', async () => {
    const key = randomUUID();
    const schedule = { body: 'agendado uma vez', contactId, sendAt: '2031-01-01T12:00:00.000Z' };
    const s1 = await call('POST', '/schedules', key, schedule);
    const s2 = await call('POST', '/schedules', key, schedule);
    expect(s1.status).toBeLessThan(300);
    expect(s2.body.id).toBe(s1.body.id);
    const list = await system.api('GET', `/schedules?contactId=${contactId}`, { token });
    expect(list.body.schedules.filter((s: { body: string }) => s.body === 'agendado uma vez')).toHaveLength(
      1,
    );

    const contact = await call('POST', '/contacts', null, { name: 'Novo Ticket', number: '5511955550055' });
    const tkey = randomUUID();
    const ticket = {
      contactId: contact.body.id,
      whatsappId: DEMO.whatsappId,
      status: 'open',
      userId: DEMO.adminId,
    };
    const t1 = await call('POST', '/tickets', tkey, ticket);
    const t2 = await call('POST', '/tickets', tkey, ticket);
    expect(t1.status).toBeLessThan(300);
    expect(t2.status).toBe(t1.status);
    expect(t2.body.id).toBe(t1.body.id);
  });

  it("the simulator's inbound call, retried with its key, delivers one customer message", async () => {
    const key = randomUUID();
    const inbound = { from: '5511955550001', name: 'Retry', body: 'mensagem do cliente uma vez' };
    const path = `/simulator/connections/${DEMO.whatsappId}/inbound`;
    const i1 = await call('POST', path, key, inbound, '');
    const i2 = await call('POST', path, key, inbound, '');
    expect(i1.status).toBe(201);
    expect(i2.body).toEqual(i1.body);
    await eventually(
      async () => (await messagesWith('mensagem do cliente uma vez')).length === 1 || undefined,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await messagesWith('mensagem do cliente uma vez')).toHaveLength(1);
  });

  it('refuses a malformed key with 400', async () => {
    const r = await call('POST', `/messages/${ticketId}`, 'x'.repeat(300), { body: 'chave longa' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_VALIDATION');
  });
});
