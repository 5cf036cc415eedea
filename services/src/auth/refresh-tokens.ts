import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from '../platform/db.ts';
import { newId } from '../platform/ids.ts';
import type { Migration } from '../platform/migrate.ts';
import { passwordResetMigrations } from './password-reset.ts';
import { announceSessionChanges, sessionMigrations } from './sessions.ts';
import { loginThrottleMigrations } from './throttle.ts';

// Refresh tokens are sessions, not domain facts: they live in a plain table. Only a hash is stored.
// Each refresh rotates the token; presenting a token that was already rotated means it leaked, and
// the whole family (every descendant of that login) is revoked, unless it was rotated moments ago
// (REUSE_GRACE_SECONDS): two tabs restored at once, or a reload that cut the answer carrying the new
// cookie, present the same token twice within a second or two, and that is no theft.
export const refreshTokenMigrations: Migration[] = [
  {
    id: 'auth/001-refresh-tokens',
    sql: `
      CREATE TABLE auth_refresh_tokens (
        token_hash text PRIMARY KEY, family_id uuid NOT NULL, user_id uuid NOT NULL,
        expires_at timestamptz NOT NULL, used_at timestamptz, revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX auth_refresh_tokens_family ON auth_refresh_tokens (family_id);`,
  },
  // The rest of auth's tables (secrets, session versions, login failures, reset codes) migrate after these.
  ...sessionMigrations,
  ...loginThrottleMigrations,
  ...passwordResetMigrations,
  {
    // Long-expired tokens are swept a handful at a time as new ones are issued (issueRefreshToken).
    id: 'auth/006-refresh-tokens-expiry',
    sql: 'CREATE INDEX auth_refresh_tokens_expiry ON auth_refresh_tokens (expires_at);',
  },
];

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * How long a rotated token may be presented again and still buy a fresh one (a sibling in its family).
 * Identity providers use the same window (Okta's grace period, Auth0's reuse interval); past it, a
 * reuse revokes the family as before.
 */
export const REUSE_GRACE_SECONDS = 30;

/** Removed once expired a day ago: reuse detection no longer needs them, nor do access tokens (minutes). */
const SWEEP_AFTER = "interval '1 day'";
const SWEEP_BATCH = 100;

export async function issueRefreshToken(
  pool: Pool,
  userId: string,
  ttlDays: number,
  familyId = newId(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Each issue sweeps a bounded handful of long-expired tokens: the table keeps only live sessions.
  await pool.query(
    `WITH gone AS (
       DELETE FROM auth_refresh_tokens WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM auth_refresh_tokens WHERE expires_at < now() - ${SWEEP_AFTER} LIMIT ${SWEEP_BATCH})))
     INSERT INTO auth_refresh_tokens (token_hash, family_id, user_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
    [hash(token), familyId, userId, ttlDays],
  );
  return token;
}

export type RotateResult =
  | { ok: true; userId: string; familyId: string; token: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export async function rotateRefreshToken(pool: Pool, token: string, ttlDays: number): Promise<RotateResult> {
  // Marking used is the atomic step. A token used within the grace window passes again (its first
  // use keeps its time, so the window never stretches); it buys a sibling of the token issued then.
  const { rows } = await pool.query(
    `UPDATE auth_refresh_tokens SET used_at = coalesce(used_at, now())
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
        AND (used_at IS NULL OR used_at > now() - make_interval(secs => $2))
      RETURNING user_id, family_id`,
    [hash(token), REUSE_GRACE_SECONDS],
  );
  if (rows[0]) {
    const next = await issueRefreshToken(pool, rows[0].user_id, ttlDays, rows[0].family_id);
    return { ok: true, userId: rows[0].user_id, familyId: rows[0].family_id, token: next };
  }
  const found = await pool.query(
    'SELECT family_id, used_at, revoked_at, expires_at FROM auth_refresh_tokens WHERE token_hash = $1',
    [hash(token)],
  );
  const t = found.rows[0];
  if (!t) return { ok: false, reason: 'unknown' };
  if (t.revoked_at) return { ok: false, reason: 'revoked' };
  if (t.used_at) {
    await revokeFamily(pool, t.family_id);
    return { ok: false, reason: 'reused' };
  }
  return { ok: false, reason: 'expired' };
}

/**
 * Ends one login: its refresh tokens stop working, and so do the access tokens issued from it (they
 * carry the family, see currentSession). The socket gateways hear it on the change feed and close that
 * login's sockets.
 */
export async function revokeFamily(pool: Pool, familyId: string) {
  const { rows } = await pool.query(
    `WITH revoked AS (
       UPDATE auth_refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL
       RETURNING user_id)
     SELECT DISTINCT u.id, u.company_id AS "companyId" FROM revoked r JOIN users u ON u.id = r.user_id`,
    [familyId],
  );
  await announceSessionChanges(pool, rows);
}

export async function revokeToken(pool: Pool, token: string) {
  const { rows } = await pool.query('SELECT family_id FROM auth_refresh_tokens WHERE token_hash = $1', [
    hash(token),
  ]);
  if (rows[0]) await revokeFamily(pool, rows[0].family_id);
}
