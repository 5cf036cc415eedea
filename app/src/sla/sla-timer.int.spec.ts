import type { fixedClock } from '@zelo/services/platform/clock';
import { eventually } from '@zelo/services/testing/eventually';
import { ticketStreamId } from '@zelo/services/tickets/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { withWorkflows } from '../testing/workflows.ts';

// The SLA timer as the product runs it, on the Temporal dev server: the sla-timers reactor arms the
// ticket's `sla` timer at its next instant, the workflow's activity records the warning (80 %) and the
// breach (100 %) as the ticket's events, and a person's answer or a reopen moves what is due. A target
// is at least a minute, so the tickets are opened "in the past": the system's clock runs behind real
// time while they open (their events carry that time), then catches up, and the timer's real waits are
// a few seconds.

const SECOND = 1_000;
/** The system's clock: real time plus `skew` (0 except while a test writes events "in the past"). */
let skew = 0;
const clock: ReturnType<typeof fixedClock> = {
  now: () => new Date(Date.now() + skew),
  set: (iso) => {
    skew = Date.parse(iso) - Date.now();
  },
  advance: (ms) => {
    skew += ms;
  },
};

describe('SLA timer', () => {
  let system: TestSystem;
  let admin: string;
  let contacts = 0;

  const api = async (method: string, path: string, body?: unknown) => {
    const r = await system.api(method, path, { token: admin, body });
    expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  };
  /** The SLA events of the ticket's stream, with the real instant each was recorded at. */
  const slaEvents = async (ticketId: string) =>
    (await system.deps.store.readStream(ticketStreamId(ticketId))).events
      .filter((e) => e.type.startsWith('TicketSla'))
      .map((e) => ({ type: e.type, clockId: e.data.clockId as string, at: Date.parse(e.metadata.at) }));
  const waitFor = (ticketId: string, type: string, clockId: string, timeoutMs = 20 * SECOND) =>
    eventually(
      async () => (await slaEvents(ticketId)).find((e) => e.type === type && e.clockId === clockId),
      timeoutMs,
      `${type} ${clockId}`,
    );
  /** A ticket of the demo queue opened `ago` ms before now (as its events say). */
  const ticketOpened = async (ago: number, status: 'open' | 'pending' = 'pending') => {
    contacts += 1;
    const contact = await api('POST', '/contacts', {
      name: `Cliente SLA ${contacts}`,
      number: `55119777700${contacts}`,
    });
    skew = -ago;
    try {
      const body = { contactId: contact.id, queueId: DEMO.queueId, whatsappId: DEMO.whatsappId, status };
      return (await api('POST', '/tickets', body)) as { id: string; createdAt: string };
    } finally {
      skew = 0;
    }
  };

  beforeAll(async () => {
    system = await startTestSystem({ clock, env: withWorkflows() });
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    // A first response within one minute, calendar time: warned at 48 s, breached at 60 s.
    await api('POST', '/sla-policies/', {
      name: 'Um minuto',
      queueId: DEMO.queueId,
      firstResponseMinutes: 1,
      nextResponseMinutes: null,
      resolutionMinutes: null,
      clock: 'calendar',
    });
  }, 300_000);
  afterAll(() => system?.close());

  it('warns at 80 % and breaches at 100 %, once each, not before their time', async () => {
    const ticket = await ticketOpened(55 * SECOND);
    const openedAt = Date.parse(ticket.createdAt);
    const warned = await waitFor(ticket.id, 'TicketSlaWarned', 'firstResponse:1');
    expect(warned.at).toBeGreaterThanOrEqual(openedAt + 48 * SECOND);
    const breached = await waitFor(ticket.id, 'TicketSlaBreached', 'firstResponse:1');
    expect(breached.at).toBeGreaterThanOrEqual(openedAt + 60 * SECOND);
    // The list's badge follows once the read model applied the breach.
    const row = await eventually(
      async () => {
        const r = await api('GET', `/tickets/${ticket.id}`);
        return r.sla?.state === 'breached' && r;
      },
      8_000,
      'the breached badge',
    );
    expect(row.sla).toEqual({
      target: 'firstResponse',
      state: 'breached',
      warnAt: new Date(openedAt + 48 * SECOND).toISOString(),
      dueAt: new Date(openedAt + 60 * SECOND).toISOString(),
    });
    await new Promise((r) => setTimeout(r, 2 * SECOND));
    expect((await slaEvents(ticket.id)).map((e) => e.type)).toEqual(['TicketSlaWarned', 'TicketSlaBreached']);
  }, 60_000);

  it("records no breach once a person answered, the warning's timer notwithstanding", async () => {
    const ticket = await ticketOpened(50 * SECOND);
    const dueAt = Date.parse(ticket.createdAt) + 60 * SECOND;
    await waitFor(ticket.id, 'TicketSlaWarned', 'firstResponse:1');
    await api('PUT', `/tickets/${ticket.id}`, { status: 'open' });
    await api('POST', `/messages/${ticket.id}`, { body: 'Olá! Já estou vendo o seu pedido.' });
    expect(Date.now()).toBeLessThan(dueAt);
    await eventually(
      async () => (await api('GET', `/tickets/${ticket.id}`)).sla === null,
      8_000,
      'clock stopped',
    );
    await new Promise((r) => setTimeout(r, Math.max(0, dueAt + 3 * SECOND - Date.now())));
    expect((await slaEvents(ticket.id)).map((e) => e.type)).toEqual(['TicketSlaWarned']);
  }, 60_000);

  it("is moved by a reopen to the new opening's instants", async () => {
    // Answered at once and closed: nothing of the first opening is ever due.
    const ticket = await ticketOpened(0, 'open');
    await api('POST', `/messages/${ticket.id}`, { body: 'Resolvido!' });
    await api('PUT', `/tickets/${ticket.id}`, { status: 'closed' });
    // Reopened "55 s ago": the second opening's warning is due at once, its breach 5 s from now.
    skew = -55 * SECOND;
    try {
      await api('PUT', `/tickets/${ticket.id}`, { status: 'open' });
    } finally {
      skew = 0;
    }
    const reopenedAt = Date.now() - 55 * SECOND;
    await waitFor(ticket.id, 'TicketSlaWarned', 'firstResponse:2');
    const breached = await waitFor(ticket.id, 'TicketSlaBreached', 'firstResponse:2');
    expect(breached.at).toBeGreaterThanOrEqual(reopenedAt + 60 * SECOND - SECOND);
    expect((await slaEvents(ticket.id)).map((e) => e.clockId)).toEqual([
      'firstResponse:2',
      'firstResponse:2',
    ]);
  }, 60_000);
});
