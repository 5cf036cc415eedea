import { loadFlowGraph } from '@zelo/projections/flows/queries';
import { unsealFlowNodeKeys } from '@zelo/services/flows/node-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// An openai node's keys (issue 10: "API keys stored encrypted at rest and never sent back to the
// browser in full"): sealed before the FlowSaved event, masked in every answer, kept by a save that
// posts the mask back, usable by the runtime in the flow and in its copies; and the flows a connection
// or a queue integration starts cannot be deleted.

const API_KEY = 'sk-proj-Zt0pS3cretAbcdEfgh1234';
const VOICE_KEY = 'azure-speech-9f8e7d6c5b4a3210wxyz';
const OTHER_KEY = 'sk-proj-AnotherS3cretKey9876';
const AI = 'ai0000000000000000000000000000';

const openAiNode = (settings: Record<string, unknown>, id = AI) => ({
  id,
  type: 'openai',
  position: { x: 470, y: 100 },
  data: {
    typebotIntegration: {
      name: 'Assistente',
      prompt: 'Você é a assistente da loja.',
      voice: 'texto',
      voiceRegion: 'brazilsouth',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      queueId: null,
      ...settings,
    },
  },
});
const canvas = (...nodes: object[]) => ({
  nodes: [{ id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio' } }, ...nodes],
  connections: [{ id: 'e-1-ai', source: '1', target: AI }],
});
type Node = { id: string; type: string; data: { typebotIntegration: Record<string, unknown> } };
type Answer = { flow: { version: number; flow: { nodes: Node[] } } };
const settingsIn = (body: Answer, id = AI) =>
  body.flow.flow.nodes.find((n) => n.id === id)?.data.typebotIntegration;

describe('flow openai node keys', () => {
  let system: TestSystem;
  let admin: string;
  let b: string;
  let companyA: string;
  let companyB: string;

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const newFlow = async (name: string, token = admin) => {
    const r = await call(token, 'POST', '/flowbuilder', { name });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as string;
  };
  const save = (flowId: string, graph: object, token = admin) =>
    call(token, 'POST', '/flowbuilder/flow', { idFlow: flowId, ...graph });
  /** What the runtime reads: the flow's latest stored graph, and the keys it opens for a node. */
  const runtimeKeys = async (companyId: string, flowId: string, nodeId = AI) => {
    const stored = await loadFlowGraph(system.ctx.pool, companyId, flowId);
    const node = stored?.graph.nodes.find((n) => n.id === nodeId);
    if (!node) throw new Error(`no node ${nodeId}`);
    return unsealFlowNodeKeys(system.ctx.config.jwtSecret, { companyId, flowId }, node);
  };
  const anywhere = async (secret: string) => {
    const like = `%${secret}%`;
    const q = async (sql: string) => Number((await system.ctx.pool.query(sql, [like])).rows[0].n);
    return {
      events: await q('SELECT count(*)::int AS n FROM es_events WHERE data::text LIKE $1'),
      versions: await q('SELECT count(*)::int AS n FROM flow_versions WHERE graph::text LIKE $1'),
    };
  };

  beforeAll(async () => {
    system = await startTestSystem();
    const a = await system.login(DEMO.email, DEMO.password);
    admin = a.token;
    b = (await system.signUpCompany('Chaves B', 'admin@keys-b.dev', 'senhaB1')).token;
    const me = async (token: string) =>
      (
        await system.ctx.pool.query('SELECT company_id FROM flows WHERE id = $1', [
          await newFlow('Eu', token),
        ])
      ).rows[0].company_id as string;
    companyA = await me(admin);
    companyB = await me(b);
  }, 60_000);
  afterAll(async () => system?.close());

  it('stores the keys sealed, answers only their masked form, and the runtime opens them', async () => {
    const flowId = await newFlow('Com chave');
    const r = await save(flowId, canvas(openAiNode({ apiKey: API_KEY, voiceKey: VOICE_KEY })));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const masked = { apiKey: 'sk-…1234', voiceKey: 'azu…wxyz' };
    expect(settingsIn(r.body)).toMatchObject(masked);
    const got = await call(admin, 'GET', `/flowbuilder/flow/${flowId}`);
    expect(settingsIn(got.body)).toMatchObject({ ...masked, name: 'Assistente', voiceRegion: 'brazilsouth' });
    for (const body of [r.body, got.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(VOICE_KEY);
      expect(text).not.toMatch(/Sealed/);
    }
    for (const secret of [API_KEY, VOICE_KEY, API_KEY.slice(3, -4)])
      expect(await anywhere(secret)).toEqual({ events: 0, versions: 0 });
    expect(await runtimeKeys(companyA, flowId)).toEqual({ apiKey: API_KEY, voiceKey: VOICE_KEY });
  });

  it('keeps the key when the editor posts back the mask or nothing; a new key replaces it', async () => {
    const flowId = await newFlow('Reeditado');
    await save(flowId, canvas(openAiNode({ apiKey: API_KEY, voiceKey: VOICE_KEY })));
    const loaded = (await call(admin, 'GET', `/flowbuilder/flow/${flowId}`)).body as Answer;
    // The drawing loaded and saved as it is: the same version, the same key.
    const again = await save(flowId, { ...loaded.flow.flow, connections: canvas().connections });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.flow.version).toBe(1);
    expect(await runtimeKeys(companyA, flowId)).toEqual({ apiKey: API_KEY, voiceKey: VOICE_KEY });
    // Another prompt with the masked key: a new version, still the same key.
    const masked = settingsIn(loaded);
    const edited = await save(flowId, canvas(openAiNode({ ...masked, prompt: 'Seja breve.' })));
    expect(edited.body.flow.version).toBe(2);
    expect(await runtimeKeys(companyA, flowId)).toEqual({ apiKey: API_KEY, voiceKey: VOICE_KEY });
    // The key field left empty keeps it too; an empty speech key removes that one.
    const emptied = await save(flowId, canvas(openAiNode({ apiKey: '', voiceKey: '' })));
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(settingsIn(emptied.body)).toMatchObject({ apiKey: 'sk-…1234' });
    expect(await runtimeKeys(companyA, flowId)).toEqual({ apiKey: API_KEY, voiceKey: null });
    // A new key replaces it.
    const replaced = await save(flowId, canvas(openAiNode({ apiKey: OTHER_KEY })));
    expect(settingsIn(replaced.body)).toMatchObject({ apiKey: 'sk-…9876' });
    expect(await runtimeKeys(companyA, flowId)).toMatchObject({ apiKey: OTHER_KEY });
    expect(await anywhere(OTHER_KEY)).toEqual({ events: 0, versions: 0 });
  });

  it('gives a node duplicated in the editor the key of its original; an unknown mask must be typed again', async () => {
    const flowId = await newFlow('Nó duplicado');
    const first = await save(flowId, canvas(openAiNode({ apiKey: API_KEY })));
    const copyId = 'ai-copy0000000000000000000000';
    const copy = openAiNode(settingsIn(first.body) ?? {}, copyId);
    const r = await save(flowId, canvas(openAiNode(settingsIn(first.body) ?? {}), copy));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await runtimeKeys(companyA, flowId, copyId)).toMatchObject({ apiKey: API_KEY });

    const fresh = await newFlow('Máscara sem chave');
    const before = (await system.ctx.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n;
    const refused = await save(fresh, canvas(openAiNode({ apiKey: 'sk-…1234' })));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'ERR_INVALID_FLOW',
      details: [expect.objectContaining({ nodeId: AI, code: 'INVALID_NODE_DATA' })],
    });
    const none = await save(fresh, canvas(openAiNode({ apiKey: '' })));
    expect([none.status, none.body.error]).toEqual([400, 'ERR_INVALID_FLOW']);
    const after = (await system.ctx.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n;
    expect(after).toBe(before);
  });

  it('duplicates a flow with keys that work in the copy', async () => {
    const source = await newFlow('Original com chave');
    await save(source, canvas(openAiNode({ apiKey: API_KEY, voiceKey: VOICE_KEY })));
    const r = await call(admin, 'POST', '/flowbuilder/duplicate', { flowId: source });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const copyId = r.body.id as string;
    expect(await runtimeKeys(companyA, copyId)).toEqual({ apiKey: API_KEY, voiceKey: VOICE_KEY });
    expect(settingsIn((await call(admin, 'GET', `/flowbuilder/flow/${copyId}`)).body)).toMatchObject({
      apiKey: 'sk-…1234',
    });
    // The copy's ciphertext is its own: the original's does not open for the copy's id.
    const original = await loadFlowGraph(system.ctx.pool, companyA, source);
    const node = original?.graph.nodes.find((n) => n.id === AI);
    if (!node) throw new Error('no node');
    expect(() =>
      unsealFlowNodeKeys(system.ctx.config.jwtSecret, { companyId: companyA, flowId: copyId }, node),
    ).toThrow();
    // A save of the copy with the mask keeps its key.
    const loaded = (await call(admin, 'GET', `/flowbuilder/flow/${copyId}`)).body as Answer;
    await save(copyId, canvas(openAiNode({ ...settingsIn(loaded), prompt: 'Outro.' })));
    expect(await runtimeKeys(companyA, copyId)).toMatchObject({ apiKey: API_KEY });
    expect(await anywhere(API_KEY)).toEqual({ events: 0, versions: 0 });
  });

  it("gives company B no use of A's ciphertext", async () => {
    const flowA = await newFlow('Chave de A');
    await save(flowA, canvas(openAiNode({ apiKey: API_KEY })));
    const stored = await loadFlowGraph(system.ctx.pool, companyA, flowA);
    const nodeA = stored?.graph.nodes.find((n) => n.id === AI);
    if (!nodeA) throw new Error('no node');
    const sealed = (nodeA.data as Node['data']).typebotIntegration.apiKeySealed;
    expect(sealed).toEqual(expect.stringMatching(/^v1\./));
    // Not for another company, even naming A's flow.
    expect(() =>
      unsealFlowNodeKeys(system.ctx.config.jwtSecret, { companyId: companyB, flowId: flowA }, nodeA),
    ).toThrow();
    // B posts A's ciphertext with its mask, on a node of the same id: refused, nothing stored.
    const flowB = await newFlow('Cópia de B', b);
    const refused = await save(flowB, canvas(openAiNode({ apiKey: 'sk-…1234', apiKeySealed: sealed })), b);
    expect([refused.status, refused.body.error]).toEqual([400, 'ERR_INVALID_FLOW']);
    // With a key of its own, the posted ciphertext is dropped: B's node opens B's key only.
    const own = await save(flowB, canvas(openAiNode({ apiKey: OTHER_KEY, apiKeySealed: sealed })), b);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(await runtimeKeys(companyB, flowB)).toMatchObject({ apiKey: OTHER_KEY });
    // And B's saves never reach A's flow.
    expect((await save(flowA, canvas(openAiNode({ apiKey: 'sk-…1234' })), b)).status).toBe(404);
  });

  it('keeps a flow a connection greets with, or a queue integration runs, from being deleted', async () => {
    const flowId = await newFlow('Boas-vindas em uso');
    const connection = await call(admin, 'POST', '/whatsapp', {
      name: 'Linha de boas-vindas',
      provider: 'simulator',
      flowIdWelcome: flowId,
    });
    expect(connection.status, JSON.stringify(connection.body)).toBe(201);
    const byConnection = await call(admin, 'DELETE', `/flowbuilder/${flowId}`);
    expect(byConnection.status).toBe(409);
    expect(byConnection.body).toMatchObject({
      error: 'ERR_FLOW_IN_USE',
      message: expect.stringContaining('Linha de boas-vindas'),
    });
    const integration = await call(admin, 'POST', '/queueIntegration', {
      type: 'flowbuilder',
      name: 'Integração do fluxo',
      flowId,
    });
    expect(integration.status, JSON.stringify(integration.body)).toBe(201);
    const cleared = await call(admin, 'PUT', `/whatsapp/${connection.body.id}`, { flowIdWelcome: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const byIntegration = await call(admin, 'DELETE', `/flowbuilder/${flowId}`);
    expect(byIntegration.status).toBe(409);
    expect(byIntegration.body.message).toContain('Integração do fluxo');
    expect(byIntegration.body.message).not.toContain('Linha de boas-vindas');
    expect((await call(admin, 'GET', `/flowbuilder/flow/${flowId}`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/queueIntegration/${integration.body.id}`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/flowbuilder/${flowId}`)).status).toBe(200);
    await call(admin, 'DELETE', `/whatsapp/${connection.body.id}`);
  });
});
