import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFlowGraph, loadFlowVersion } from '@zelo/projections/flows/queries';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser, readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { bigPng, MP3, MP4, OPUS, PDF, PNG, postMedia } from './media.ts';

// Flows over HTTP (doc 2 §2.15, §2.16, §7 /flowbuilder): the list's calls, the editor's save and load,
// its uploads, and what the runtime reads back.

/** A canvas as @xyflow/react hands it over: with the drawing state it keeps on nodes and edges. */
/** What the tests then break a node or an edge of. */
type Canvas = { nodes: Record<string, unknown>[]; connections: Record<string, unknown>[] };

function editorCanvas(greeting: string): Canvas {
  const at = (x: number, y: number) => ({ x, y });
  return {
    nodes: [
      {
        id: '1',
        type: 'start',
        position: at(250, 100),
        data: { label: 'Inicio do fluxo' },
        selected: false,
        dragging: false,
        measured: { width: 180, height: 64 },
      },
      {
        id: 'a'.repeat(30),
        type: 'message',
        position: at(470, 100),
        positionAbsolute: at(470, 100),
        data: { label: greeting },
        selected: true,
        width: 200,
        height: 80,
        style: { border: '2px solid #0d6efd' },
      },
      {
        id: 'menu000000000000000000000000000',
        type: 'menu',
        position: at(700, 100),
        data: {
          message: 'Escolha uma opção',
          arrayOption: [
            { number: 1, value: 'Vendas' },
            { number: 2, value: 'Suporte' },
          ],
        },
      },
      {
        id: 'q'.repeat(30),
        type: 'question',
        position: at(950, 40),
        data: { typebotIntegration: { message: 'Qual o seu nome?', answerKey: 'nome' } },
      },
      {
        id: 'w'.repeat(30),
        type: 'interval',
        position: at(950, 200),
        data: { label: 'Intervalo 5 seg.', sec: 5 },
      },
    ],
    connections: [
      { id: 'reactflow__edge-1-a', source: '1', target: 'a'.repeat(30), selected: true, animated: true },
      {
        id: 'reactflow__edge-a-menu',
        source: 'a'.repeat(30),
        target: 'menu000000000000000000000000000',
        sourceHandle: null,
        targetHandle: null,
        style: { stroke: '#555' },
      },
      { id: 'e-m1', source: 'menu000000000000000000000000000', sourceHandle: 'a1', target: 'q'.repeat(30) },
      { id: 'e-m2', source: 'menu000000000000000000000000000', sourceHandle: 'a2', target: 'w'.repeat(30) },
    ],
  };
}

