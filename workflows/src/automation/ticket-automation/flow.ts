import type { ContentElement, FlowGraph, FlowNode } from '@zelo/contracts/flows/graph';

// Pure helpers over a saved flow graph (contracts/src/flows/graph.ts), bundled into the workflow: which
// edge leaves a node, how a menu reads, how `{{variables}}` fill a text, how a condition compares.
// The handle names are graph.ts's (menuHandle, RANDOMIZER_HANDLES, CONDITION_HANDLES), restated here
// because the workflow bundle imports only types from contracts.

export const START_NODE_ID = '1';
export const menuHandle = (n: number) => `a${n}`;
export const RANDOMIZER_HANDLES = { chosen: 'a', rest: 'b' } as const;
export const CONDITION_HANDLES = { met: 'true', unmet: 'false' } as const;

export const nodeById = (graph: FlowGraph, id: string): FlowNode | null =>
  graph.nodes.find((n) => n.id === id) ?? null;

/** The node an edge from `nodeId` leads to (through `handle` for menus, randomizers and conditions). */
export function nextNodeId(graph: FlowGraph, nodeId: string, handle?: string): string | null {
  const edge = graph.connections.find(
    (e) => e.source === nodeId && (handle === undefined || e.sourceHandle === handle),
  );
  return edge?.target ?? null;
}

/** `{{key}}` replaced by the run's variables; a name the run does not know is left for the send's own variables. */
export const fillVariables = (text: string, variables: Record<string, string>) =>
  text.replace(/\{\{\s*([\p{L}\p{N}_.-]+)\s*\}\}/gu, (whole, key: string) =>
    Object.hasOwn(variables, key) ? variables[key] : whole,
  );

type Menu = Extract<FlowNode, { type: 'menu' }>['data'];

/** The menu as the customer reads it: its message, then one line per option. */
export const menuText = (menu: Menu) =>
  [menu.message, menu.arrayOption.map((o) => `*[ ${o.number} ]* - ${o.value}`).join('\n')].join('\n\n');

/** The option a reply chooses: its number, as typed (`2`, ` 2 `, `*2*`); null repeats the menu. */
export function chosenOption(menu: Menu, reply: string): number | null {
  const n = Number(reply.replace(/[*\s[\]]/g, ''));
  return menu.arrayOption.some((o) => o.number === n) ? n : null;
}

type Condition = Extract<FlowNode, { type: 'condition' }>['data'];

export function conditionMet(c: Condition, variables: Record<string, string>): boolean {
  const actual = (variables[c.key] ?? '').trim();
  const expected = (c.value ?? '').trim();
  const lower = (s: string) => s.toLocaleLowerCase('pt-BR');
  switch (c.condition) {
    case 'equals':
      return lower(actual) === lower(expected);
    case 'notEquals':
      return lower(actual) !== lower(expected);
    case 'contains':
      return lower(actual).includes(lower(expected));
    case 'greaterThan':
      return Number(actual) > Number(expected);
    case 'lessThan':
      return Number(actual) < Number(expected);
  }
}

/** A content node's cards in the editor's `seq` order (cards `seq` does not name follow, as stored). */
export function orderedElements(block: { seq: string[]; elements: ContentElement[] }): ContentElement[] {
  const rank = (e: ContentElement) => {
    const i = block.seq.indexOf(e.number);
    return i < 0 ? block.seq.length : i;
  };
  return block.elements
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map((x) => x.e);
}

export const MEDIA_TYPES = { img: 'image', audio: 'audio', video: 'video' } as const;
