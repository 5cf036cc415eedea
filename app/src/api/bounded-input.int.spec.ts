import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Numbers of request bodies that land in an int column are bounded by their contract: a huge value
// is a 400 that appends nothing, never a 500 nor an event the projection cannot store (which would
// stop it). And the simulator's phone stores its text cleaned, like any text arriving from WhatsApp.
let system: TestSystem;
let token: string;

beforeAll(async () => {
  system = await startTestSystem();
  token = (await system.login(DEMO.email, DEMO.password)).token;
}, 60_000);
afterAll(async () => system?.close());

const eventCount = async () =>
  Number(
    (
      await system.ctx.pool.query(
        `SELECT count(*) AS n FROM es_events WHERE metadata->>'actor' NOT LIKE 'system:%'`,
      )
    ).rows[0].n,
  );

const HUGE = [1e12, 2147483648, 1e308, -2147483649];

describe('numbers in request bodies are bounded', () => {
  it('queue orderQueue, option number, connection minutes and bot limit: 400, nothing appended', async () => {
    const queue = await system.api('POST', '/queue', {
      token,
      body: { name: 'Fila Limite', color: '#112233', orderQueue: 3 },
    });
    expect(queue.status).toBe(201);
    const before = await eventCount();
    const calls: [string, string, (n: number) => unknown][] = [
      ['POST', '/queue', (n) => ({ name: 'Fila Enorme', color: '#445566', orderQueue: n })],
      ['PUT', `/queue/${queue.body.id}`, (n) => ({ name: 'Fila Limite', color: '#112233', orderQueue: n })],
      ['POST', '/queue-options', (n) => ({ queueId: queue.body.id, title: 'Opção', option: n })],
      ...['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'timeToTransfer'].flatMap(
        (field): [string, string, (n: number) => unknown][] => [
          ['POST', '/whatsapp', (n) => ({ name: 'Conexão Enorme', provider: 'simulator', [field]: n })],
          ['PUT', `/whatsapp/${DEMO.whatsappId}`, (n) => ({ [field]: n })],
        ],
      ),
    ];
    for (const [method, path, body] of calls) {
      for (const n of HUGE) {
        const r = await system.api(method, path, { token, body: body(n) });
        expect({ method, path, n, status: r.status, error: r.body?.error }).toEqual({
          method,
          path,
          n,
          status: 400,
          error: 'ERR_VALIDATION',
        });
      }
    }
    expect(await eventCount()).toBe(before);
    // The queues projection goes on: the largest allowed order is stored and read back.
    const max = await system.api('PUT', `/queue/${queue.body.id}`, {
      token,
      body: { name: 'Fila Limite', color: '#112233', orderQueue: 999_999 },
    });
    expect(max.status).toBe(200);
    expect(max.body.orderQueue).toBe(999_999);
  });
});

describe("the simulator's phone", () => {
  it('stores a NUL or a lone surrogate cleaned, and the message reaches the ticket', async () => {
    const number = '5511933337777';
    const { waMessageId } = await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number, name: 'Si\u0000mu' },
      'olá\u0000 simulador \ud800',
    );
    const { rows } = await system.ctx.pool.query(
      'SELECT name, body FROM sim_messages WHERE wa_message_id = $1',
      [waMessageId],
    );
    expect(rows[0]).toEqual({ name: 'Simu', body: 'olá simulador \ufffd' });
    const ticket = await eventually(async () => {
      const list = await system.api('GET', `/tickets?showAll=true&searchParam=${number}`, { token });
      return list.body.tickets?.[0];
    });
    const found = await eventually(async () => {
      const r = await system.api('GET', `/messages/${ticket.id}`, { token });
      return (r.body.messages as { body: string }[]).find((m) => m.body.startsWith('olá simulador'));
    });
    expect(found.body).toBe('olá simulador \ufffd');

    const own = await system.simulator!.phoneOwnerSends(DEMO.whatsappId, { number }, 'do\u0000 celular');
    const phone = await system.ctx.pool.query('SELECT body FROM sim_messages WHERE wa_message_id = $1', [
      own.waMessageId,
    ]);
    expect(phone.rows[0].body).toBe('do celular');
  });
});
