import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Auditors read a ticket's full history through GraphQL, scoped to their company.
describe('GraphQL ticket history', () => {
  let system: TestSystem;
  let admin: { token: string };
  let other: { token: string };
  let ticketId: string;

  const historyQuery = (token: string, id: string) =>
    system.api('POST', '/graphql', {
      token,
      body: {
        query: 'query($id: ID!) { ticketHistory(ticketId: $id) { type actor actorName summary at } }',
        variables: { id },
      },
    });

  beforeAll(async () => {
    system = await startTestSystem();
    admin = await system.login(DEMO.email, DEMO.password);
    other = await system.signUpCompany('Outra Empresa', 'auditor@outra.dev', 'secret1');

    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number: '5511977776666', name: 'Paulo' },
      'Preciso de ajuda',
    );
    const deadline = Date.now() + 5000;
    while (!ticketId && Date.now() < deadline) {
      const list = await system.api('GET', '/tickets?status=pending&showAll=true', { token: admin.token });
      ticketId = list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Paulo')?.id;
      if (!ticketId) await new Promise((r) => setTimeout(r, 50));
    }
    await system.api('PUT', `/tickets/${ticketId}`, { token: admin.token, body: { status: 'open' } });
    await system.api('POST', `/messages/${ticketId}`, {
      token: admin.token,
      body: { body: 'Claro, Paulo!' },
    });
    await system.api('PUT', `/tickets/${ticketId}`, { token: admin.token, body: { status: 'closed' } });
  }, 60_000);

  afterAll(async () => system?.close());

  it('lists what happened to the ticket, in order, with who did it', async () => {
    let events: { type: string; actorName: string | null; summary: string }[] = [];
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const r = await historyQuery(admin.token, ticketId);
      events = r.body.data?.ticketHistory ?? [];
      if (events.some((e) => e.type === 'TicketClosed')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const types = events.map((e) => e.type);
    // The demo connection greets the customer (a bot message queued before the accept): the agent's
    // reply is the queued message that carries its text.
    const reply = events.findIndex(
      (e) => e.type === 'OutboundMessageQueued' && e.summary.includes('Claro, Paulo!'),
    );
    expect(types.indexOf('TicketCreated')).toBeLessThan(types.indexOf('InboundMessageReceived'));
    expect(types.indexOf('InboundMessageReceived')).toBeLessThan(types.indexOf('TicketAccepted'));
    expect(types.indexOf('TicketAccepted')).toBeLessThan(reply);
    // The reply's delivery (OutboundMessageSent) may land before or after the close; the close follows the reply.
    expect(reply).toBeLessThan(types.indexOf('TicketClosed'));
    const accepted = events.find((e) => e.type === 'TicketAccepted')!;
    expect(accepted.actorName).toBe('Zelo Demo');
    // Ids in the events read as the names of the company's users and queues, not as uuids.
    expect(accepted.summary).toBe('accepted by Zelo Demo in queue Atendimento');
    expect(events.find((e) => e.type === 'InboundMessageReceived')!.summary).toContain('Preciso de ajuda');
  });

  it('writes the summaries in the language asked for (the web app asks in its own)', async () => {
    const r = await system.api('POST', '/graphql', {
      token: admin.token,
      body: {
        query: 'query($id: ID!) { ticketHistory(ticketId: $id, language: pt) { type summary } }',
        variables: { id: ticketId },
      },
    });
    const accepted = r.body.data.ticketHistory.find((e: { type: string }) => e.type === 'TicketAccepted');
    expect(accepted.summary).toBe('aceito por Zelo Demo na fila Atendimento');
    const bad = await system.api('POST', '/graphql', {
      token: admin.token,
      body: { query: `{ ticketHistory(ticketId: "${ticketId}", language: fr) { type } }` },
    });
    expect(bad.body.errors[0].message).toContain('fr');
  });

  it('does not show another company a ticket that is not theirs', async () => {
    const r = await historyQuery(other.token, ticketId);
    expect(r.body.data).toBeNull();
    expect(r.body.errors[0].extensions.code).toBe('ERR_NO_TICKET_FOUND');
  });

  it('refuses callers without a session and ids that are not uuids', async () => {
    const anonymous = await system.api('POST', '/graphql', {
      body: { query: `{ ticketHistory(ticketId: "${ticketId}") { type } }` },
    });
    expect(anonymous.body.errors[0].extensions.code).toBe('ERR_SESSION_EXPIRED');
    const bad = await historyQuery(admin.token, 'not-a-uuid');
    expect(bad.body.errors[0].extensions.code).toBe('ERR_VALIDATION');
  });
});
