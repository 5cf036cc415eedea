import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FlowGraph, FlowGraphInput, menuHandle, nextNodeId, validateFlowGraph } from './graph.ts';

const at = { x: 0, y: 0 };
const start = { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } };
const node = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: at, data });
const edge = (source: string, target: string, sourceHandle?: string) => ({
  id: `e-${source}-${target}-${sourceHandle ?? ''}`,
  source,
  target,
  sourceHandle,
});
const check = (nodes: unknown[], connections: unknown[] = []) =>
  validateFlowGraph(v.parse(FlowGraphInput, { nodes, connections }));
const codes = (nodes: unknown[], connections: unknown[] = []) =>
  check(nodes, connections).map((f) => [f.nodeId, f.code]);

describe('a graph as @xyflow/react posts it', () => {
  const posted = {
    nodes: [
      { ...start, selected: true, dragging: false, measured: { width: 180, height: 60 }, width: 180 },
      {
        ...node('m1', 'message', { label: 'Olá {{nome}}' }),
        positionAbsolute: { x: 1, y: 2 },
        style: { border: '1px solid blue' },
      },
      node('menu', 'menu', {
        message: 'Escolha',
        arrayOption: [
          { number: 1, value: 'Vendas' },
          { number: '2', value: 'Suporte' },
        ],
      }),
      node('q', 'question', { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } }),
      node('w', 'interval', { label: 'Intervalo 5 seg.', sec: '5' }),
    ],
    connections: [
      { ...edge('1', 'q'), animated: true, selected: false, targetHandle: null },
      edge('q', 'm1'),
      edge('m1', 'menu'),
      edge('menu', 'w', 'a1'),
      edge('menu', '1', 'a2'),
    ],
  };

  it('passes, keeping what the canvas needs and dropping what is transient', () => {
    const graph = v.parse(FlowGraphInput, posted);
    expect(validateFlowGraph(graph)).toEqual([]);
    expect(graph.nodes[0]).toEqual({ ...start, measured: { width: 180, height: 60 }, width: 180 });
    expect(graph.nodes[1]).not.toHaveProperty('positionAbsolute');
    expect(graph.nodes[1]?.style).toEqual({ border: '1px solid blue' });
    expect(graph.connections[0]).not.toHaveProperty('selected');
  });

  it('reads back typed for the runtime, following edges by handle', () => {
    const graph = v.parse(FlowGraph, v.parse(FlowGraphInput, posted));
    const menu = graph.nodes.find((n) => n.id === 'menu');
    expect(menu?.type === 'menu' && menu.data.arrayOption.map((o) => o.number)).toEqual([1, 2]);
    const wait = graph.nodes.find((n) => n.id === 'w');
    expect(wait?.type === 'interval' && wait.data.sec).toBe(5);
    expect(nextNodeId(graph, 'menu', menuHandle(2))).toBe('1');
    expect(nextNodeId(graph, '1')).toBe('q');
    expect(nextNodeId(graph, 'w')).toBeNull();
  });
});

