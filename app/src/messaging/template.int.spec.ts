import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Doc 1 §3 message variables, end to end: what the customer's phone receives from the queue chatbot's
// greeting and from an agent's text, with the variables filled in from the contact and the ticket.
describe('message variables in what reaches the phone', () => {
  let system: TestSystem;
  let token: string;
  const number = '5511933332222';

  const outbound = async (n: number) =>
    eventually(
      async () => {
        const got = (await system.simulator!.phoneMessages(DEMO.whatsappId, number)).filter(
          (m: { direction: string }) => m.direction === 'outbound',
        );
        return got.length >= n ? got.map((m: { body: string }) => m.body) : null;
      },
      8_000,
      `${n} messages on the phone`,
    );

  beforeAll(async () => {
    system = await startTestSystem();
    token = (await system.login(DEMO.email, DEMO.password)).token;
    const queue = await system.api('PUT', `/queue/${DEMO.queueId}`, {
      token,
      body: {
        name: 'Atendimento',
        color: '#2965CC',
        greetingMessage: '{{greeting}}, {{firstName}}! Seu protocolo é {{protocol}}. {{unknown}}',
      },
    });
    expect(queue.status).toBe(200);
  }, 60_000);
  afterAll(async () => system?.close());

  it('fills the queue greeting and the agent text; the protocol is the same on both', async () => {
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Carla Mendes' }, 'Oi');
    const [greeting] = await outbound(1);
    expect(greeting).toMatch(
      /^(Bom dia|Boa tarde|Boa noite), Carla! Seu protocolo é (\d{18})\. \{\{unknown\}\}$/,
    );
    const protocol = greeting.match(/(\d{18})/)![1];

    const list = await system.api('GET', `/tickets?status=pending&searchParam=${number}`, { token });
    const ticketId = list.body.tickets[0].id;
    await system.api('PUT', `/tickets/${ticketId}`, { token, body: { status: 'open' } });
    const sent = await system.api('POST', `/messages/${ticketId}`, {
      token,
      body: { body: 'Olá {{contactName}}, protocolo {{protocolNumber}}, {{date}} às {{hour}}.' },
    });
    expect(sent.status).toBe(201);
    // The stored message is what the customer got, not the template.
    expect(sent.body.body).toMatch(
      new RegExp(`^Olá Carla Mendes, protocolo ${protocol}, \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2}\\.$`),
    );
    const bodies = await outbound(2);
    expect(bodies[1]).toBe(sent.body.body);
  });
});
