const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Doc 2 §3, §9: a node id is 30 random letters and digits; the start node alone is '1'. */
export const NODE_ID_LENGTH = 30;
export const START_NODE_ID = '1';

/** `random` returns 0 <= n < 1 (injected in tests); the browser's crypto otherwise. */
export function randomNodeId(random: () => number = cryptoRandom): string {
  let id = '';
  for (let i = 0; i < NODE_ID_LENGTH; i++) id += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return id;
}

function cryptoRandom(): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return (buf[0] ?? 0) / 2 ** 32;
}
