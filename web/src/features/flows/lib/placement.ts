import { START_NODE_ID } from './node-ids.ts';

/** The little of a node that placement needs: where it is and, once drawn, how wide. */
export interface Placed {
  id: string;
  position: { x: number; y: number };
  width?: number;
  measured?: { width?: number; height?: number };
}

/** Doc 2 §2.16, §9: the start node, at (250,100). */
export const START_POSITION = { x: 250, y: 100 };
/** Doc 2 §4: a new node goes 40 px right of the last node's right edge, at its y. */
export const NEW_NODE_GAP = 40;
/** Doc 2 §4, §9: a duplicate goes 240 px right of the rightmost node. */
export const DUPLICATE_OFFSET = 240;
/** A node not yet measured by the canvas counts as this wide. */
export const DEFAULT_NODE_WIDTH = 200;

const widthOf = (n: Placed) => n.measured?.width ?? n.width ?? DEFAULT_NODE_WIDTH;

/** Create mode: 40 px right of the last node's right edge, at the last node's y. */
export function positionForNew(nodes: readonly Placed[]): { x: number; y: number } {
  const last = nodes.at(-1);
  if (!last) return { ...START_POSITION };
  return { x: last.position.x + widthOf(last) + NEW_NODE_GAP, y: last.position.y };
}

/** Duplicate: 240 px right of the rightmost node, at the copied node's y. */
export function positionForDuplicate(nodes: readonly Placed[], original: Placed): { x: number; y: number } {
  const rightmost = nodes.reduce((max, n) => Math.max(max, n.position.x), original.position.x);
  return { x: rightmost + DUPLICATE_OFFSET, y: original.position.y };
}

/**
 * Edit mode replaces the node with the same id where it stands (keeping its place in the list);
 * create mode appends. Re-adding the start node replaces any node with id '1'.
 */
export function upsertNode<N extends Placed>(nodes: readonly N[], node: N): N[] {
  const at = nodes.findIndex((n) => n.id === node.id);
  if (at === -1) return [...nodes, node];
  return nodes.map((n, i) => (i === at ? node : n));
}

export const isStart = (node: { id: string }) => node.id === START_NODE_ID;
