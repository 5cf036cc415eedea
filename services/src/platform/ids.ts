import { createHash, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** A name-based (v5-style) uuid: the same name always gives the same id, e.g. one message id per
 * WhatsApp message id, which makes redelivery a no-op. */
export function idFromName(namespace: string, name: string): string {
  const h = createHash('sha1').update(`${namespace}\u0000${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