describe('flows', () => {
  let system: TestSystem;
  let mediaDir: string;
  let admin: string;
  let agent: string;
  let b: string;

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const newFlow = async (name: string, token = admin) => {
    const r = await call(token, 'POST', '/flowbuilder', { name });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; name: string; version: number };
  };
  const save = (flowId: string, canvas: object, token = admin) =>
    call(token, 'POST', '/flowbuilder/flow', { idFlow: flowId, ...canvas });
  const events = async (type: string) =>
    Number(
      (await system.ctx.pool.query('SELECT count(*)::int AS n FROM es_events WHERE type = $1', [type]))
        .rows[0].n,
    );
  const storedFiles = async () =>
    (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-flows-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    agent = (await newLoggedInUser(system, admin, { name: 'Agente Fluxos', email: 'agente@flows.dev' }))
      .token;
    b = (await system.signUpCompany('Fluxos B', 'admin@flows-b.dev', 'senhaB1')).token;
  }, 60_000);
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('creates, lists page by page with a search, renames and deletes flows', async () => {
    const created = await newFlow('  Boas-vindas  ');
    expect(created).toMatchObject({ name: 'Boas-vindas', active: true, version: 0 });
    for (let i = 1; i <= 21; i++) await newFlow(`Lote ${String(i).padStart(2, '0')}`);

    const page1 = await call(admin, 'GET', '/flowbuilder?searchParam=lote&pageNumber=1');
    expect(page1.body.flows).toHaveLength(20);
    expect(page1.body.hasMore).toBe(true);
    const page2 = await call(admin, 'GET', '/flowbuilder?searchParam=LOTE&pageNumber=2');
    expect(page2.body).toMatchObject({ hasMore: false, flows: [{ name: 'Lote 21' }] });
    // The reference client calls it without parameters.
    const all = await call(admin, 'GET', '/flowbuilder');
    expect(all.status).toBe(200);
    expect(all.body.flows.map((f: { name: string }) => f.name)).toContain('Boas-vindas');

    const renamed = await call(admin, 'PUT', '/flowbuilder', { name: 'Recepção', flowId: created.id });
    expect(renamed.body).toMatchObject({ id: created.id, name: 'Recepção' });

    const gone = await call(admin, 'DELETE', `/flowbuilder/${created.id}`);
    expect(gone.status).toBe(200);
    expect((await call(admin, 'GET', `/flowbuilder/flow/${created.id}`)).body.error).toBe(
      'ERR_NO_FLOW_FOUND',
    );
    expect((await call(admin, 'DELETE', `/flowbuilder/${created.id}`)).status).toBe(404);
  });

  it('refuses a name shorter than 2 or longer than 50, or none', async () => {
    for (const body of [{ name: 'A' }, { name: 'x'.repeat(51) }, { name: '   ' }, {}]) {
      const r = await call(admin, 'POST', '/flowbuilder', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    const flow = await newFlow('Nome ok');
    const r = await call(admin, 'PUT', '/flowbuilder', { name: 'B', flowId: flow.id });
    expect(r.body.error).toBe('ERR_VALIDATION');
  });

  it('gives back the drawing it saved, each save a new version the runtime can read', async () => {
    const flow = await newFlow('Atendimento');
    const empty = await call(admin, 'GET', `/flowbuilder/flow/${flow.id}`);
    expect(empty.body.flow).toMatchObject({ id: flow.id, name: 'Atendimento', flow: null });

    const saved = await save(flow.id, editorCanvas('Olá {{nome}}!'));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const loaded = (await call(admin, 'GET', `/flowbuilder/flow/${flow.id}`)).body;
    expect(loaded).toEqual(saved.body);
    expect(loaded.flow.version).toBe(1);
    const [start, message] = loaded.flow.flow.nodes;
    // What the canvas needs comes back; what is only the drawing's moment does not.
    expect(start).toEqual({
      id: '1',
      type: 'start',
      position: { x: 250, y: 100 },
      data: { label: 'Inicio do fluxo' },
      measured: { width: 180, height: 64 },
    });
    expect(message).toMatchObject({ width: 200, style: { border: '2px solid #0d6efd' } });
    expect(message).not.toHaveProperty('selected');
    expect(message).not.toHaveProperty('positionAbsolute');
    expect(loaded.flow.flow.connections[0]).toEqual({
      id: 'reactflow__edge-1-a',
      source: '1',
      target: 'a'.repeat(30),
      sourceHandle: null,
      targetHandle: null,
      animated: true,
    });

    await save(flow.id, editorCanvas('Oi de novo'));
    const latest = await loadFlowGraph(system.ctx.pool, DEMO.companyId, flow.id);
    expect(latest?.version).toBe(2);
    const menu = latest?.graph.nodes.find((n) => n.type === 'menu');
    expect(menu?.type === 'menu' && menu.data.arrayOption.map((o) => o.value)).toEqual(['Vendas', 'Suporte']);
    const first = await loadFlowVersion(system.ctx.pool, flow.id, 1);
    expect(first?.nodes.find((n) => n.type === 'message')?.data).toEqual({ label: 'Olá {{nome}}!' });
    // Saving the same drawing again is no new version.
    const again = await save(flow.id, editorCanvas('Oi de novo'));
    expect(again.body.flow.version).toBe(2);
    expect(await loadFlowGraph(system.ctx.pool, 'a0000000-0000-4000-8000-000000000000', flow.id)).toBeNull();
  });

  it('refuses a broken graph, naming each offending node, and stores nothing', async () => {
    const flow = await newFlow('Quebrado');
    await save(flow.id, editorCanvas('Versão boa'));
    const saves = await events('FlowSaved');
    const canvas = editorCanvas('   ');
    canvas.nodes[4].data = { label: 'Intervalo 500 seg.', sec: 500 };
    canvas.connections.splice(3, 1); // option 2 leads nowhere
    canvas.connections.push({ id: 'e-x', source: 'q'.repeat(30), target: 'nao-existe' });
    canvas.nodes.push({ id: 'z'.repeat(30), type: 'teleporte', position: { x: 0, y: 0 }, data: {} });

    const r = await save(flow.id, canvas);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_INVALID_FLOW');
    const found = r.body.details.map((d: { nodeId: string | null; code: string }) => [d.nodeId, d.code]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['a'.repeat(30), 'EMPTY_MESSAGE'],
        ['menu000000000000000000000000000', 'MENU_OPTION_UNCONNECTED'],
        ['w'.repeat(30), 'INTERVAL_OUT_OF_RANGE'],
        ['q'.repeat(30), 'EDGE_TARGET_MISSING'],
        ['z'.repeat(30), 'UNKNOWN_NODE_TYPE'],
      ]),
    );
    expect(found).toHaveLength(5);
    const noStart = editorCanvas('Sem início');
    noStart.nodes.shift();
    noStart.connections.shift();
    expect((await save(flow.id, noStart)).body.details).toEqual([
      { nodeId: null, code: 'MISSING_START', message: expect.any(String) },
    ]);
    // Not a graph at all: a plain validation error.
    const shapeless = await save(flow.id, { nodes: 'x', connections: [] });
    expect(shapeless.body.error).toBe('ERR_VALIDATION');

    expect(await events('FlowSaved')).toBe(saves);
    const kept = (await call(admin, 'GET', `/flowbuilder/flow/${flow.id}`)).body.flow;
    expect(kept.version).toBe(1);
    expect(kept.flow.nodes[1].data.label).toBe('Versão boa');
  });

  it("refuses a ticket node on another company's queue, and media that are not stored", async () => {
    const flow = await newFlow('Referências');
    const bQueue = (await call(b, 'POST', '/queue', { name: 'Fila de B', color: '#0F9960' })).body.id;
    const withNode = (node: Record<string, unknown>) => {
      const canvas = editorCanvas('Oi');
      canvas.nodes.push({ id: 'n'.repeat(30), position: { x: 0, y: 400 }, ...node });
      return canvas;
    };
    const ticket = (id: string) => withNode({ type: 'ticket', data: { queue: { id, name: 'Fila' } } });
    expect((await save(flow.id, ticket(DEMO.queueId))).status).toBe(200);
    const foreign = await save(flow.id, ticket(bQueue));
    expect(foreign.body.details).toEqual([
      { nodeId: 'n'.repeat(30), code: 'QUEUE_REQUIRED', message: expect.any(String) },
    ]);
    const missing = `/public/${DEMO.companyId}/2026/01/1-${'0'.repeat(32)}-nada.png`;
    const gone = await save(flow.id, withNode({ type: 'img', data: { url: missing } }));
    expect(gone.body.details).toEqual([
      { nodeId: 'n'.repeat(30), code: 'MEDIA_NOT_UPLOADED', message: expect.any(String) },
    ]);
    expect((await call(admin, 'GET', `/flowbuilder/flow/${flow.id}`)).body.flow.version).toBe(1);
  });

  it('duplicates a flow with its latest drawing, leaving the original as it was', async () => {
    const flow = await newFlow('Original');
    await save(flow.id, editorCanvas('Conteúdo original'));
    const copy = await call(admin, 'POST', '/flowbuilder/duplicate', { flowId: flow.id });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Cópia de Original', version: 1 });
    expect(copy.body.id).not.toBe(flow.id);
    const copied = (await call(admin, 'GET', `/flowbuilder/flow/${copy.body.id}`)).body.flow.flow;
    const original = (await call(admin, 'GET', `/flowbuilder/flow/${flow.id}`)).body.flow.flow;
    expect(copied).toEqual(original);
    const neverDrawn = await newFlow('x'.repeat(50));
    const copy2 = await call(admin, 'POST', '/flowbuilder/duplicate', { flowId: neverDrawn.id });
    expect(copy2.body).toMatchObject({ version: 0 });
    expect(copy2.body.name).toHaveLength(50);
    expect((await call(admin, 'POST', '/flowbuilder/duplicate', { flowId: DEMO.companyId })).status).toBe(
      404,
    );
  });

  it('stores the editor uploads by their bytes and limits, and a saved node plays them', async () => {
    const url = (route: string) => `${system.url}/flowbuilder/${route}`;
    const img = await postMedia(url('img'), admin, [{ name: 'foto.png', type: 'image/png', bytes: PNG }]);
    expect(img.status, JSON.stringify(img.body)).toBe(200);
    expect(img.body).toMatchObject({ originalName: 'foto.png', mediaType: 'image' });
    expect(img.body.name).toMatch(new RegExp(`^/public/${DEMO.companyId}/.+foto\\.png$`));
    const served = await fetch(`${system.url}${img.body.name}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const audio = await postMedia(url('audio'), admin, [{ name: 'voz.mp3', type: 'audio/mpeg', bytes: MP3 }]);
    expect(audio.body).toMatchObject({ mediaType: 'audio' });
    const opus = await postMedia(url('audio'), admin, [{ name: 'voz.ogg', type: 'audio/ogg', bytes: OPUS }]);
    expect(opus.body).toMatchObject({ mediaType: 'audio' });
    const video = await postMedia(url('audio'), admin, [
      { name: 'filme.mp4', type: 'video/mp4', bytes: MP4 },
    ]);
    expect(video.body).toMatchObject({ mediaType: 'video' });

    const content = await postMedia(url('content'), admin, [
      { name: 'a.png', type: 'image/png', bytes: PNG },
      { name: 'b.mp3', type: 'audio/mpeg', bytes: MP3 },
      { name: 'c.mp4', type: 'video/mp4', bytes: MP4 },
    ]);
    expect(content.body.map((f: { originalName: string }) => f.originalName)).toEqual([
      'a.png',
      'b.mp3',
      'c.mp4',
    ]);

    const files = await storedFiles();
    const refused = [
      [
        'img',
        { name: 'grande.png', type: 'image/png', bytes: bigPng(2 * 1024 * 1024 + 1) },
        413,
        'ERR_MEDIA_TOO_LARGE',
      ],
      ['img', { name: 'falsa.png', type: 'image/png', bytes: PDF }, 400, 'ERR_MEDIA_TYPE_MISMATCH'],
      ['img', { name: 'voz.mp3', type: 'audio/mpeg', bytes: MP3 }, 400, 'ERR_MEDIA_TYPE_MISMATCH'],
      ['audio', { name: 'foto.png', type: 'image/png', bytes: PNG }, 400, 'ERR_MEDIA_TYPE_MISMATCH'],
      ['audio', { name: 'doc.pdf', type: 'application/pdf', bytes: PDF }, 400, 'ERR_MEDIA_TYPE_MISMATCH'],
      [
        'audio',
        {
          name: 'grande.mp3',
          type: 'audio/mpeg',
          bytes: Buffer.concat([MP3, Buffer.alloc(5 * 1024 * 1024)]),
        },
        413,
        'ERR_MEDIA_TOO_LARGE',
      ],
    ] as const;
    for (const [route, file, status, error] of refused) {
      const r = await postMedia(url(route), admin, [file]);
      expect([r.status, r.body.error], `${route} ${file.name}`).toEqual([status, error]);
    }
    // One bad file among good ones stores none of them.
    const mixed = await postMedia(url('content'), admin, [
      { name: 'ok.png', type: 'image/png', bytes: PNG },
      { name: 'falsa.mp4', type: 'video/mp4', bytes: PDF },
    ]);
    expect(mixed.body.error).toBe('ERR_MEDIA_TYPE_MISMATCH');
    const none = await fetch(url('img'), {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(await storedFiles()).toBe(files);

    const flow = await newFlow('Com mídia');
    const canvas = editorCanvas('Veja');
    canvas.nodes.push({
      id: 'i'.repeat(30),
      type: 'img',
      position: { x: 0, y: 300 },
      data: { url: img.body.name },
    });
    expect((await save(flow.id, canvas)).status).toBe(200);
    canvas.nodes[5] = { ...canvas.nodes[5], data: { url: 'https://elsewhere.example/x.png' } };
    expect((await save(flow.id, canvas)).body.details).toEqual([
      { nodeId: 'i'.repeat(30), code: 'MEDIA_NOT_UPLOADED', message: expect.any(String) },
    ]);
  });

  it('is for admins: an agent may neither read nor change flows', async () => {
    const flow = await newFlow('Só admins');
    const tries = [
      ['GET', '/flowbuilder', undefined],
      ['GET', `/flowbuilder/flow/${flow.id}`, undefined],
      ['POST', '/flowbuilder', { name: 'Do agente' }],
      ['PUT', '/flowbuilder', { name: 'Do agente', flowId: flow.id }],
      ['POST', '/flowbuilder/flow', { idFlow: flow.id, ...editorCanvas('x') }],
      ['DELETE', `/flowbuilder/${flow.id}`, undefined],
    ] as const;
    for (const [method, path, body] of tries) {
      const r = await call(agent, method, path, body);
      expect([method, path, r.status, r.body.error]).toEqual([method, path, 403, 'ERR_NO_PERMISSION']);
    }
    const upload = await postMedia(`${system.url}/flowbuilder/img`, agent, [
      { name: 'f.png', type: 'image/png', bytes: PNG },
    ]);
    expect(upload.status).toBe(403);
  });

  it("shows another company nothing of A's flows and lets it change none", async () => {
    const flow = await newFlow('Segredo de A');
    await save(flow.id, editorCanvas('texto-secreto-de-A'));
    const list = await call(b, 'GET', '/flowbuilder');
    expect(JSON.stringify(list.body)).not.toContain('Segredo de A');
    const tries = [
      ['GET', `/flowbuilder/flow/${flow.id}`, undefined],
      ['PUT', '/flowbuilder', { name: 'Tomado', flowId: flow.id }],
      ['POST', '/flowbuilder/flow', { idFlow: flow.id, ...editorCanvas('de B') }],
      ['POST', '/flowbuilder/duplicate', { flowId: flow.id }],
      ['DELETE', `/flowbuilder/${flow.id}`, undefined],
    ] as const;
    for (const [method, path, body] of tries) {
      const r = await call(b, method, path, body);
      expect([method, r.status, r.body.error]).toEqual([method, 404, 'ERR_NO_FLOW_FOUND']);
    }
    const still = (await call(admin, 'GET', `/flowbuilder/flow/${flow.id}`)).body.flow;
    expect(still).toMatchObject({ name: 'Segredo de A', version: 1 });
  });

  it('pushes company-<id>-flowbuilder frames to that company only', async () => {
    const mine = await readySocket(system, admin);
    const theirs = await readySocket(system, b);
    try {
      const event = `company-${DEMO.companyId}-flowbuilder`;
      const frameFor = (action: string, id: string) =>
        eventually(
          async () =>
            mine.frames.some((f) => {
              const d = f.data as { action?: string; id?: string } | null;
              return f.event === event && d?.action === action && d?.id === id;
            }),
          10_000,
          `${action} frame`,
        );
      const flow = await newFlow('Ao vivo');
      await frameFor('create', flow.id);
      await save(flow.id, editorCanvas('x'));
      await frameFor('update', flow.id);
      await call(admin, 'DELETE', `/flowbuilder/${flow.id}`);
      await frameFor('delete', flow.id);
      expect(theirs.frames.filter((f) => f.event.endsWith('-flowbuilder'))).toEqual([]);
    } finally {
      mine.ws.close();
      theirs.ws.close();
    }
  });
});
