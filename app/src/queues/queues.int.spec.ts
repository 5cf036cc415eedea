import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../testing/system.ts';
import { type Tenant, twoCompanies } from '../testing/two-companies.ts';
import { automationOf } from './automation-refs.ts';

// Doc 2 §2.2-2.3: queues with weekly hours, and their option menu trees; tenants and roles crossed.
let system: TestSystem;
let a: Tenant;
let b: Tenant;
let plain: Tenant;

beforeAll(async () => {
  system = await startTestSystem();
  ({ a, b, plain } = await twoCompanies(system, 'queues'));
}, 60_000);
afterAll(async () => system?.close());

const hours = [
  { weekday: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'saturday', startTime: '08:00', endTime: '12:00' },
];
const queue = (name: string, color: string) => ({ name, color, greetingMessage: 'Olá', orderQueue: 2 });

describe('Queues with weekly hours', () => {
  let queueId: string;

  it('a queue is created with its hours and read back with them', async () => {
    const r = await system.api('POST', '/queue', {
      token: a.token,
      body: { ...queue('Financeiro', '#112233'), schedules: hours },
    });
    expect(r.status).toBe(201);
    expect(r.body.schedules).toEqual(hours);
    queueId = r.body.id;
    expect((await system.api('GET', `/queue/${queueId}`, { token: a.token })).body.schedules).toEqual(hours);
  });

  it('an update without hours keeps them; with hours replaces them', async () => {
    const kept = await system.api('PUT', `/queue/${queueId}`, {
      token: a.token,
      body: queue('Finanças', '#112233'),
    });
    expect(kept.body).toMatchObject({ name: 'Finanças', schedules: hours });
    const replaced = await system.api('PUT', `/queue/${queueId}`, {
      token: a.token,
      body: { ...queue('Finanças', '#112233'), schedules: hours.slice(0, 1) },
    });
    expect(replaced.body.schedules).toEqual(hours.slice(0, 1));
  });

  it('refuses a time that is not HH:MM and a weekday given twice', async () => {
    for (const schedules of [
      [{ weekday: 'monday', startTime: '8:00', endTime: '18:00' }],
      [{ weekday: 'monday', startTime: '24:00', endTime: '18:00' }],
      [hours[0], hours[0]],
    ]) {
      const r = await system.api('PUT', `/queue/${queueId}`, {
        token: a.token,
        body: { ...queue('Finanças', '#112233'), schedules },
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('a colour in use by another queue answers ERR_QUEUE_COLOR_ALREADY_EXISTS', async () => {
    const r = await system.api('POST', '/queue', { token: a.token, body: queue('Outra', '#112233') });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    // Colours are unique per company: B may use the same one.
    const inB = await system.api('POST', '/queue', { token: b.token, body: queue('Outra', '#112233') });
    expect(inB.status).toBe(201);
  });

  it('a plain user cannot create, change or delete queues (403)', async () => {
    expect(
      (await system.api('POST', '/queue', { token: plain.token, body: queue('X', '#445566') })).status,
    ).toBe(403);
    expect(
      (await system.api('PUT', `/queue/${queueId}`, { token: plain.token, body: queue('X', '#445566') }))
        .status,
    ).toBe(403);
    expect((await system.api('DELETE', `/queue/${queueId}`, { token: plain.token })).status).toBe(403);
  });

  it("B cannot read or change A's queue (404), which stays as it was", async () => {
    expect((await system.api('GET', `/queue/${queueId}`, { token: b.token })).status).toBe(404);
    const put = await system.api('PUT', `/queue/${queueId}`, {
      token: b.token,
      body: { ...queue('Hacked', '#998877'), schedules: hours },
    });
    expect(put.status).toBe(404);
    const after = await system.api('GET', `/queue/${queueId}`, { token: a.token });
    expect(after.body).toMatchObject({ name: 'Finanças', schedules: hours.slice(0, 1) });
  });
});

describe('A queue linking a prompt and an integration (doc 2 §2.2, §3)', () => {
  let refs: Awaited<ReturnType<typeof automationOf>>;
  let queueId: string;
  beforeAll(async () => {
    refs = await automationOf(system, a, 'fila');
  });

  it('both are stored and answered by POST, GET /queue/:id and GET /queue', async () => {
    const { promptId, integrationId } = refs;
    const r = await system.api('POST', '/queue', {
      token: a.token,
      body: { ...queue('Atendimento IA', '#1a2b3c'), promptId, integrationId },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ promptId, integrationId });
    queueId = r.body.id;
    expect((await system.api('GET', `/queue/${queueId}`, { token: a.token })).body).toMatchObject({
      promptId,
      integrationId,
    });
    const listed = (await system.api('GET', '/queue', { token: a.token })).body.find(
      (q: { id: string }) => q.id === queueId,
    );
    expect(listed).toMatchObject({ promptId, integrationId });
  });

  it('a PUT that leaves them out keeps them; null clears one and keeps the other', async () => {
    const kept = await system.api('PUT', `/queue/${queueId}`, {
      token: a.token,
      body: queue('Atendimento', '#1a2b3c'),
    });
    expect(kept.body).toMatchObject({ name: 'Atendimento', promptId: refs.promptId });
    const cleared = await system.api('PUT', `/queue/${queueId}`, {
      token: a.token,
      body: { ...queue('Atendimento', '#1a2b3c'), promptId: null },
    });
    expect(cleared.body).toMatchObject({ promptId: null, integrationId: refs.integrationId });
    expect((await system.api('GET', `/queue/${queueId}`, { token: a.token })).body).toMatchObject({
      promptId: null,
      integrationId: refs.integrationId,
    });
  });

  it('a linked prompt deleted since does not stop the queue being saved with it', async () => {
    const gone = await automationOf(system, a, 'apagado');
    const body = { ...queue('Apagado', '#2b3c4d'), promptId: gone.promptId };
    const created = await system.api('POST', '/queue', { token: a.token, body });
    expect(created.status).toBe(201);
    expect((await system.api('DELETE', `/prompt/${gone.promptId}`, { token: a.token })).status).toBe(200);
    const saved = await system.api('PUT', `/queue/${created.body.id}`, {
      token: a.token,
      body: { ...body, name: 'Apagado 2' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Apagado 2', promptId: gone.promptId });
  });

  it("B cannot link A's prompt or integration: 404, and nothing is written", async () => {
    const before = (await system.api('GET', '/queue', { token: b.token })).body.length;
    const prompt = await system.api('POST', '/queue', {
      token: b.token,
      body: { ...queue('Roubada', '#3c2b1a'), promptId: refs.promptId },
    });
    expect(prompt.status).toBe(404);
    expect(prompt.body.error).toBe('ERR_NO_PROMPT_FOUND');
    const integration = await system.api('POST', '/queue', {
      token: b.token,
      body: { ...queue('Roubada', '#3c2b1a'), integrationId: refs.integrationId },
    });
    expect(integration.status).toBe(404);
    expect(integration.body.error).toBe('ERR_NO_QUEUE_INTEGRATION_FOUND');
    expect((await system.api('GET', '/queue', { token: b.token })).body.length).toBe(before);
  });

  it('an id that is not a uuid answers 400 ERR_VALIDATION and the queue stays as it was', async () => {
    const r = await system.api('PUT', `/queue/${queueId}`, {
      token: a.token,
      body: { ...queue('Atendimento', '#1a2b3c'), promptId: 'prompt-1' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_VALIDATION');
    expect((await system.api('GET', `/queue/${queueId}`, { token: a.token })).body.integrationId).toBe(
      refs.integrationId,
    );
  });
});

describe('Queue option menus', () => {
  let queueId: string;
  let rootId: string;
  let childId: string;

  beforeAll(async () => {
    queueId = (await system.api('POST', '/queue', { token: a.token, body: queue('Menu', '#abcdef') })).body
      .id;
  });

  it('builds a tree: root options at parent -1, children under their parent', async () => {
    const root = await system.api('POST', '/queue-options', {
      token: a.token,
      body: { queueId, title: 'Boletos', message: 'Escolha', option: 1 },
    });
    expect(root.status).toBe(201);
    rootId = root.body.id;
    const child = await system.api('POST', '/queue-options', {
      token: a.token,
      body: { queueId, title: '2ª via', message: 'Envie o CPF', option: 1, parentId: rootId },
    });
    childId = child.body.id;
    const top = await system.api('GET', `/queue-options?queueId=${queueId}&parentId=-1`, { token: a.token });
    expect(top.body).toEqual([expect.objectContaining({ id: rootId, title: 'Boletos', childrenCount: 1 })]);
    const below = await system.api('GET', `/queue-options?queueId=${queueId}&parentId=${rootId}`, {
      token: a.token,
    });
    expect(below.body.map((o: any) => o.id)).toEqual([childId]);
  });

  it('edits an option; refuses a move under its own child', async () => {
    const r = await system.api('PUT', `/queue-options/${rootId}`, {
      token: a.token,
      body: { queueId, title: 'Boletos e Pix', message: 'Escolha', option: 1 },
    });
    expect(r.body.title).toBe('Boletos e Pix');
    const loop = await system.api('PUT', `/queue-options/${rootId}`, {
      token: a.token,
      body: { queueId, title: 'x', parentId: childId },
    });
    expect(loop.body.error).toBe('ERR_VALIDATION');
  });

  it('a plain user reads the menu but cannot change it (403)', async () => {
    const read = await system.api('GET', `/queue-options?queueId=${queueId}`, { token: plain.token });
    expect(read.status).toBe(200);
    const post = await system.api('POST', '/queue-options', {
      token: plain.token,
      body: { queueId, title: 'x' },
    });
    expect(post.status).toBe(403);
  });

  it("B cannot list, add to, edit or delete A's options (404)", async () => {
    expect((await system.api('GET', `/queue-options?queueId=${queueId}`, { token: b.token })).status).toBe(
      404,
    );
    const post = await system.api('POST', '/queue-options', {
      token: b.token,
      body: { queueId, title: 'x' },
    });
    expect(post.status).toBe(404);
    const put = await system.api('PUT', `/queue-options/${rootId}`, {
      token: b.token,
      body: { queueId, title: 'Hacked' },
    });
    expect(put.status).toBe(404);
    expect((await system.api('DELETE', `/queue-options/${rootId}`, { token: b.token })).status).toBe(404);
    const top = await system.api('GET', `/queue-options?queueId=${queueId}`, { token: a.token });
    expect(top.body[0].title).toBe('Boletos e Pix');
  });

  it('refuses a bad queueId or a missing title with ERR_VALIDATION', async () => {
    expect((await system.api('GET', '/queue-options?queueId=nope', { token: a.token })).body.error).toBe(
      'ERR_VALIDATION',
    );
    const r = await system.api('POST', '/queue-options', { token: a.token, body: { queueId, title: '' } });
    expect(r.body.error).toBe('ERR_VALIDATION');
  });

  it('deleting an option deletes its children', async () => {
    expect((await system.api('DELETE', `/queue-options/${rootId}`, { token: a.token })).status).toBe(200);
    expect((await system.api('GET', `/queue-options?queueId=${queueId}`, { token: a.token })).body).toEqual(
      [],
    );
    expect(
      (await system.api('GET', `/queue-options?queueId=${queueId}&parentId=${rootId}`, { token: a.token }))
        .body,
    ).toEqual([]);
  });
});
