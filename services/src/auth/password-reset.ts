import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@zelo/contracts/errors';
import type { Clock } from '../platform/clock.ts';
import type { Pool } from '../platform/db.ts';
import type { Migration } from '../platform/migrate.ts';

// Reset codes are credentials, not domain facts: a plain table, one live code per e-mail, and only an
// HMAC of it (keyed by a server secret) is stored, so the table alone does not give the codes away.

export const passwordResetMigrations: Migration[] = [
  {
    id: 'auth/005-password-resets',
    sql: `
      CREATE TABLE auth_password_resets (
        email text PRIMARY KEY, user_id uuid NOT NULL, company_id uuid NOT NULL, code_hash text NOT NULL,
        expires_at timestamptz NOT NULL, attempts integer NOT NULL DEFAULT 0
      );
      CREATE TABLE auth_password_reset_requests (email text NOT NULL, at timestamptz NOT NULL);
      CREATE INDEX auth_password_reset_requests_email ON auth_password_reset_requests (email, at);`,
  },
];

export const PASSWORD_RESET = {
  /** How long an e-mailed code is good for. */
  ttlMs: 15 * 60_000,
  /** Wrong codes that burn the live code. */
  maxAttempts: 5,
  /** Codes requested per e-mail and window (every request sends an e-mail to that inbox). */
  requestsPerEmail: 3,
  requestWindowMs: 15 * 60_000,
};

const hashCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`${email}\n${code}`).digest();

/** Six digits, from the system's cryptographic random source. */
export const newResetCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Counts a code request for `email`; past the per-e-mail limit it is not counted and the answer is the
 * seconds until one is allowed again (else null). Requests older than the window are swept by each call.
 */
export async function countResetRequest(pool: Pool, clock: Clock, email: string): Promise<number | null> {
  const now = clock.now();
  const since = new Date(now.getTime() - PASSWORD_RESET.requestWindowMs);
  const { rows } = await pool.query(
    `WITH gone AS (DELETE FROM auth_password_reset_requests WHERE at <= $3),
          counted AS (SELECT count(*)::int AS n, min(at) AS oldest FROM auth_password_reset_requests
                       WHERE email = $1 AND at > $3),
          added AS (INSERT INTO auth_password_reset_requests (email, at)
                    SELECT $1, $2 FROM counted WHERE n < $4)
     SELECT n, oldest FROM counted`,
    [email, now, since, PASSWORD_RESET.requestsPerEmail],
  );
  const { n, oldest } = rows[0];
  if (n < PASSWORD_RESET.requestsPerEmail) return null;
  return Math.max(
    1,
    Math.ceil((new Date(oldest).getTime() + PASSWORD_RESET.requestWindowMs - now.getTime()) / 1000),
  );
}

/** Stores a new code for the e-mail, replacing any earlier one (only the newest e-mailed code works). */
export async function storeResetCode(
  pool: Pool,
  clock: Clock,
  secret: string,
  reset: { email: string; userId: string; companyId: string; code: string },
) {
  await pool.query(
    `INSERT INTO auth_password_resets (email, user_id, company_id, code_hash, expires_at, attempts)
     VALUES ($1, $2, $5, $3, $4, 0)
     ON CONFLICT (email) DO UPDATE SET user_id = $2, company_id = $5, code_hash = $3, expires_at = $4, attempts = 0`,
    [
      reset.email,
      reset.userId,
      hashCode(secret, reset.email, reset.code).toString('base64url'),
      new Date(clock.now().getTime() + PASSWORD_RESET.ttlMs),
      reset.companyId,
    ],
  );
}

/** Forgets the code (its e-mail could not be sent): unless a newer request replaced it meanwhile. */
export async function dropResetCode(pool: Pool, secret: string, email: string, code: string) {
  await pool.query('DELETE FROM auth_password_resets WHERE email = $1 AND code_hash = $2', [
    email,
    hashCode(secret, email, code).toString('base64url'),
  ]);
}

/**
 * Checks the code and, when right and fresh, runs `use(userId)` (the password change) and burns the
 * code, all under the code's row lock: two requests with one code change the password once, and a
 * failed change leaves the code as it was. A wrong code counts an attempt; the fifth burns the code.
 * Wrong, expired, burnt or never asked: 400 ERR_INVALID_RESET_CODE, the same answer for each.
 */
export async function redeemResetCode<T>(
  pool: Pool,
  clock: Clock,
  secret: string,
  attempt: { email: string; code: string },
  use: (user: { id: string; companyId: string }) => Promise<T>,
): Promise<T> {
  const invalid = () => new DomainError('ERR_INVALID_RESET_CODE', 'invalid or expired code');
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(
      `SELECT user_id AS "userId", company_id AS "companyId", code_hash AS "codeHash", expires_at AS "expiresAt", attempts
         FROM auth_password_resets WHERE email = $1 FOR UPDATE`,
      [attempt.email],
    );
    const row = rows[0];
    if (!row) throw invalid();
    if (new Date(row.expiresAt).getTime() <= clock.now().getTime()) {
      await client.query('DELETE FROM auth_password_resets WHERE email = $1', [attempt.email]);
      await client.query('COMMIT');
      throw invalid();
    }
    const expected = Buffer.from(row.codeHash, 'base64url');
    const given = hashCode(secret, attempt.email, attempt.code);
    if (!timingSafeEqual(expected, given)) {
      if (row.attempts + 1 >= PASSWORD_RESET.maxAttempts)
        await client.query('DELETE FROM auth_password_resets WHERE email = $1', [attempt.email]);
      else
        await client.query('UPDATE auth_password_resets SET attempts = attempts + 1 WHERE email = $1', [
          attempt.email,
        ]);
      await client.query('COMMIT');
      throw invalid();
    }
    const result = await use({ id: row.userId, companyId: row.companyId });
    await client.query('DELETE FROM auth_password_resets WHERE email = $1', [attempt.email]);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
