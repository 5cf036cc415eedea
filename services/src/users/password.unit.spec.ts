import { randomBytes, scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPassword, hashPassword, RECOMMENDED_SCRYPT_COST, setPasswordHashCost } from './password.ts';

// Password hashes at today's OWASP cost for scrypt (N=2^17, r=8, p=1), the cost stored in each hash so
// that older, cheaper hashes still verify and get replaced at the next login.

describe('password hashes', () => {
  afterEach(() => setPasswordHashCost(RECOMMENDED_SCRYPT_COST.log2N));

  it('are written at N=2^17, r=8, p=1 by default, and the cost is in the hash', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await checkPassword('correct horse', hash)).toEqual({ valid: true, rehash: false });
    expect(await checkPassword('wrong horse', hash)).toEqual({ valid: false, rehash: false });
  });

  it('an old hash (Node defaults, no cost stored) still verifies and asks to be rehashed', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64')}$${scryptSync('admin123', salt, 32).toString('base64')}`;
    expect(await checkPassword('admin123', legacy)).toEqual({ valid: true, rehash: true });
    // A wrong password never asks for a rehash (nothing is known to hash).
    expect(await checkPassword('admin124', legacy)).toEqual({ valid: false, rehash: false });
  });

  it('a lowered cost (tests) writes cheaper hashes that the default cost verifies and upgrades', async () => {
    setPasswordHashCost(12);
    const cheap = await hashPassword('senha123');
    expect(cheap.startsWith('scrypt$ln=12,r=8,p=1$')).toBe(true);
    setPasswordHashCost(17);
    expect(await checkPassword('senha123', cheap)).toEqual({ valid: true, rehash: true });
  });

  it('a broken or absurd stored hash is invalid, never a crash or a memory bomb', async () => {
    for (const stored of ['', 'scrypt$', 'bcrypt$x$y', 'scrypt$ln=30,r=8,p=1$AAAA$AAAA', 'scrypt$ln=x$a$b']) {
      expect(await checkPassword('x', stored)).toEqual({ valid: false, rehash: false });
    }
  });
});
