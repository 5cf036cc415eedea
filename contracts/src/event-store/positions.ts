// An event's place in the store's global order, as both adapters write it: two unsigned integers
// "major:minor" (PostgreSQL: transaction id and global position; EventStoreDB: commit and prepare
// positions, zero-padded), ordered as a pair. Here, beside the contracts, so that a workflow can tell
// which of two recorded facts came first without asking the store (it may not do I/O).
//
// On the hot path (a projection runner compares every event's position with its checkpoint), so it
// compares the digits as text, with no parsing: fewer significant digits is smaller, and among numbers
// of as many digits the text order is the numeric order.

const ZERO = 48;
const NINE = 57;

/** Negative when `a` was recorded before `b`, 0 for the same place, positive after. */
export function comparePositions(a: string, b: string): number {
  const ca = a.indexOf(':');
  const cb = b.indexOf(':');
  return (
    compareDigits(a, 0, checked(a, ca), b, 0, checked(b, cb)) ||
    compareDigits(a, ca + 1, a.length, b, cb + 1, b.length)
  );
}

/** The colon's index, once the position is two non-empty runs of digits around it. */
function checked(p: string, colon: number): number {
  let ok = colon > 0 && colon < p.length - 1;
  for (let i = 0; ok && i < p.length; i++) {
    const c = p.charCodeAt(i);
    ok = i === colon || (c >= ZERO && c <= NINE);
  }
  if (!ok) throw new Error(`not an event store position: ${p}`);
  return colon;
}

function compareDigits(a: string, fromA: number, toA: number, b: string, fromB: number, toB: number): number {
  while (fromA < toA - 1 && a.charCodeAt(fromA) === ZERO) fromA++;
  while (fromB < toB - 1 && b.charCodeAt(fromB) === ZERO) fromB++;
  if (toA - fromA !== toB - fromB) return toA - fromA < toB - fromB ? -1 : 1;
  for (; fromA < toA; fromA++, fromB++) {
    const d = a.charCodeAt(fromA) - b.charCodeAt(fromB);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}
