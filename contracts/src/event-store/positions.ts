// An event's place in the store's global order, as both adapters write it: two unsigned integers
// "major:minor" (PostgreSQL: transaction id and global position; EventStoreDB: commit and prepare
// positions), ordered as a pair. Here, beside the contracts, so that a workflow can tell which of two
// recorded facts came first without asking the store (it may not do I/O).

const parse = (p: string): [bigint, bigint] => {
  const [major, minor, rest] = p.split(':');
  if (rest !== undefined || !/^\d+$/.test(major ?? '') || !/^\d+$/.test(minor ?? ''))
    throw new Error(`not an event store position: ${p}`);
  return [BigInt(major as string), BigInt(minor as string)];
};

/** Negative when `a` was recorded before `b`, 0 for the same place, positive after. */
export function comparePositions(a: string, b: string): number {
  const [a1, a2] = parse(a);
  const [b1, b2] = parse(b);
  if (a1 !== b1) return a1 < b1 ? -1 : 1;
  return a2 === b2 ? 0 : a2 < b2 ? -1 : 1;
}
