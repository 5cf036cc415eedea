import { loadPromptForRuntime, promptHistory } from '@zelo/services/prompts/runtime';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser, readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Prompts over HTTP (doc 2 §2.12, §5, §7, §9): the dialog's calls and their validation, the plan's
// useOpenAi, admins writing, the key kept sealed and shown masked, the live frames, tenant crossing.

const KEY = 'sk-proj-Abc123SegredoDaChaveXYZ9876wxyz';
const OTHER_KEY = 'sk-proj-OutraChaveMuitoSecreta00001111';
const randomCompany = '00000000-0000-4000-8000-00000000abcd';
const TEXT = 'Você é a atendente virtual da Pizzaria Zelo. Responda sobre sabores, preços e horários.';

describe('prompts', () => {
  let system: TestSystem;
  let admin: string;
  let agent: string;
  let b: string;
  let noPlan: string;
  let queueId: string;

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const promptEvents = async () =>
    Number(
      (await system.ctx.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE type LIKE 'Prompt%'`))
        .rows[0].n,
    );
  const valid = (over: Record<string, unknown> = {}) => ({
    name: 'Atendente IA',
    prompt: TEXT,
    apiKey: KEY,
    queueId,
    ...over,
  });
  const newPrompt = async (over: Record<string, unknown> = {}) => {
    const r = await call(admin, 'POST', '/prompt', valid(over));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };

  beforeAll(async () => {
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    agent = (await newLoggedInUser(system, admin, { name: 'Agente IA', email: 'agente@ia.dev' })).token;
    b = (await system.signUpCompany('IA B', 'admin@ia-b.dev', 'senhaB1', 1)).token;
    // The first plan (Básico) has no OpenAI.
    noPlan = (await system.signUpCompany('Sem IA', 'admin@sem-ia.dev', 'senhaC1', 0)).token;
    queueId = (await call(admin, 'POST', '/queue', { name: 'Vendas IA', color: '#0F9960' })).body.id;
  }, 60_000);
  afterAll(async () => system?.close());

  it('creates a prompt with the defaults of §9, lists it for the pickers, edits and deletes it', async () => {
    const created = await newPrompt({ name: '  Pizzaria  ', voice: 'texto', companyId: DEMO.companyId });
    expect(created).toMatchObject({
      name: 'Pizzaria',
      prompt: TEXT,
      model: 'gpt-3.5-turbo-1106',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      queueId,
      queue: { id: queueId, name: 'Vendas IA' },
      apiKey: 'sk-…wxyz',
    });
    expect((await call(admin, 'GET', `/prompt/${created.id}`)).body).toEqual(created);
    const list = (await call(agent, 'GET', '/prompt')).body;
    expect(list).toMatchObject({ count: 1, hasMore: false });
    expect(list.prompts).toEqual([created]);

    const edited = await call(admin, 'PUT', `/prompt/${created.id}`, {
      ...valid({
        name: 'Pizzaria 2',
        model: 'gpt-4o-mini',
        maxTokens: '250',
        temperature: 0.3,
        maxMessages: 5,
      }),
      apiKey: created.apiKey,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Pizzaria 2',
      model: 'gpt-4o-mini',
      maxTokens: 250,
      temperature: 0.3,
      maxMessages: 5,
      apiKey: 'sk-…wxyz',
    });
    expect((await call(admin, 'GET', `/prompt/${created.id}`)).body).toEqual(edited.body);

    expect((await call(admin, 'DELETE', `/prompt/${created.id}`)).status).toBe(200);
    expect((await call(admin, 'GET', `/prompt/${created.id}`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/prompt/${created.id}`)).body.error).toBe('ERR_NO_PROMPT_FOUND');
    expect((await call(admin, 'GET', '/prompt')).body.prompts).toEqual([]);
  });

  it('refuses what §5 refuses with 400 and writes nothing', async () => {
    const before = await promptEvents();
    const refused = async (body: unknown, field: string) => {
      const r = await call(admin, 'POST', '/prompt', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
      expect(r.body.message).toContain(field);
      return r.body.message as string;
    };
    await refused(valid({ name: 'abcd' }), 'name');
    await refused(valid({ name: 'x'.repeat(101) }), 'name');
    await refused(valid({ prompt: 'curto demais' }), 'prompt');
    await refused(valid({ model: 'gpt-5' }), 'model');
    await refused(valid({ temperature: 1.5 }), 'temperature');
    await refused(valid({ temperature: 0.25 }), 'temperature');
    await refused(valid({ temperature: -0.1 }), 'temperature');
    await refused(valid({ maxTokens: 0 }), 'maxTokens');
    await refused(valid({ maxTokens: 'muitos' }), 'maxTokens');
    await refused(valid({ maxMessages: 1.5 }), 'maxMessages');
    await refused(valid({ apiKey: undefined }), 'apiKey');
    await refused(valid({ apiKey: 'sk-…wxyz' }), 'apiKey');
    expect(await refused(valid({ queueId: undefined }), 'queueId')).toContain('sector');
    expect(await refused(valid({ queueId: '' }), 'queueId')).toContain('sector');
    // A queue of another company is not the caller's: as if it did not exist.
    const queueOfB = (await call(b, 'POST', '/queue', { name: 'Fila de B', color: '#123456' })).body.id;
    const foreign = await call(admin, 'POST', '/prompt', valid({ queueId: queueOfB }));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect(await promptEvents()).toBe(before);
  });

  it('keeps the key sealed at rest, shows it masked, and opens it only for the runtime', async () => {
    const p = await newPrompt({ name: 'Chave guardada' });
    const events = await system.ctx.pool.query(
      `SELECT data::text AS data FROM es_events WHERE type LIKE 'Prompt%' AND data->>'promptId' = $1`,
      [p.id],
    );
    const row = await system.ctx.pool.query('SELECT * FROM prompts WHERE id = $1', [p.id]);
    const everything = JSON.stringify([events.rows, row.rows]);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain('Abc123SegredoDaChave');
    expect(row.rows[0].api_key_encrypted).toMatch(/^v1\./);
    // No answer of the API carries it either.
    for (const path of ['/prompt', `/prompt/${p.id}`])
      expect(JSON.stringify((await call(admin, 'GET', path)).body)).not.toContain(KEY);

    const secret = system.ctx.config.jwtSecret;
    expect((await loadPromptForRuntime(system.ctx.pool, DEMO.companyId, p.id, secret))?.apiKey).toBe(KEY);
    // Sealed for this company and prompt: another company's id opens nothing.
    expect(await loadPromptForRuntime(system.ctx.pool, DEMO.companyId, DEMO.queueId, secret)).toBeNull();
    await expect(
      loadPromptForRuntime(system.ctx.pool, DEMO.companyId, p.id, 'another-secret'),
    ).rejects.toThrow();

    // PUT without apiKey or with '' keeps it; a new one replaces it.
    const fields = valid({ name: 'Chave guardada 2' });
    await call(admin, 'PUT', `/prompt/${p.id}`, { ...fields, apiKey: undefined });
    await call(admin, 'PUT', `/prompt/${p.id}`, { ...fields, name: 'Chave guardada 3', apiKey: '' });
    expect((await loadPromptForRuntime(system.ctx.pool, DEMO.companyId, p.id, secret))?.apiKey).toBe(KEY);
    const replaced = await call(admin, 'PUT', `/prompt/${p.id}`, { ...fields, apiKey: OTHER_KEY });
    expect(replaced.body.apiKey).toBe('sk-…1111');
    expect((await loadPromptForRuntime(system.ctx.pool, DEMO.companyId, p.id, secret))?.apiKey).toBe(
      OTHER_KEY,
    );
    // A masked form that is not this prompt's is not a key.
    const wrongMask = await call(admin, 'PUT', `/prompt/${p.id}`, { ...fields, apiKey: 'sk-…wxyz' });
    expect(wrongMask.status).toBe(400);
  });

  it('needs the plan’s useOpenAi on every call, reads included', async () => {
    const p = await newPrompt({ name: 'Plano IA' });
    const calls: [string, string, unknown?][] = [
      ['GET', '/prompt'],
      ['GET', `/prompt/${p.id}`],
      ['POST', '/prompt', valid()],
      ['PUT', `/prompt/${p.id}`, valid()],
      ['DELETE', `/prompt/${p.id}`],
    ];
    for (const [method, path, body] of calls) {
      const r = await call(noPlan, method, path, body);
      expect(`${method} ${path} ${r.status} ${r.body.error}`).toBe(
        `${method} ${path} 403 ERR_PLAN_FEATURE_DISABLED`,
      );
    }
  });

  it('lets agents read but not write', async () => {
    const p = await newPrompt({ name: 'Só admins' });
    const before = await promptEvents();
    expect((await call(agent, 'GET', `/prompt/${p.id}`)).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/prompt'],
      ['PUT', `/prompt/${p.id}`],
      ['DELETE', `/prompt/${p.id}`],
    ]) {
      const r = await call(agent, method, path, valid());
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect(await promptEvents()).toBe(before);
  });

  it("never shows nor changes another company's prompt", async () => {
    const p = await newPrompt({ name: 'Segredo de A' });
    const before = await promptEvents();
    expect((await call(b, 'GET', `/prompt/${p.id}`)).status).toBe(404);
    expect(JSON.stringify((await call(b, 'GET', '/prompt')).body)).not.toContain('Segredo de A');
    const queueOfB = (await call(b, 'POST', '/queue', { name: 'Fila B2', color: '#654321' })).body.id;
    const put = await call(b, 'PUT', `/prompt/${p.id}`, valid({ queueId: queueOfB, name: 'Tomado por B' }));
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('ERR_NO_PROMPT_FOUND');
    expect((await call(b, 'DELETE', `/prompt/${p.id}`)).status).toBe(404);
    expect(await promptEvents()).toBe(before);
    expect((await call(admin, 'GET', `/prompt/${p.id}`)).body).toEqual(p);
  });

  it('a queue deleted while a prompt names it leaves the prompt without a queue', async () => {
    const doomed = (await call(admin, 'POST', '/queue', { name: 'Fila Temporária', color: '#A854A8' })).body
      .id;
    const p = await newPrompt({ name: 'Fila que some', queueId: doomed });
    expect((await call(admin, 'DELETE', `/queue/${doomed}`)).status).toBe(200);
    const after = await eventually(async () => {
      const r = (await call(admin, 'GET', `/prompt/${p.id}`)).body;
      return r.queueId === null ? r : null;
    });
    expect(after).toMatchObject({ queueId: null, queue: null, name: 'Fila que some' });
    // Saving it again needs a queue of the company.
    const again = await call(
      admin,
      'PUT',
      `/prompt/${p.id}`,
      valid({ name: 'Fila que some', queueId: doomed }),
    );
    expect(again.body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await call(admin, 'PUT', `/prompt/${p.id}`, valid({ name: 'Fila que some' }))).body.queueId).toBe(
      queueId,
    );
  });

  it("gives the runtime the ticket's last text messages, oldest first, without the one being answered", async () => {
    const customer = { number: '5511955550123', name: 'Cliente Histórico' };
    await system.simulator!.customerSends(DEMO.whatsappId, customer, 'primeira do cliente');
    const ticket = await eventually(
      async () =>
        (await call(admin, 'GET', '/tickets?showAll=true&searchParam=hist%C3%B3rico')).body.tickets?.[0],
    );
    // The demo queue's bot greets the first message: the conversation goes on once it has.
    await eventually(async () =>
      (await call(admin, 'GET', `/messages/${ticket.id}`)).body.messages?.some(
        (m: { body: string; fromMe: boolean }) => m.fromMe,
      ),
    );
    await call(admin, 'PUT', `/tickets/${ticket.id}`, { status: 'open' });
    expect((await call(admin, 'POST', `/messages/${ticket.id}`, { body: 'resposta da loja' })).status).toBe(
      201,
    );
    await system.simulator!.customerSends(DEMO.whatsappId, customer, 'segunda do cliente');
    const all = await eventually(async () => {
      const h = await promptHistory(system.ctx.pool, DEMO.companyId, ticket.id, 50);
      return h.some((m) => m.body === 'segunda do cliente') ? h : null;
    });
    const mine = all.filter((m) => m.body.includes('cliente') || m.body === 'resposta da loja');
    expect(mine).toEqual([
      { fromMe: false, body: 'primeira do cliente' },
      { fromMe: true, body: 'resposta da loja' },
      { fromMe: false, body: 'segunda do cliente' },
    ]);
    expect(await promptHistory(system.ctx.pool, DEMO.companyId, ticket.id, 2)).toEqual(all.slice(-2));
    const last = (await call(admin, 'GET', `/messages/${ticket.id}`)).body.messages.at(-1);
    expect(last.body).toBe('segunda do cliente');
    const before = await promptHistory(system.ctx.pool, DEMO.companyId, ticket.id, 50, last.id);
    expect(before).toEqual(all.slice(0, -1));
    // Another company's ticket has no history for this one.
    expect(await promptHistory(system.ctx.pool, randomCompany, ticket.id, 50)).toEqual([]);
  });

  it('pushes company-<id>-prompt frames on create, update and delete, to that company only', async () => {
    const mine = await readySocket(system, agent);
    const theirs = await readySocket(system, b);
    try {
      const event = `company-${DEMO.companyId}-prompt`;
      const frameFor = (action: string, id: string) =>
        eventually(
          async () =>
            mine.frames.some((f) => {
              const data = f.data as { action?: string; id?: string } | null;
              return f.event === event && data?.action === action && data?.id === id;
            }),
          10_000,
          `${action} frame`,
        );
      const p = await newPrompt({ name: 'Ao vivo' });
      await frameFor('create', p.id);
      await call(admin, 'PUT', `/prompt/${p.id}`, valid({ name: 'Ao vivo 2' }));
      await frameFor('update', p.id);
      await call(admin, 'DELETE', `/prompt/${p.id}`);
      await frameFor('delete', p.id);
      expect(theirs.frames.filter((f) => f.event.endsWith('-prompt'))).toEqual([]);
      expect(JSON.stringify(mine.frames)).not.toContain(KEY);
    } finally {
      mine.ws.close();
      theirs.ws.close();
    }
  });
});
