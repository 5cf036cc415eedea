import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { withWorkflows } from '../testing/workflows.ts';

// A campaign's run on the assembled product: every process role, the real Temporal dev server, the
// simulated phone network. What a user notices: the status moving on by itself, each phone getting
// its one message, the report's counters, a refused start's reason, a cancel and a restart.

describe('campaign run', () => {
  let system: TestSystem;
  let admin: string;
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const phoneNumbers = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => `55${prefix}${stamp}${String(i).padStart(2, '0')}`);

  const call = (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: admin, body });
  const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
  const outbound = async (number: string) =>
    (
      (await system.api('GET', `/simulator/connections/${DEMO.whatsappId}/phones/${number}/messages`))
        .body as {
        direction: string;
        body: string;
      }[]
    ).filter((m) => m.direction === 'outbound');
  const campaign = async (id: string) => (await call('GET', `/campaigns/${id}`)).body;
  const statusIs = (id: string, status: string, ms = 60_000) =>
    eventually(async () => (await campaign(id)).status === status && campaign(id), ms, `campaign ${status}`);

  /** A contact list of simulator phones, once WhatsApp (the simulator) said each number is valid. */
  async function listOf(name: string, numbers: string[]) {
    const listId = (await call('POST', '/contact-lists', { name })).body.id as string;
    for (const [i, number] of numbers.entries()) {
      await system.api('POST', '/simulator/phones', { body: { number, name: `Cliente ${i}` } });
      const item = await call('POST', '/contact-list-items', {
        contactListId: listId,
        name: `Cliente ${i} Silva`,
        number,
        email: `cliente${i}@exemplo.com`,
      });
      expect(item.status, JSON.stringify(item.body)).toBe(201);
      await eventually(
        async () => (await call('GET', `/contact-list-items/${item.body.id}`)).body.isWhatsappValid === true,
        20_000,
        'the number checked',
      );
    }
    return listId;
  }

  async function schedule(name: string, contactListId: string, startsIn = 3_000) {
    const r = await call('POST', '/campaigns', {
      name,
      message1: 'Olá {nome}, use o cupom {cupom}!',
      message2: 'Oi {firstName}, o cupom {cupom} é seu.',
      message3: '',
      message4: '',
      message5: '',
      whatsappId: DEMO.whatsappId,
      scheduledAt: inMs(startsIn),
      contactListId,
      tagListId: '',
      fileListId: '',
      status: 'PROGRAMADA',
      companyId: DEMO.companyId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.status).toBe('PROGRAMADA');
    return r.body.id as string;
  }

  const settings = (s: Record<string, unknown>) => call('POST', '/campaign-settings', { settings: s });

  beforeAll(async () => {
    system = await startTestSystem({
      env: withWorkflows(),
    });
    admin = (await system.login(DEMO.email, DEMO.password)).token;
  }, 120_000);

  afterAll(async () => system?.close());

  it('a PROGRAMADA campaign starts at its time, sends each phone one message and ends FINALIZADA', async () => {
    expect(
      (
        await settings({
          messageInterval: 0,
          longerIntervalAfter: 0,
          variables: [{ key: 'cupom', value: 'ZELO10' }],
        })
      ).status,
    ).toBe(200);
    const numbers = phoneNumbers('21', 5);
    const listId = await listOf('Clientes da campanha', numbers);
    const id = await schedule('Ofertas de verão', listId);

    await new Promise((r) => setTimeout(r, 1_000));
    expect((await campaign(id)).status).toBe('PROGRAMADA');
    for (const n of numbers) expect(await outbound(n)).toHaveLength(0);

    const done = await statusIs(id, 'FINALIZADA');
    expect(done.completedAt).not.toBeNull();
    for (const [i, n] of numbers.entries()) {
      const got = await outbound(n);
      expect(got, n).toHaveLength(1);
      expect([`Olá Cliente ${i} Silva, use o cupom ZELO10!`, `Oi Cliente, o cupom ZELO10 é seu.`]).toContain(
        got[0].body,
      );
    }
    // The report: every recipient valid, sent and (once the channel confirmed) delivered.
    const report = await eventually(
      async () => {
        const c = await campaign(id);
        return c.delivered === 5 && c;
      },
      20_000,
      'five deliveries',
    );
    expect(report).toMatchObject({ validContacts: 5, sent: 5, delivered: 5, failed: 0, pending: 0 });
    const shipments = (await call('GET', `/campaigns/${id}/shipments?pageNumber=1`)).body.records;
    expect(shipments.map((s: { number: string }) => s.number)).toEqual(numbers);
    expect(shipments.every((s: { deliveredAt: string | null }) => s.deliveredAt)).toBe(true);
    // Nothing more arrives later.
    await new Promise((r) => setTimeout(r, 1_500));
    for (const n of numbers) expect(await outbound(n)).toHaveLength(1);

    // A reply opens a pending ticket as any customer message does (the waiting list, the queue bot),
    // with the campaign's message above it: the campaign's own ticket closed without a word.
    const tickets = async (status: string) =>
      (await call('GET', `/tickets?status=${status}&showAll=true&searchParam=${numbers[0]}`)).body
        .tickets as { id: string; lastMessage: string }[];
    expect(await tickets('open')).toHaveLength(0);
    const reply = await system.api('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, {
      body: { from: numbers[0], name: 'Cliente 0', body: 'Quero o cupom!' },
    });
    expect(reply.status).toBe(201);
    const waiting = await eventually(async () => (await tickets('pending'))[0], 20_000, 'a pending ticket');
    // The ticket may list before its messages' read model has the reply (a moment later, pushed).
    const bodies = async () =>
      ((await call('GET', `/messages/${waiting.id}`)).body.messages as { body: string }[]).map((m) => m.body);
    await eventually(
      async () => (await bodies()).includes('Quero o cupom!'),
      20_000,
      'the reply in the ticket',
    );
    const closed = await tickets('closed');
    expect(closed).toHaveLength(1);
    expect(closed[0].id).not.toBe(waiting.id);
    // Only the campaign's message and the queue bot's menu reached the phone: no closing words.
    const said = (await outbound(numbers[0])).map((m) => m.body);
    expect(said[0]).toMatch(/ZELO10/);
    expect(said.slice(1).some((b) => /ZELO10/.test(b))).toBe(false);
  }, 120_000);

  it('an empty list is refused at the start: back to INATIVA with the reason', async () => {
    const listId = (await call('POST', '/contact-lists', { name: 'Lista vazia' })).body.id as string;
    const id = await schedule('Sem ninguém', listId, 1_500);
    const refused = await statusIs(id, 'INATIVA', 30_000);
    expect(refused.lastError).toBe('ERR_CAMPAIGN_NO_RECIPIENTS');
    expect(refused.validContacts).toBe(0);
  }, 60_000);

  it('cancelled mid-way it stops; restarted it resumes, and each phone still gets exactly one message', async () => {
    expect((await settings({ messageInterval: 5, longerIntervalAfter: 0 })).status).toBe(200);
    const numbers = phoneNumbers('31', 4);
    const listId = await listOf('Clientes pausados', numbers);
    const id = await schedule('Pausada', listId, 1_500);
    await eventually(async () => (await campaign(id)).sent >= 1, 30_000, 'the first message');

    const cancel = await call('POST', `/campaigns/${id}/cancel`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect((await campaign(id)).status).toBe('CANCELADA');
    // Well past the interval: nothing more leaves while it is cancelled.
    await new Promise((r) => setTimeout(r, 6_500));
    const whileCancelled = (await campaign(id)).sent;
    expect(whileCancelled).toBeLessThan(numbers.length);
    let received = 0;
    for (const n of numbers) received += (await outbound(n)).length;
    expect(received).toBe(whileCancelled);

    expect((await call('POST', `/campaigns/${id}/restart`)).status).toBe(200);
    await statusIs(id, 'FINALIZADA', 60_000);
    for (const n of numbers) expect(await outbound(n), n).toHaveLength(1);
    expect(await campaign(id)).toMatchObject({ validContacts: 4, sent: 4, pending: 0 });
  }, 120_000);
});
