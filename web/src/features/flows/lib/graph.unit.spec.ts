import { FlowGraphInput, menuHandle, validateFlowGraph } from '@zelo/contracts/flows/graph';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  duplicateNode,
  fromStored,
  markFindings,
  removeNode,
  startNode,
  toPayload,
  withoutStaleHandles,
} from './graph.ts';
import type { FlowEdge, FlowNode } from './node-data.ts';
import { intervalData, menuData, messageData, openAiData, openAiForm, questionData } from './node-forms.ts';

const at = (id: string, type: FlowNode['type'], data: unknown, x = 0): FlowNode =>
  ({ id, type, position: { x, y: 100 }, data }) as FlowNode;

/** A drawn canvas: start → menu (two options) → message / question; as xyflow holds it while drawing. */
function drawn() {
  const nodes: FlowNode[] = [
    { ...startNode(), selected: true, measured: { width: 180, height: 40 } } as FlowNode,
    at(
      'menuAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'menu',
      menuData({ message: 'Escolha', options: [{ value: 'Vendas' }, { value: 'Suporte' }] }),
      500,
    ),
    at(
      'msgBBBBBBBBBBBBBBBBBBBBBBBBBBB',
      'message',
      { ...messageData({ text: 'Olá {{nome}}' }), error: 'old' },
      800,
    ),
    at(
      'askCCCCCCCCCCCCCCCCCCCCCCCCCCC',
      'question',
      questionData({ message: 'Seu nome?', answerKey: 'nome' }),
      800,
    ),
  ];
  const edges: FlowEdge[] = [
    { id: 'e1', source: '1', target: 'menuAAAAAAAAAAAAAAAAAAAAAAAAAA', selected: true },
    {
      id: 'e2',
      source: 'menuAAAAAAAAAAAAAAAAAAAAAAAAAA',
      sourceHandle: menuHandle(1),
      target: 'askCCCCCCCCCCCCCCCCCCCCCCCCCCC',
    },
    {
      id: 'e3',
      source: 'menuAAAAAAAAAAAAAAAAAAAAAAAAAA',
      sourceHandle: menuHandle(2),
      target: 'msgBBBBBBBBBBBBBBBBBBBBBBBBBBB',
    },
  ];
  return { nodes, edges };
}

describe('the saved graph (POST /flowbuilder/flow)', () => {
  it('carries ids, types, positions and data, without what only drawing needs', () => {
    const { nodes, edges } = drawn();
    const payload = toPayload('flow-1', nodes, edges);
    expect(payload.idFlow).toBe('flow-1');
    expect(payload.nodes[0]).toEqual({
      id: '1',
      type: 'start',
      position: { x: 250, y: 100 },
      data: { label: 'Inicio do fluxo' },
      measured: { width: 180, height: 40 },
    });
    expect(payload.nodes[2]?.data).toEqual({ label: 'Olá {{nome}}' });
    expect(payload.connections[0]).toEqual({
      id: 'e1',
      source: '1',
      target: 'menuAAAAAAAAAAAAAAAAAAAAAAAAAA',
      sourceHandle: null,
      targetHandle: null,
    });
  });

  it('is a graph the server accepts, and reads back as the same canvas', () => {
    const { nodes, edges } = drawn();
    const payload = toPayload('flow-1', nodes, edges);
    const parsed = v.parse(FlowGraphInput, payload);
    expect(validateFlowGraph(parsed)).toEqual([]);
    const back = fromStored(JSON.parse(JSON.stringify(parsed)));
    expect(toPayload('flow-1', back.nodes, back.edges)).toEqual(payload);
  });

  it('makes every dialog’s data valid node data', () => {
    const nodes = [
      startNode(),
      at('i', 'interval', intervalData({ sec: '30' })),
      at(
        'o',
        'openai',
        openAiData({ ...openAiForm(), name: 'Assistente', prompt: 'Seja gentil', apiKey: 'sk-1' }, 'create'),
      ),
    ];
    const graph = v.parse(FlowGraphInput, toPayload('f', nodes, []));
    expect(validateFlowGraph(graph)).toEqual([]);
    expect(nodes[1]?.data).toEqual({ label: 'Intervalo 30 seg.', sec: 30 });
    expect(nodes[2]?.data).toMatchObject({
      typebotIntegration: {
        name: 'Assistente',
        projectName: 'Assistente',
        voice: 'texto',
        maxTokens: 100,
        temperature: 1,
        maxMessages: 10,
      },
    });
  });

  it('starts a flow never drawn with the start node alone', () => {
    const fresh = fromStored(null);
    expect(fresh.nodes).toHaveLength(1);
    expect(fresh.nodes[0]).toMatchObject({
      id: '1',
      type: 'start',
      position: { x: 250, y: 100 },
      deletable: false,
    });
    expect(fresh.edges).toEqual([]);
  });
});

describe('editing the canvas', () => {
  it('deleting a node removes every edge attached to it; the start node stays', () => {
    const { nodes, edges } = drawn();
    const after = removeNode(nodes, edges, 'menuAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(after.nodes.map((n) => n.id)).not.toContain('menuAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(after.edges).toEqual([]);
    expect(removeNode(nodes, edges, '1').nodes).toHaveLength(4);
  });

  it('duplicating gives a new id, 240 px right of the rightmost node, without the old error', () => {
    const { nodes } = drawn();
    const after = duplicateNode(nodes, 'msgBBBBBBBBBBBBBBBBBBBBBBBBBBB', 'copy');
    const copy = after.at(-1);
    expect(copy).toMatchObject({
      id: 'copy',
      type: 'message',
      position: { x: 1040, y: 100 },
      data: { label: 'Olá {{nome}}' },
    });
    expect(copy?.data).not.toHaveProperty('error');
    expect(duplicateNode(nodes, '1')).toHaveLength(4);
  });

  it('a menu that loses an option loses the edge of that option', () => {
    const { nodes, edges } = drawn();
    const menu = nodes[1] as FlowNode;
    const shorter = nodes.map((n) =>
      n === menu ? { ...menu, data: menuData({ message: 'Escolha', options: [{ value: 'Vendas' }] }) } : n,
    ) as FlowNode[];
    expect(withoutStaleHandles(shorter, edges).map((e) => e.id)).toEqual(['e1', 'e2']);
  });

  it('a refused save marks each offending node with its first complaint', () => {
    const { nodes } = drawn();
    const marked = markFindings(
      nodes,
      [
        { nodeId: 'menuAAAAAAAAAAAAAAAAAAAAAAAAAA', code: 'MENU_OPTION_UNCONNECTED', message: 'option 2' },
        { nodeId: 'menuAAAAAAAAAAAAAAAAAAAAAAAAAA', code: 'EMPTY_MESSAGE', message: 'x' },
        { nodeId: null, code: 'MISSING_START', message: 'no start' },
      ],
      (f) => `${f.code}!`,
    );
    expect(marked.nodes[1]?.data).toMatchObject({ error: 'MENU_OPTION_UNCONNECTED!' });
    expect(marked.nodes[2]?.data).not.toHaveProperty('error');
    expect(marked.general).toEqual(['MISSING_START!']);
  });
});
