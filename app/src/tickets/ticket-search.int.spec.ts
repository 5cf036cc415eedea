import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Issue 24 over HTTP: the search tab's text finds a ticket by any of its messages, answers the
// message that holds it, and takes whatever is typed without a 500.
describe('GET /tickets with a search text, in every message', () => {
  let system: TestSystem;
  let admin: { token: string };
  let other: { token: string };

  beforeAll(async () => {
    system = await startTestSystem();
    admin = await system.login(DEMO.email, DEMO.password);
    other = await system.signUpCompany('Outra Loja', 'outra@loja.test', 'secret1');
  }, 90_000);
  afterAll(async () => {
    await system?.close();
  });

  const search = (text: string, token = admin.token) =>
    system.api('GET', `/tickets/?showAll=true&searchParam=${encodeURIComponent(text)}`, { token });

  it("finds the customer's first message after later ones, with its id and a cut of it", async () => {
    const customer = { number: '5511955507777', name: 'Rita Busca' };
    const first = 'Olá! Quero saber do meu reembolso pendente, por favor';
    for (const body of [first, 'Alô?', 'Tem alguém aí?'])
      await system.simulator!.customerSends(DEMO.whatsappId, customer, body);
    const stored = await eventually(async () => {
      const { rows } = await system.ctx.pool.query('SELECT id, body FROM messages WHERE body = ANY($1)', [
        [first, 'Tem alguém aí?'],
      ]);
      return rows.length === 2 ? rows : null;
    });
    const firstId = stored.find((r) => r.body === first).id;

    const found = await search('REEMBOLSÓ PENDENTE');
    expect(found.status).toBe(200);
    expect(found.body.tickets).toHaveLength(1);
    const [ticket] = found.body.tickets;
    expect(ticket.contact.number).toBe(customer.number);
    expect(ticket.lastMessage).not.toBe(first);
    expect(ticket.searchMatch).toEqual({ messageId: firstId, excerpt: first, createdAt: expect.any(String) });
    // The same text from another company finds nothing.
    expect((await search('reembolso', other.token)).body.tickets).toEqual([]);
    // Found by the contact's name only: no message to show.
    expect((await search('rita busca')).body.tickets[0].searchMatch).toBeNull();
  });

  it('takes blank, wildcard and long texts, and refuses NUL and texts over 100 characters with a 400', async () => {
    for (const text of ['   ', '%', '_', '\\', '%_\\', 'a'.repeat(100), 'ação%']) {
      const r = await search(text);
      expect(r.status, text).toBe(200);
    }
    for (const text of ['\0', 'reembolso\0', 'a'.repeat(101)]) {
      const r = await search(text);
      expect([r.status, r.body.error], JSON.stringify(text)).toEqual([400, 'ERR_VALIDATION']);
    }
  });
});
