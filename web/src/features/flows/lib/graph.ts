import { type FlowGraphFinding, menuHandle } from '@zelo/contracts/flows/graph';
import type { FlowEdge, FlowNode } from './node-data.ts';
import { randomNodeId, START_NODE_ID } from './node-ids.ts';
import { positionForDuplicate, START_POSITION } from './placement.ts';

/** Doc 2 §2.16: the canvas of a new flow holds only the start node. */
export const startNode = (label = 'Inicio do fluxo'): FlowNode => ({
  id: START_NODE_ID,
  type: 'start',
  position: { ...START_POSITION },
  data: { label },
  deletable: false,
});

/** The body of POST /flowbuilder/flow (doc 2 §7): the canvas without what only drawing needs. */
export function toPayload(idFlow: string, nodes: readonly FlowNode[], edges: readonly FlowEdge[]) {
  return {
    idFlow,
    nodes: nodes.map((n) => {
      const { error: _error, ...data } = n.data as Record<string, unknown>;
      return {
        id: n.id,
        type: n.type,
        position: { x: n.position.x, y: n.position.y },
        data,
        ...(n.style ? { style: n.style as Record<string, unknown> } : {}),
        ...(n.measured ? { measured: { width: n.measured.width, height: n.measured.height } } : {}),
      };
    }),
    connections: edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
    })),
  };
}
export type FlowPayload = ReturnType<typeof toPayload>;

/** The canvas of a stored flow (GET /flowbuilder/flow/{id}: `flow.flow`, null for a flow never drawn). */
export function fromStored(stored: { nodes?: unknown; connections?: unknown } | null | undefined): {
  nodes: FlowNode[];
  edges: FlowEdge[];
} {
  const nodes = Array.isArray(stored?.nodes) ? (stored.nodes as FlowNode[]) : [];
  const edges = Array.isArray(stored?.connections) ? (stored.connections as FlowEdge[]) : [];
  if (nodes.length === 0) return { nodes: [startNode()], edges: [] };
  return {
    nodes: nodes.map(
      (n) =>
        ({ ...n, data: { ...n.data }, ...(n.id === START_NODE_ID ? { deletable: false } : {}) }) as FlowNode,
    ),
    edges: edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
    })),
  };
}

/**
 * A refused save (400 ERR_INVALID_FLOW, details [{nodeId, code, message}]) marks each offending node
 * with its first complaint; nodes without one lose an old mark. Graph-wide findings are returned.
 */
export function markFindings(
  nodes: readonly FlowNode[],
  findings: readonly FlowGraphFinding[],
  describe: (f: FlowGraphFinding) => string,
): { nodes: FlowNode[]; general: string[] } {
  const byNode = new Map<string, string>();
  const general: string[] = [];
  for (const f of findings) {
    if (f.nodeId && nodes.some((n) => n.id === f.nodeId)) {
      if (!byNode.has(f.nodeId)) byNode.set(f.nodeId, describe(f));
    } else general.push(describe(f));
  }
  return { nodes: nodes.map((n) => withError(n, byNode.get(n.id))), general };
}

/** The node without (or with) its save complaint. */
export function withError(node: FlowNode, error?: string): FlowNode {
  const { error: old, ...rest } = node.data as Record<string, unknown>;
  if (old === error) return node;
  return { ...node, data: error ? { ...rest, error } : rest } as FlowNode;
}

/** Doc 2 §2.16: deleting a node removes every edge attached to it; the start node stays. */
export function removeNode(nodes: readonly FlowNode[], edges: readonly FlowEdge[], id: string) {
  if (id === START_NODE_ID) return { nodes: [...nodes], edges: [...edges] };
  return {
    nodes: nodes.filter((n) => n.id !== id),
    edges: edges.filter((e) => e.source !== id && e.target !== id),
  };
}

/** Doc 2 §4: a copy with a new id, 240 px right of the rightmost node; the start node is not copied. */
export function duplicateNode(nodes: readonly FlowNode[], id: string, newId = randomNodeId()): FlowNode[] {
  const original = nodes.find((n) => n.id === id);
  if (!original || original.id === START_NODE_ID) return [...nodes];
  const { error: _error, ...data } = original.data as Record<string, unknown>;
  const copy = {
    id: newId,
    type: original.type,
    position: positionForDuplicate(nodes, original),
    data: structuredClone(data),
  } as FlowNode;
  return [...nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), copy];
}

/** An edge id for a new connection, unique per source handle and target. */
export const edgeId = (c: { source: string; sourceHandle?: string | null; target: string }) =>
  `reactflow__edge-${c.source}${c.sourceHandle ?? ''}-${c.target}`;

/** After a menu is edited: the edges that left through an option it no longer has go too. */
export function withoutStaleHandles(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): FlowEdge[] {
  const menus = new Map<string, Set<string>>();
  for (const n of nodes)
    if (n.type === 'menu') menus.set(n.id, new Set(n.data.arrayOption.map((o) => menuHandle(o.number))));
  return edges.filter((e) => {
    const handles = menus.get(e.source);
    return !handles || (!!e.sourceHandle && handles.has(e.sourceHandle));
  });
}
