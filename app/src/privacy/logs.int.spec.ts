import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// LGPD (issue 25): the API's log never holds a customer's name, number or words — not in a search,
// not in a simulator path, not when a customer writes.

describe('the log keeps no personal data', () => {
  let system: TestSystem;
  const logged: string[] = [];
  const name = 'Graziela Logada';
  const number = '5511977661234';
  const text = 'meu cpf e 123.456.789-00';

  beforeAll(async () => {
    system = await startTestSystem({ logStream: { write: (line) => void logged.push(line) } });
  });
  afterAll(async () => {
    await system?.close();
  });

  it('searches, phone paths and messages are logged without the name, number or text', async () => {
    const { token } = await system.login(DEMO.email, DEMO.password);
    const sent = await system.api('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, {
      body: { from: number, name, body: text },
    });
    expect(sent.status).toBe(201);
    await eventually(async () => {
      const r = await system.api('GET', `/contacts?searchParam=${encodeURIComponent(name)}`, { token });
      if (!r.body.contacts) throw new Error(JSON.stringify(r.body));
      return r.body.contacts.some((c: { number: string }) => c.number === number);
    });
    await system.api('GET', `/contacts?searchParam=${number}&pageNumber=1`, { token });
    await system.api('GET', `/simulator/connections/${DEMO.whatsappId}/phones/${number}/messages`);
    const log = logged.join('');
    expect(log).toContain('searchParam=[redacted]');
    expect(log).toContain('/phones/[redacted]/messages');
    for (const personal of [name, encodeURIComponent(name), number, text])
      expect(log).not.toContain(personal);
  });
});