describe('validateFlowGraph', () => {
  it('needs the start node 1', () => {
    expect(codes([node('m', 'message', { label: 'x' })])).toEqual([[null, 'MISSING_START']]);
    expect(codes([node('1', 'message', { label: 'x' })])).toEqual([[null, 'MISSING_START']]);
    expect(codes([start, { ...start, id: 'other' }])).toEqual([['other', 'INVALID_NODE_DATA']]);
  });

  it('names unknown node types and duplicate ids', () => {
    expect(codes([start, node('x', 'teleport', {}), node('x', 'message', { label: 'a' })])).toEqual([
      ['x', 'DUPLICATE_NODE_ID'],
      ['x', 'UNKNOWN_NODE_TYPE'],
    ]);
  });

  it('refuses edges to or from missing nodes', () => {
    expect(codes([start], [edge('1', 'ghost'), edge('ghost', '1')])).toEqual([
      ['1', 'EDGE_TARGET_MISSING'],
      [null, 'EDGE_SOURCE_MISSING'],
    ]);
  });

  it('wants every menu option connected through its own handle a<n>', () => {
    const menu = node('menu', 'menu', {
      message: 'Escolha',
      arrayOption: [
        { number: 1, value: 'A' },
        { number: 2, value: 'B' },
      ],
    });
    const found = check([start, menu], [edge('menu', '1', 'a1'), edge('menu', '1')]);
    expect(found).toEqual([
      { nodeId: 'menu', code: 'MENU_OPTION_UNCONNECTED', message: expect.stringContaining('a2') },
    ]);
    expect(codes([start, { ...menu, data: { message: 'Escolha', arrayOption: [] } }])).toEqual([
      ['menu', 'MENU_WITHOUT_OPTIONS'],
    ]);
  });

  it('keeps intervals within 1 to 120 seconds', () => {
    for (const sec of [0, 121, 'abc', 2.5]) {
      expect(codes([start, node('w', 'interval', { sec })])).toEqual([['w', 'INTERVAL_OUT_OF_RANGE']]);
    }
    expect(codes([start, node('w', 'interval', { sec: 120 })])).toEqual([]);
  });

  it('refuses empty messages, also inside a content block', () => {
    expect(codes([start, node('m', 'message', { label: '   ' })])).toEqual([['m', 'EMPTY_MESSAGE']]);
    expect(codes([start, node('m', 'message', {})])).toEqual([['m', 'EMPTY_MESSAGE']]);
    const block = (elements: unknown[]) => node('c', 'singleBlock', { seq: [], elements });
    expect(codes([start, block([{ type: 'message', number: 'message0', value: '' }])])).toEqual([
      ['c', 'EMPTY_MESSAGE'],
    ]);
    expect(codes([start, block([{ type: 'img', number: 'img0', value: '' }])])).toEqual([
      ['c', 'EMPTY_MEDIA'],
    ]);
    expect(codes([start, block([{ type: 'interval', number: 'interval0', value: 500 }])])).toEqual([
      ['c', 'INTERVAL_OUT_OF_RANGE'],
    ]);
  });

  it('wants a question to name its answer variable', () => {
    const question = (typebotIntegration: unknown) => node('q', 'question', { typebotIntegration });
    expect(codes([start, question({ message: 'Nome?', answerKey: '' })])).toEqual([
      ['q', 'QUESTION_WITHOUT_ANSWER_KEY'],
    ]);
    expect(codes([start, question({ message: 'Nome?' })])).toEqual([['q', 'QUESTION_WITHOUT_ANSWER_KEY']]);
    expect(codes([start, question({ message: 'Nome?', answerKey: 'first name' })])).toEqual([
      ['q', 'QUESTION_WITHOUT_ANSWER_KEY'],
    ]);
  });

  it('checks the other node types the runtime relies on', () => {
    expect(codes([start, node('t', 'ticket', {})])).toEqual([['t', 'QUEUE_REQUIRED']]);
    expect(codes([start, node('t', 'ticket', { queue: { id: 'q1', name: 'Vendas' } })])).toEqual([]);
    expect(codes([start, node('r', 'randomizer', { percent: 140 })])).toEqual([['r', 'INVALID_NODE_DATA']]);
    expect(codes([start, node('i', 'img', { url: '' })])).toEqual([['i', 'EMPTY_MEDIA']]);
    expect(codes([start, node('o', 'openai', { typebotIntegration: { name: 'Bot', prompt: 'p' } })])).toEqual(
      [['o', 'INVALID_NODE_DATA']],
    );
    expect(
      codes([start, node('c', 'condition', { key: 'nome', condition: 'equals', value: 'Ana' })]),
    ).toEqual([]);
    expect(codes([start, node('c', 'condition', { key: 'nome', condition: '~' })])).toEqual([
      ['c', 'INVALID_NODE_DATA'],
    ]);
  });
});

describe('the request shape', () => {
  it('refuses what is not a graph at all', () => {
    expect(
      v.safeParse(FlowGraphInput, { nodes: [{ id: '1', type: 'start' }], connections: [] }).success,
    ).toBe(false);
    expect(v.safeParse(FlowGraphInput, { nodes: [], connections: [{ id: 'e' }] }).success).toBe(false);
  });
});

describe('media of a saved flow', () => {
  const prefix = '/public/company-a/';
  it('must be files the company uploaded', () => {
    const img = node('i', 'img', { url: '/public/company-a/2026/11/1-x.png' });
    const block = node('c', 'singleBlock', {
      seq: ['img0', 'message1'],
      elements: [
        { type: 'img', number: 'img0', value: 'https://elsewhere.example/x.png' },
        { type: 'message', number: 'message1', value: 'oi' },
      ],
    });
    const found = validateFlowGraph(
      v.parse(FlowGraphInput, { nodes: [start, img, block], connections: [] }),
      {
        mediaPrefix: prefix,
      },
    );
    expect(found.map((f) => [f.nodeId, f.code])).toEqual([['c', 'MEDIA_NOT_UPLOADED']]);
    const other = node('v', 'video', { url: '/public/company-a/../company-b/x.mp4' });
    expect(
      validateFlowGraph(v.parse(FlowGraphInput, { nodes: [start, other], connections: [] }), {
        mediaPrefix: prefix,
      }),
    ).toHaveLength(1);
  });
});
