import { DomainError } from '@zelo/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from '../platform/db.ts';
import type { Migration } from '../platform/migrate.ts';

// Two throttles:
// - per address, on the public calls that cost (login, sign-up, password reset): @fastify/rate-limit,
//   registered once for the whole app; a route opts in with `config: perAddressLimit(...)`;
// - per account and per address on failed logins, counted in the database so that every API process
//   and a restart see the same counts.

export const loginThrottleMigrations: Migration[] = [
  {
    id: 'auth/004-login-failures',
    sql: `
      CREATE TABLE auth_login_failures (key text NOT NULL, at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX auth_login_failures_key ON auth_login_failures (key, at);`,
  },
];

/**
 * A route's per-address request limit, as a route `config`:
 * `app.post('/forgetpassword/:email', { config: perAddressLimit('forget-password', 5, 15 * 60_000) }, ...)`.
 * Over the limit the route answers 429 ERR_RATE_LIMITED with Retry-After. The address is the client's
 * as Fastify sees it: set TRUST_PROXY behind a reverse proxy, or every client shares the proxy's.
 */
export function perAddressLimit(name: string, max: number, timeWindowMs: number) {
  return {
    rateLimit: {
      max,
      timeWindow: timeWindowMs,
      keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
    },
  };
}

/** Failed logins allowed per window: per account (e-mail) and per address. */
export interface LoginThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export const LOGIN_THROTTLE: LoginThrottleLimits = { perAccount: 10, perAddress: 100, windowMs: 15 * 60_000 };

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Refuses the attempt, before the password is even checked, once the account or the address has
 * `limits` failures in the window: 429 ERR_TOO_MANY_LOGIN_ATTEMPTS with Retry-After (seconds until the
 * oldest counted failure leaves the window).
 */
export async function assertLoginAllowed(
  pool: Pool,
  reply: FastifyReply,
  who: { email: string; ip: string },
  limits: LoginThrottleLimits = LOGIN_THROTTLE,
) {
  const { rows } = await pool.query(
    `SELECT k.key, k.max,
            (SELECT at FROM auth_login_failures f
              WHERE f.key = k.key AND f.at > now() - make_interval(secs => $5::double precision / 1000)
              ORDER BY at DESC OFFSET k.max - 1 LIMIT 1) AS blocking,
            now() AS now
       FROM (VALUES ($1::text, $2::int), ($3::text, $4::int)) AS k(key, max)`,
    [accountKey(who.email), limits.perAccount, addressKey(who.ip), limits.perAddress, limits.windowMs],
  );
  const blocked = rows.filter((r) => r.blocking);
  if (blocked.length === 0) return;
  const retryAfter = Math.max(
    1,
    ...blocked.map((r) =>
      Math.ceil((new Date(r.blocking).getTime() + limits.windowMs - new Date(r.now).getTime()) / 1000),
    ),
  );
  reply.header('retry-after', String(retryAfter));
  throw new DomainError(
    'ERR_TOO_MANY_LOGIN_ATTEMPTS',
    `too many failed logins, try again in ${retryAfter} s`,
    { retryAfter },
  );
}

export async function recordLoginFailure(
  pool: Pool,
  who: { email: string; ip: string },
  limits: LoginThrottleLimits = LOGIN_THROTTLE,
) {
  const keys = [accountKey(who.email), addressKey(who.ip)];
  await pool.query(
    // Failures older than the window count for nothing: each insert sweeps them (the table stays small).
    `WITH gone AS (DELETE FROM auth_login_failures
                    WHERE at <= now() - make_interval(secs => $2::double precision / 1000))
     INSERT INTO auth_login_failures (key) SELECT unnest($1::text[])`,
    [keys, limits.windowMs],
  );
}

/** A successful login clears its account's count (the address keeps its own). */
export async function clearAccountFailures(pool: Pool, email: string) {
  await pool.query('DELETE FROM auth_login_failures WHERE key = $1', [accountKey(email)]);
}
