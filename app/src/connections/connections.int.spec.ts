import { getConnectionSettings } from '@zelo/projections/connections/queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationOf } from '../queues/automation-refs.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { type Tenant, twoCompanies } from '../testing/two-companies.ts';

// Doc 1 §2 connections screen, §3 Connection, §5 "Connection: name required 2 to 50", §7 calls:
// POST/PUT/DELETE /whatsapp and /whatsappsession/:id, tenants and roles crossed, plan limits.
let system: TestSystem;
let a: Tenant;
let b: Tenant;
let plain: Tenant;
let bQueueId: string;

beforeAll(async () => {
  system = await startTestSystem();
  ({ a, b, plain } = await twoCompanies(system, 'connections'));
  const q = await system.api('POST', '/queue', {
    token: b.token,
    body: { name: 'Fila B', color: '#aa2233' },
  });
  bQueueId = q.body.id;
}, 60_000);
afterAll(async () => system?.close());

type Row = { id: string; name: string; isDefault: boolean; token?: string };
const list = async (t: Tenant) => (await system.api('GET', '/whatsapp', { token: t.token })).body as Row[];
const names = async (t: Tenant) => (await list(t)).map((c) => c.name).sort();
const row = async (id: string) =>
  (
    await system.ctx.pool.query(
      'SELECT name, desired_session AS "desired", session_generation AS "generation" FROM whatsapps WHERE id = $1',
      [id],
    )
  ).rows[0];

