import { eventually } from '@zelo/services/testing/eventually';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

const customer = { number: '5511955554444', name: 'Rita' };

async function openTicketWithCustomer(system: TestSystem, token: string) {
  await system.simulator!.customerSends(DEMO.whatsappId, customer, 'Oi, tudo bem?');
  const ticket = await eventually(async () => {
    const r = await system.api('GET', '/tickets?status=pending&showAll=true', { token });
    return r.body.tickets.find((t: { contact: { number: string } }) => t.contact.number === customer.number);
  });
  await system.api('PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open' } });
  return ticket.id as string;
}

// The demo queue greets every new customer; these tests look at the agents' replies only.
const greeting = 'Olá! Como podemos ajudar?';
const outboundOnPhone = async (system: TestSystem) =>
  (await system.simulator!.phoneMessages(DEMO.whatsappId, customer.number)).filter(
    (m) => m.direction === 'outbound' && m.body !== greeting,
  );

// Outbound messages are events first; the channel worker delivers them. These tests stop and start
// the worker around a queued message and check the customer gets it exactly once.
describe('outbound delivery', () => {
  const running: TestSystem[] = [];
  afterEach(async () => {
    for (const s of running.splice(0)) await s.close().catch(() => {});
  });

  it('a reply queued while no channel worker runs is delivered once when one starts', async () => {
    const first = await startTestSystem();
    running.push(first);
    const { token } = await first.login(DEMO.email, DEMO.password);
    const ticketId = await openTicketWithCustomer(first, token);
    await first.close({ keepDatabase: true });
    running.length = 0;

    // The API alone: the reply is recorded as queued, nobody sends it.
    const apiOnly = await startTestSystem({
      databaseUrl: first.databaseUrl,
      env: { ZELO_ROLES: 'api,projections' },
    });
    running.push(apiOnly);
    const { token: t2 } = await apiOnly.login(DEMO.email, DEMO.password);
    const sent = await apiOnly.api('POST', `/messages/${ticketId}`, {
      token: t2,
      body: { body: 'Estamos verificando.' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.ack).toBe(0);
    await new Promise((r) => setTimeout(r, 700));
    expect(await outboundOnPhone(apiOnly)).toHaveLength(0);
    await apiOnly.close({ keepDatabase: true });
    running.length = 0;

    // A channel worker comes up: the message is delivered, once, and its acks come back.
    const withChannel = await startTestSystem({ databaseUrl: first.databaseUrl });
    running.push(withChannel);
    const { token: t3 } = await withChannel.login(DEMO.email, DEMO.password);
    await eventually(async () => (await outboundOnPhone(withChannel)).length > 0);
    const acked = await eventually(async () => {
      const page = await withChannel.api('GET', `/messages/${ticketId}`, { token: t3 });
      const m = page.body.messages.find((x: { body: string }) => x.body === 'Estamos verificando.');
      return m?.ack >= 2 ? m : undefined;
    });
    expect(acked.ack).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 500));
    expect((await outboundOnPhone(withChannel)).map((m) => m.body)).toEqual(['Estamos verificando.']);
    const sentEvents = await withChannel.ctx.pool.query(
      `SELECT count(*)::int AS n FROM es_events WHERE type = 'OutboundMessageSent' AND data->>'messageId' = $1`,
      [sent.body.id],
    );
    expect(sentEvents.rows[0].n).toBe(1);
  }, 60_000);

  it("a conversation's queued messages reach the phone in the order they were queued", async () => {
    const first = await startTestSystem();
    running.push(first);
    const { token } = await first.login(DEMO.email, DEMO.password);
    const ticketId = await openTicketWithCustomer(first, token);
    await first.close({ keepDatabase: true });
    running.length = 0;

    // Queued while no worker runs, so the worker claims them all in one batch when it starts.
    const apiOnly = await startTestSystem({
      databaseUrl: first.databaseUrl,
      env: { ZELO_ROLES: 'api,projections' },
    });
    running.push(apiOnly);
    const { token: t2 } = await apiOnly.login(DEMO.email, DEMO.password);
    const bodies = Array.from({ length: 12 }, (_, i) => `Passo ${i + 1}`);
    for (const body of bodies) {
      const r = await apiOnly.api('POST', `/messages/${ticketId}`, { token: t2, body: { body } });
      expect(r.status).toBe(201);
    }
    await apiOnly.close({ keepDatabase: true });
    running.length = 0;

    const withChannel = await startTestSystem({ databaseUrl: first.databaseUrl });
    running.push(withChannel);
    await eventually(async () => (await outboundOnPhone(withChannel)).length >= bodies.length);
    expect((await outboundOnPhone(withChannel)).map((m) => m.body)).toEqual(bodies);
  }, 90_000);

  it('retries while the connection is down and delivers once it pairs again', async () => {
    const system = await startTestSystem();
    running.push(system);
    const { token } = await system.login(DEMO.email, DEMO.password);
    const ticketId = await openTicketWithCustomer(system, token);
    await system.simulator!.stop(DEMO.whatsappId);

    const sent = await system.api('POST', `/messages/${ticketId}`, {
      token,
      body: { body: 'Mensagem com a conexão caída' },
    });
    const attempts = await eventually(async () => {
      const { rows } = await system.ctx.pool.query(
        'SELECT attempts, last_error FROM outbound_queue WHERE message_id = $1',
        [sent.body.id],
      );
      return rows[0]?.attempts >= 1 && rows[0]?.last_error ? rows[0] : undefined;
    });
    expect(attempts.last_error).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(await outboundOnPhone(system)).toHaveLength(0);

    await system.simulator!.pair(DEMO.whatsappId);
    // The next attempt comes with the backoff (1 s after the first failure).
    await eventually(async () => (await outboundOnPhone(system)).length === 1, 10_000);
    expect((await outboundOnPhone(system)).map((m) => m.body)).toEqual(['Mensagem com a conexão caída']);
  }, 60_000);

  it('a send repeated after a crash (same WhatsApp id) reaches the phone once', async () => {
    const system = await startTestSystem();
    running.push(system);
    const payload = {
      waMessageId: 'ZELO0123456789ABCDEF0123456789ABCDEF',
      to: { number: customer.number, isGroup: false },
      body: 'Só uma vez',
      mediaType: 'chat' as const,
      mediaUrl: null,
    };
    await system.simulator!.send(DEMO.whatsappId, payload);
    await system.simulator!.send(DEMO.whatsappId, payload);
    expect((await outboundOnPhone(system)).map((m) => m.body)).toEqual(['Só uma vez']);
  }, 30_000);
});
