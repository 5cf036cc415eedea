import { randomUUID } from 'node:crypto';
import type { SlaAlert } from '@zelo/contracts/tickets/commands';
import { eventually } from '@zelo/services/testing/eventually';
import { runTicketCommand, ticketStreamId } from '@zelo/services/tickets/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The supervisors' live notification (issue 24): a ticket's SLA warning or breach reaches its
// company's admins as `company-<id>-sla`, never a plain agent (who still sees the ticket's badge move),
// never another company's admin, and never for a warning that is history (a catch-up after downtime).

type Frame = { event: string; data: { ticket?: { id: string; sla: { state: string } | null } } };

describe('SLA frames', () => {
  let system: TestSystem;
  let admin: string;
  let agent: string;
  let otherAdmin: string;
  let ticketId: string;
  let policyId: string;

  beforeAll(async () => {
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    // An agent of the demo queue: the ticket is theirs to see.
    const made = await system.api('POST', '/users', {
      token: admin,
      body: {
        name: 'Agente Frames',
        email: 'agente-frames@zelo.dev',
        password: 'secret1',
        profile: 'user',
        queueIds: [DEMO.queueId],
      },
    });
    expect(made.status).toBe(201);
    agent = (await system.login('agente-frames@zelo.dev', 'secret1')).token;
    otherAdmin = (await system.signUpCompany('Empresa Frames B', 'admin@frames-b.dev', 'secret1', 1)).token;
    const api = (method: string, path: string, body?: unknown) =>
      system.api(method, path, { token: admin, body });
    const policy = await api('POST', '/sla-policies/', {
      name: 'Primeira resposta em 30 min',
      queueId: DEMO.queueId,
      firstResponseMinutes: 30,
      nextResponseMinutes: null,
      resolutionMinutes: null,
      clock: 'calendar',
    });
    expect(policy.status).toBe(201);
    policyId = policy.body.id;
    const contact = await api('POST', '/contacts', { name: 'Cliente Atrasado', number: '5511955550001' });
    expect(contact.status).toBe(201);
    // Pending in the demo queue, nobody's: the agent and every admin see it.
    const ticket = await api('POST', '/tickets', {
      contactId: contact.body.id,
      queueId: DEMO.queueId,
      whatsappId: DEMO.whatsappId,
      status: 'pending',
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    ticketId = ticket.body.id;
  }, 60_000);

  afterAll(async () => system?.close());

  const alert = async (type: SlaAlert['type']): Promise<SlaAlert> => {
    const row = (await system.api('GET', `/tickets/${ticketId}`, { token: admin })).body;
    return {
      type,
      policyId,
      target: 'firstResponse',
      clockId: 'firstResponse:1',
      startedAt: row.createdAt,
      dueAt: row.sla.dueAt,
    };
  };
  const slaFrames = (frames: Frame[]) => frames.filter((f) => f.event.endsWith('-sla'));

  it('shows the running clock on the ticket', async () => {
    const row = (await system.api('GET', `/tickets/${ticketId}`, { token: admin })).body;
    expect(row.sla).toEqual({
      target: 'firstResponse',
      state: 'ok',
      warnAt: new Date(Date.parse(row.createdAt) + 24 * 60_000).toISOString(),
      dueAt: new Date(Date.parse(row.createdAt) + 30 * 60_000).toISOString(),
    });
  });

  it("tells the company's admins of a warning, and nobody else", async () => {
    const sockets = {
      admin: await readySocket(system, admin),
      agent: await readySocket(system, agent),
      otherAdmin: await readySocket(system, otherAdmin),
    };
    const warning = await alert('TicketSlaWarned');
    await runTicketCommand(
      system.deps,
      ticketId,
      { type: 'RecordSlaAlerts', alerts: [warning] },
      { companyId: DEMO.companyId, actor: 'system:timer:sla' },
    );
    const frame = await eventually(
      async () => slaFrames(sockets.admin.frames as Frame[])[0],
      8_000,
      "the admin's sla frame",
    );
    expect(frame).toEqual({
      event: `company-${DEMO.companyId}-sla`,
      data: {
        action: 'warned',
        ticketId,
        target: 'firstResponse',
        dueAt: warning.dueAt,
        contactName: 'Cliente Atrasado',
        queueName: expect.any(String),
      },
    });
    // The agent sees the badge turn (the ticket's row), not the supervisors' notification.
    await eventually(
      async () =>
        (sockets.agent.frames as Frame[]).some(
          (f) =>
            f.event.endsWith('-ticket') &&
            f.data.ticket?.id === ticketId &&
            f.data.ticket.sla?.state === 'warned',
        ),
      8_000,
      "the agent's ticket update",
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(slaFrames(sockets.agent.frames as Frame[])).toEqual([]);
    expect(sockets.otherAdmin.frames.filter((f) => f.event !== 'ready')).toEqual([]);
    for (const s of Object.values(sockets)) s.ws.close();
  });

  it('sends no notification for a breach recorded long ago (history caught up), only the badge', async () => {
    const socket = await readySocket(system, admin);
    const { type, ...breach } = await alert('TicketSlaBreached');
    const longAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    await system.deps.store.appendToStream(
      ticketStreamId(ticketId),
      [
        {
          id: randomUUID(),
          type,
          data: { ticketId, companyId: DEMO.companyId, ...breach },
          metadata: {
            companyId: DEMO.companyId,
            actor: 'system:timer:sla',
            correlationId: randomUUID(),
            at: longAgo,
          },
        },
      ],
      'any',
    );
    await eventually(
      async () =>
        (socket.frames as Frame[]).some(
          (f) => f.event.endsWith('-ticket') && f.data.ticket?.sla?.state === 'breached',
        ),
      8_000,
      'the badge turned breached',
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(slaFrames(socket.frames as Frame[])).toEqual([]);
    socket.ws.close();
  });
});
