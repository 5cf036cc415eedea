import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N = 2^log2N, block size r, parallelism p. */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/** OWASP's password storage guidance for scrypt (N=2^17, r=8, p=1): about 128 MiB and 0.1–0.4 s a hash. */
export const RECOMMENDED_SCRYPT_COST: ScryptCost = { log2N: 17, r: 8, p: 1 };
/** Hashes written before the cost was stored in them used Node's defaults. */
const LEGACY_COST: ScryptCost = { log2N: 14, r: 8, p: 1 };

let current: ScryptCost = RECOMMENDED_SCRYPT_COST;

/** Set once at start-up from the configuration (tests lower N to stay fast; production never does). */
export function setPasswordHashCost(log2N: number) {
  current = { ...RECOMMENDED_SCRYPT_COST, log2N };
}

// At most two hashes at once: each takes 128 MiB and a thread of libuv's pool (4 by default, shared
// with file I/O), so a burst of logins queues here instead of taking the memory and the pool.
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((go) => waiting.push(go));
  else running++;
  const N = 2 ** cost.log2N;
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scryptCb(
        password,
        salt,
        length,
        // Node refuses above 32 MiB by default; scrypt needs 128·N·r bytes.
        { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
        (err, key) => (err ? reject(err) : resolve(key)),
      ),
    );
  } finally {
    // The slot passes straight to the next waiter, or frees up.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * scrypt from Node's crypto: a memory-hard hash without a native dependency.
 * Format `scrypt$ln=17,r=8,p=1$salt$hash` (the cost travels with the hash, so raising it later leaves
 * old hashes verifiable); the older `scrypt$salt$hash` is read with Node's default cost.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, current);
  const { log2N, r, p } = current;
  return `scrypt$ln=${log2N},r=${r},p=${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  if (parts.length === 3) {
    const [, salt, hash] = parts;
    if (!salt || !hash) return null;
    return { cost: LEGACY_COST, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
  }
  if (parts.length !== 4) return null;
  const m = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(parts[1] ?? '');
  if (!m || !parts[2] || !parts[3]) return null;
  const cost = { log2N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  // A stored cost beyond this would be a hash this code never wrote (and a memory bomb).
  if (cost.log2N < 1 || cost.log2N > 20 || cost.r < 1 || cost.r > 16 || cost.p < 1 || cost.p > 4) return null;
  return { cost, salt: Buffer.from(parts[2], 'base64'), hash: Buffer.from(parts[3], 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await checkPassword(password, stored)).valid;
}

/**
 * Verifies a password; `rehash` says the stored hash is weaker than today's cost, so the caller should
 * store a new hash now that it knows the password.
 */
export async function checkPassword(
  password: string,
  stored: string,
): Promise<{ valid: boolean; rehash: boolean }> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.hash.length === 0) {
    // Same work as a real check, so a missing or broken hash does not answer faster.
    await scrypt(password, randomBytes(16), 32, current);
    return { valid: false, rehash: false };
  }
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, parsed.cost);
  const valid = timingSafeEqual(actual, parsed.hash);
  const weaker = parsed.cost.log2N < current.log2N || parsed.cost.r < current.r || parsed.cost.p < current.p;
  return { valid, rehash: valid && weaker };
}