describe('Creating a connection', () => {
  it('an admin creates one with the defaults; the token is long, random and shown to the admin only', async () => {
    const r = await system.api('POST', '/whatsapp', { token: a.token, body: { name: '  Vendas  ' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Vendas',
      provider: 'baileys',
      isDefault: false,
      maxUseBotQueues: 3,
      expiresTicket: 0,
      queueIds: [],
      transferQueueId: null,
      greetingMessage: '',
    });
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const again = await system.api('GET', `/whatsapp/${r.body.id}?session=0`, { token: a.token });
    expect(again.body.token).toBe(r.body.token);
    const asAgent = await system.api('GET', `/whatsapp/${r.body.id}`, { token: plain.token });
    expect(asAgent.status).toBe(200);
    expect(asAgent.body.token).toBeUndefined();
    expect((await list(a)).every((c) => c.token === undefined)).toBe(true);
    // A second connection gets another token.
    const other = await system.api('POST', '/whatsapp', {
      token: b.token,
      body: { name: 'Outra', provider: 'simulator' },
    });
    expect(other.body.token).not.toBe(r.body.token);
    await system.api('DELETE', `/whatsapp/${other.body.id}`, { token: b.token });
    await system.api('DELETE', `/whatsapp/${r.body.id}`, { token: a.token });
  });

  it('every field of the dialog is stored and read back', async () => {
    const body = {
      name: 'Suporte',
      provider: 'simulator',
      isDefault: false,
      greetingMessage: 'Olá! Escolha:',
      complationMessage: 'Obrigado!',
      outOfHoursMessage: 'Fechados',
      ratingMessage: 'Avalie',
      expiresInactiveMessage: 'Encerrado por inatividade',
      expiresTicket: 120,
      timeUseBotQueues: 10,
      maxUseBotQueues: 5,
      timeToTransfer: 15,
      transferQueueId: DEMO.queueId,
      queueIds: [DEMO.queueId],
    };
    const r = await system.api('POST', '/whatsapp', { token: a.token, body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject(body);
    const got = await system.api('GET', `/whatsapp/${r.body.id}`, { token: a.token });
    expect(got.body).toMatchObject(body);
    await system.api('DELETE', `/whatsapp/${r.body.id}`, { token: a.token });
  });

  it('bad input answers 400 ERR_VALIDATION and writes nothing', async () => {
    const before = await names(a);
    for (const body of [
      {},
      { name: 'A' },
      { name: 'x'.repeat(51) },
      { name: '   ' },
      { name: 'Ok', maxUseBotQueues: -1 },
      { name: 'Ok', expiresTicket: 1.5 },
      { name: 'Ok', timeToTransfer: '10' },
      { name: 'Ok', queueIds: ['not-a-uuid'] },
      { name: 'Ok', queueIds: [DEMO.queueId, DEMO.queueId] },
      { name: 'Ok', transferQueueId: 'x' },
      { name: 'Ok', provider: 'telegram' },
      { name: 'Ok', isDefault: 'yes' },
      { name: 'Ok', greetingMessage: 'x'.repeat(4097) },
    ]) {
      const r = await system.api('POST', '/whatsapp', { token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    expect(await names(a)).toEqual(before);
  });

  it('more than one queue without a greeting answers ERR_WAPP_GREETING_REQUIRED', async () => {
    const q2 = await system.api('POST', '/queue', {
      token: a.token,
      body: { name: 'Fila 2', color: '#33aa55' },
    });
    const before = await names(a);
    const r = await system.api('POST', '/whatsapp', {
      token: a.token,
      body: { name: 'Duas filas', queueIds: [DEMO.queueId, q2.body.id] },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    expect(await names(a)).toEqual(before);
    await system.api('DELETE', `/queue/${q2.body.id}`, { token: a.token });
  });

  it("another company's queue, as a queue or as the transfer queue, is refused and nothing is written", async () => {
    const before = await names(a);
    for (const body of [
      { name: 'Roubada', queueIds: [bQueueId] },
      { name: 'Roubada', transferQueueId: bQueueId },
      { name: 'Roubada', queueIds: ['00000000-0000-4000-8000-00000000dead'] },
    ]) {
      const r = await system.api('POST', '/whatsapp', { token: a.token, body });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('ERR_NO_QUEUE_FOUND');
    }
    expect(await names(a)).toEqual(before);
  });

  it('a user who is not an admin gets 403 ERR_NO_PERMISSION', async () => {
    const r = await system.api('POST', '/whatsapp', { token: plain.token, body: { name: 'Minha' } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('ERR_NO_PERMISSION');
    expect(await names(a)).not.toContain('Minha');
  });

  it("the plan's number of connections is a limit: one more answers ERR_CONNECTION_LIMIT_REACHED", async () => {
    // B signed up on the smallest plan, which allows one connection.
    const first = await system.api('POST', '/whatsapp', {
      token: b.token,
      body: { name: 'Única', provider: 'simulator' },
    });
    expect(first.status).toBe(201);
    expect(first.body.isDefault).toBe(true);
    const second = await system.api('POST', '/whatsapp', {
      token: b.token,
      body: { name: 'Segunda', provider: 'simulator' },
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('ERR_CONNECTION_LIMIT_REACHED');
    expect(second.body.message).toBe('the plan allows 1 connections');
    expect(await names(b)).toEqual(['Única']);
    // Deleting frees the slot.
    await system.api('DELETE', `/whatsapp/${first.body.id}`, { token: b.token });
    const again = await system.api('POST', '/whatsapp', {
      token: b.token,
      body: { name: 'Segunda', provider: 'simulator' },
    });
    expect(again.status).toBe(201);
    await system.api('DELETE', `/whatsapp/${again.body.id}`, { token: b.token });
  });

  it('the providers offered are the ones the server runs (the test system has the simulator)', async () => {
    const r = await system.api('GET', '/whatsapp/providers', { token: a.token });
    expect(r.body.providers).toEqual(['baileys', 'simulator']);
  });
});

describe('Changing a connection', () => {
  let id: string;
  beforeAll(async () => {
    const r = await system.api('POST', '/whatsapp', {
      token: a.token,
      body: { name: 'Reserva', provider: 'simulator', greetingMessage: 'Oi', queueIds: [DEMO.queueId] },
    });
    id = r.body.id;
  });

  it('an admin renames it; fields not sent are kept', async () => {
    const r = await system.api('PUT', `/whatsapp/${id}`, {
      token: a.token,
      body: { name: 'Reserva 2', timeToTransfer: 30 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Reserva 2',
      timeToTransfer: 30,
      greetingMessage: 'Oi',
      queueIds: [DEMO.queueId],
      provider: 'simulator',
    });
    expect((await system.api('GET', `/whatsapp/${id}`, { token: a.token })).body.name).toBe('Reserva 2');
  });

  it('making it the default takes the star from the demo connection', async () => {
    await system.api('PUT', `/whatsapp/${id}`, { token: a.token, body: { isDefault: true } });
    const rows = await list(a);
    expect(rows.filter((c) => c.isDefault).map((c) => c.id)).toEqual([id]);
    await system.api('PUT', `/whatsapp/${DEMO.whatsappId}`, { token: a.token, body: { isDefault: true } });
    expect((await list(a)).filter((c) => c.isDefault).map((c) => c.id)).toEqual([DEMO.whatsappId]);
  });

  it('the only default cannot be un-defaulted: ERR_NO_OTHER_WHATSAPP', async () => {
    const r = await system.api('PUT', `/whatsapp/${DEMO.whatsappId}`, {
      token: a.token,
      body: { isDefault: false },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_NO_OTHER_WHATSAPP');
  });

  it('bad input answers 400 and changes nothing', async () => {
    for (const body of [{ name: 'R' }, { maxUseBotQueues: 101 }, { queueIds: 'x' }, { transferQueueId: 3 }]) {
      const r = await system.api('PUT', `/whatsapp/${id}`, { token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    const bad = await system.api('PUT', '/whatsapp/not-a-uuid', { token: a.token, body: { name: 'Ok' } });
    expect(bad.status).toBe(400);
    expect((await system.api('GET', `/whatsapp/${id}`, { token: a.token })).body).toMatchObject({
      name: 'Reserva 2',
      maxUseBotQueues: 3,
      queueIds: [DEMO.queueId],
    });
  });

  it("company B's queue cannot be attached, and B cannot read, change or delete A's connection", async () => {
    const q = await system.api('PUT', `/whatsapp/${id}`, {
      token: a.token,
      body: { transferQueueId: bQueueId },
    });
    expect(q.body.error).toBe('ERR_NO_QUEUE_FOUND');
    for (const [method, path, body] of [
      ['GET', `/whatsapp/${id}`, undefined],
      ['PUT', `/whatsapp/${id}`, { name: 'Tomada' }],
      ['DELETE', `/whatsapp/${id}`, undefined],
    ] as const) {
      const r = await system.api(method, path, { token: b.token, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error).toBe('ERR_NO_WAPP_FOUND');
    }
    expect(await list(b)).toEqual([]);
    // The spec's companyId parameter cannot widen the view: the session's company decides.
    const peek = await system.api('GET', `/whatsapp?companyId=${a.companyId}&session=0`, { token: b.token });
    expect(peek.body).toEqual([]);
    const mine = await system.api('GET', `/whatsapp/${id}`, { token: a.token });
    expect(mine.body).toMatchObject({ name: 'Reserva 2', transferQueueId: null });
  });

  it('a user who is not an admin cannot change or delete it (403)', async () => {
    for (const [method, body] of [
      ['PUT', { name: 'Minha' }],
      ['DELETE', undefined],
    ] as const) {
      const r = await system.api(method, `/whatsapp/${id}`, { token: plain.token, body });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await row(id)).name).toBe('Reserva 2');
  });

  it('an admin deletes it; deleting it again answers ERR_NO_WAPP_FOUND', async () => {
    const r = await system.api('DELETE', `/whatsapp/${id}`, { token: a.token });
    expect(r.status).toBe(200);
    expect((await list(a)).map((c) => c.id)).not.toContain(id);
    const again = await system.api('DELETE', `/whatsapp/${id}`, { token: a.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('ERR_NO_WAPP_FOUND');
  });
});

describe('Driving the WhatsApp session', () => {
  let id: string;
  beforeAll(async () => {
    id = (
      await system.api('POST', '/whatsapp', {
        token: a.token,
        body: { name: 'Sessão', provider: 'simulator' },
      })
    ).body.id;
  });
  afterAll(async () => system.api('DELETE', `/whatsapp/${id}`, { token: a.token }));

  it('disconnect, start and new QR are recorded for the channel worker', async () => {
    const off = await system.api('DELETE', `/whatsappsession/${id}`, { token: a.token });
    expect(off.status).toBe(200);
    expect(off.body.id).toBe(id);
    expect(await row(id)).toMatchObject({ desired: 'disconnected', generation: 0 });
    const on = await system.api('POST', `/whatsappsession/${id}`, { token: a.token });
    expect(on.status).toBe(200);
    expect(await row(id)).toMatchObject({ desired: 'connected', generation: 0 });
    const qr = await system.api('PUT', `/whatsappsession/${id}`, { token: a.token });
    expect(qr.status).toBe(200);
    expect(await row(id)).toMatchObject({ desired: 'connected', generation: 1 });
  });

  it("B cannot drive A's session (404) and a non-admin cannot either (403); nothing is recorded", async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const other = await system.api(method, `/whatsappsession/${id}`, { token: b.token });
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('ERR_NO_WAPP_FOUND');
      const agent = await system.api(method, `/whatsappsession/${id}`, { token: plain.token });
      expect(agent.status).toBe(403);
      expect(agent.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect(await row(id)).toMatchObject({ desired: 'connected', generation: 1 });
  });

  it('an id that is not a uuid answers 400; an unknown one 404', async () => {
    expect((await system.api('POST', '/whatsappsession/abc', { token: a.token })).status).toBe(400);
    const unknown = await system.api('POST', '/whatsappsession/00000000-0000-4000-8000-00000000beef', {
      token: a.token,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('A server without the simulator', () => {
  let bare: TestSystem;
  beforeAll(async () => {
    bare = await startTestSystem({ env: { ZELO_SIMULATOR: 'false' } });
  }, 60_000);
  afterAll(async () => bare?.close());

  it('refuses a simulator connection with ERR_VALIDATION and offers only Baileys', async () => {
    const admin = await bare.login(DEMO.email, DEMO.password);
    const r = await bare.api('POST', '/whatsapp', {
      token: admin.token,
      body: { name: 'Simulada', provider: 'simulator' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_VALIDATION');
    const providers = await bare.api('GET', '/whatsapp/providers', { token: admin.token });
    expect(providers.body.providers).toEqual(['baileys']);
  });
});

describe('A connection linking a prompt, an integration and a welcome flow (doc 1 §3, §7)', () => {
  let refs: Awaited<ReturnType<typeof automationOf>>;
  let id: string;
  beforeAll(async () => {
    refs = await automationOf(system, a, 'conexão');
  });

  it('POST stores them; GET /whatsapp/:id, GET /whatsapp and the chatbot settings answer them', async () => {
    const links = { promptId: refs.promptId, integrationId: refs.integrationId, flowIdWelcome: refs.flowId };
    const r = await system.api('POST', '/whatsapp', {
      token: a.token,
      body: { name: 'Linha IA', provider: 'simulator', ...links },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject(links);
    id = r.body.id;
    expect((await system.api('GET', `/whatsapp/${id}`, { token: a.token })).body).toMatchObject(links);
    expect((await list(a)).find((c) => c.id === id)).toMatchObject(links);
    expect(await getConnectionSettings(system.ctx.pool, id)).toMatchObject(links);
  });

  it('a PUT of other fields keeps them; null clears one', async () => {
    const renamed = await system.api('PUT', `/whatsapp/${id}`, { token: a.token, body: { name: 'Linha' } });
    expect(renamed.body).toMatchObject({
      name: 'Linha',
      promptId: refs.promptId,
      flowIdWelcome: refs.flowId,
    });
    const cleared = await system.api('PUT', `/whatsapp/${id}`, {
      token: a.token,
      body: { promptId: null, flowIdWelcome: null },
    });
    expect(cleared.body).toMatchObject({
      promptId: null,
      integrationId: refs.integrationId,
      flowIdWelcome: null,
    });
    expect((await system.api('GET', `/whatsapp/${id}`, { token: a.token })).body).toMatchObject({
      promptId: null,
      integrationId: refs.integrationId,
      flowIdWelcome: null,
    });
  });

  it("B cannot link A's prompt, integration or flow (404) and no connection is created", async () => {
    const before = await names(b);
    for (const [field, value, code] of [
      ['promptId', refs.promptId, 'ERR_NO_PROMPT_FOUND'],
      ['integrationId', refs.integrationId, 'ERR_NO_QUEUE_INTEGRATION_FOUND'],
      ['flowIdWelcome', refs.flowId, 'ERR_NO_FLOW_FOUND'],
    ] as const) {
      const r = await system.api('POST', '/whatsapp', {
        token: b.token,
        body: { name: 'Emprestada', provider: 'simulator', [field]: value },
      });
      expect(r.status, field).toBe(404);
      expect(r.body.error).toBe(code);
    }
    expect(await names(b)).toEqual(before);
  });

  it('an id that is not a uuid answers 400 ERR_VALIDATION and changes nothing', async () => {
    const bad = await system.api('PUT', `/whatsapp/${id}`, { token: a.token, body: { promptId: 'gpt' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect((await system.api('GET', `/whatsapp/${id}`, { token: a.token })).body).toMatchObject({
      promptId: null,
      integrationId: refs.integrationId,
      flowIdWelcome: null,
    });
  });
});
