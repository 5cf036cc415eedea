import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// SLA policies over HTTP (issue 24): the admins' CRUD at the literal paths the web app calls, every
// bad input a 400, another company's queue, connection or policy a 404, a second policy for the same
// queue and connection a 409 (decided by the company's stream, also when two requests race), and a
// plain agent refused every call.

describe('SLA policies', () => {
  let system: TestSystem;
  let admin: string;
  let agent: string;
  let other: { token: string; companyId: string };
  let otherQueue: string;
  let otherConnection: string;

  const api = (method: string, path: string, token: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const policy = (over: Record<string, unknown> = {}) => ({
    name: 'Atendimento rápido',
    queueId: DEMO.queueId,
    firstResponseMinutes: 15,
    nextResponseMinutes: null,
    resolutionMinutes: 240,
    clock: 'calendar',
    ...over,
  });

  beforeAll(async () => {
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    agent = (await newLoggedInUser(system, admin, { name: 'Agente SLA', email: 'agente-sla@zelo.dev' }))
      .token;
    other = await system.signUpCompany('Empresa SLA B', 'admin@sla-b.dev', 'secret1', 1);
    const queue = await api('POST', '/queue', other.token, { name: 'Fila B', color: '#123456' });
    expect(queue.status).toBe(201);
    otherQueue = queue.body.id;
    const connection = await api('POST', '/whatsapp', other.token, { name: 'Conexão B' });
    expect(connection.status, JSON.stringify(connection.body)).toBeLessThan(300);
    otherConnection = connection.body.id;
  }, 60_000);

  afterAll(async () => system?.close());

  it('creates, lists, changes and deletes a policy, answering it with its queue and connection', async () => {
    const created = await api('POST', '/sla-policies/', admin, policy());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Atendimento rápido',
      queueId: DEMO.queueId,
      whatsappId: null,
      firstResponseMinutes: 15,
      nextResponseMinutes: null,
      resolutionMinutes: 240,
      clock: 'calendar',
      queue: { id: DEMO.queueId, name: expect.any(String), color: expect.any(String) },
      whatsapp: null,
    });
    const id = created.body.id;
    // Read your writes: the next GET lists it, with or without the trailing slash.
    expect((await api('GET', '/sla-policies/', admin)).body).toEqual([created.body]);
    expect((await api('GET', '/sla-policies', admin)).body).toEqual([created.body]);

    const changed = await api(
      'PUT',
      `/sla-policies/${id}`,
      admin,
      policy({ whatsappId: DEMO.whatsappId, nextResponseMinutes: 30, clock: 'queueHours' }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      id,
      whatsappId: DEMO.whatsappId,
      whatsapp: { id: DEMO.whatsappId, name: expect.any(String) },
      nextResponseMinutes: 30,
      clock: 'queueHours',
      createdAt: created.body.createdAt,
    });
    expect((await api('GET', '/sla-policies/', admin)).body).toEqual([changed.body]);

    const gone = await api('DELETE', `/sla-policies/${id}`, admin);
    expect(gone.status).toBe(200);
    expect((await api('GET', '/sla-policies/', admin)).body).toEqual([]);
    expect((await api('DELETE', `/sla-policies/${id}`, admin)).body.error).toBe('ERR_NO_SLA_POLICY_FOUND');
  });

  it.each([
    ['a target of 0 minutes', { firstResponseMinutes: 0 }, 'firstResponseMinutes'],
    ['a target over 30 days', { resolutionMinutes: 43_201 }, 'resolutionMinutes'],
    ['a fraction of a minute', { nextResponseMinutes: 1.5 }, 'nextResponseMinutes'],
    [
      'no target at all',
      { firstResponseMinutes: null, nextResponseMinutes: null, resolutionMinutes: null },
      'set at least one target',
    ],
    ['minutes as text', { firstResponseMinutes: '15' }, 'firstResponseMinutes'],
    ['a target left out', { resolutionMinutes: undefined }, 'resolutionMinutes'],
    ['an unknown clock', { clock: 'lunar' }, 'clock must be calendar, companyHours or queueHours'],
    ['no name', { name: '  ' }, 'name'],
    ['a queue id that is no uuid', { queueId: 'fila-1' }, 'queueId'],
    ['a connection of the wrong type', { whatsappId: 42 }, 'whatsappId'],
  ])('refuses %s with 400 ERR_VALIDATION, writing nothing', async (_what, over, says) => {
    const r = await api('POST', '/sla-policies/', admin, policy(over));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error).toBe('ERR_VALIDATION');
    expect(r.body.message).toContain(says);
    expect((await api('GET', '/sla-policies/', admin)).body).toEqual([]);
  });

  it('takes the bounds themselves: 1 minute and 30 days', async () => {
    const r = await api(
      'POST',
      '/sla-policies/',
      admin,
      policy({ firstResponseMinutes: 1, resolutionMinutes: 43_200 }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await api('DELETE', `/sla-policies/${r.body.id}`, admin);
  });

  it("answers another company's queue, connection or policy as missing (404)", async () => {
    const queue = await api('POST', '/sla-policies/', admin, policy({ queueId: otherQueue }));
    expect([queue.status, queue.body.error]).toEqual([404, 'ERR_NO_QUEUE_FOUND']);
    const connection = await api('POST', '/sla-policies/', admin, policy({ whatsappId: otherConnection }));
    expect([connection.status, connection.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);

    const ofA = await api('POST', '/sla-policies/', admin, policy());
    expect(ofA.status).toBe(201);
    const asB = policy({ queueId: otherQueue });
    const put = await api('PUT', `/sla-policies/${ofA.body.id}`, other.token, asB);
    expect([put.status, put.body.error]).toEqual([404, 'ERR_NO_SLA_POLICY_FOUND']);
    const del = await api('DELETE', `/sla-policies/${ofA.body.id}`, other.token);
    expect([del.status, del.body.error]).toEqual([404, 'ERR_NO_SLA_POLICY_FOUND']);
    expect((await api('GET', '/sla-policies/', other.token)).body).toEqual([]);
    expect((await api('GET', '/sla-policies/', admin)).body).toEqual([ofA.body]);
    await api('DELETE', `/sla-policies/${ofA.body.id}`, admin);
  });

  it('keeps one policy per queue and connection: the second is 409, also when two race', async () => {
    const first = await api('POST', '/sla-policies/', admin, policy());
    expect(first.status).toBe(201);
    const again = await api('POST', '/sla-policies/', admin, policy({ name: 'Outra' }));
    expect([again.status, again.body.error]).toEqual([409, 'ERR_SLA_POLICY_EXISTS']);
    // One for a single connection of the queue sits beside the queue's.
    const oneConnection = () => api('POST', '/sla-policies/', admin, policy({ whatsappId: DEMO.whatsappId }));
    const raced = await Promise.all([oneConnection(), oneConnection(), oneConnection()]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await api('GET', '/sla-policies/', admin)).body).toHaveLength(2);
    for (const p of (await api('GET', '/sla-policies/', admin)).body)
      expect((await api('DELETE', `/sla-policies/${p.id}`, admin)).status).toBe(200);
  });

  it('refuses a plain agent every call with 403 ERR_NO_PERMISSION', async () => {
    const made = await api('POST', '/sla-policies/', admin, policy());
    const id = made.body.id;
    const calls: [string, string, unknown][] = [
      ['GET', '/sla-policies/', undefined],
      ['POST', '/sla-policies/', policy({ whatsappId: DEMO.whatsappId })],
      ['PUT', `/sla-policies/${id}`, policy({ firstResponseMinutes: 1 })],
      ['DELETE', `/sla-policies/${id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const r = await api(method, path, agent, body);
      expect([method, r.status, r.body.error]).toEqual([method, 403, 'ERR_NO_PERMISSION']);
    }
    expect((await api('GET', '/sla-policies/', admin)).body).toEqual([made.body]);
    await api('DELETE', `/sla-policies/${id}`, admin);
  });

  it("takes the ticket list's orderBy, and refuses one it does not know", async () => {
    for (const q of ['orderBy=slaDue', 'orderBy=recent', 'orderBy=slaDue&searchParam=ana&showAll=true'])
      expect((await api('GET', `/tickets?${q}`, admin)).status).toBe(200);
    const bad = await api('GET', '/tickets?orderBy=oldest', admin);
    expect([bad.status, bad.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });
});
