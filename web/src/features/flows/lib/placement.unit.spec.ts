import { describe, expect, it } from 'vitest';
import { NODE_ID_LENGTH, randomNodeId } from './node-ids.ts';
import { positionForDuplicate, positionForNew, START_POSITION, upsertNode } from './placement.ts';

const node = (id: string, x: number, y: number, width?: number) => ({
  id,
  position: { x, y },
  ...(width ? { measured: { width } } : {}),
});

describe('node ids (doc 2 §3)', () => {
  it('are 30 letters and digits, different each time', () => {
    const ids = Array.from({ length: 50 }, () => randomNodeId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(new Set(ids).size).toBe(50);
    expect(NODE_ID_LENGTH).toBe(30);
  });

  it('take their characters from the random source given', () => {
    expect(randomNodeId(() => 0)).toBe('A'.repeat(30));
    expect(randomNodeId(() => 0.9999)).toBe('9'.repeat(30));
  });
});

describe('placing nodes (doc 2 §4)', () => {
  it('puts a new node 40 px right of the last node’s right edge, at its y', () => {
    const nodes = [node('1', 250, 100, 180), node('b', 600, 340, 220)];
    expect(positionForNew(nodes)).toEqual({ x: 600 + 220 + 40, y: 340 });
  });

  it('counts an unmeasured node as 200 px wide', () => {
    expect(positionForNew([node('1', 250, 100)])).toEqual({ x: 490, y: 100 });
  });

  it('starts an empty canvas at the start position', () => {
    expect(positionForNew([])).toEqual(START_POSITION);
    expect(START_POSITION).toEqual({ x: 250, y: 100 });
  });

  it('puts a duplicate 240 px right of the rightmost node, at the original’s y', () => {
    const nodes = [node('1', 250, 100), node('far', 900, 50), node('orig', 400, 300)];
    expect(positionForDuplicate(nodes, nodes[2] as (typeof nodes)[number])).toEqual({ x: 1140, y: 300 });
  });

  it('replaces the node with the same id in edit mode, keeping its place', () => {
    const nodes = [node('1', 0, 0), node('a', 10, 10), node('b', 20, 20)];
    const edited = upsertNode(nodes, { id: 'a', position: { x: 99, y: 99 } });
    expect(edited.map((n) => n.id)).toEqual(['1', 'a', 'b']);
    expect(edited[1]?.position).toEqual({ x: 99, y: 99 });
  });

  it('appends in create mode, and re-adding the start node replaces id 1', () => {
    const nodes = [node('1', 250, 100), node('a', 10, 10)];
    expect(upsertNode(nodes, node('c', 1, 1)).map((n) => n.id)).toEqual(['1', 'a', 'c']);
    const again = upsertNode(nodes, node('1', 250, 100));
    expect(again.filter((n) => n.id === '1')).toHaveLength(1);
    expect(again).toHaveLength(2);
  });
});
