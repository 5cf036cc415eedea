import { createHmac, randomBytes } from 'node:crypto';
import { CHANGES_CHANNEL, type Change } from '@zelo/projections/runner';
import type { AccessTokenClaims, Viewer } from '../api/context.ts';
import type { Pool } from '../platform/db.ts';
import type { Migration } from '../platform/migrate.ts';

// A session is a refresh-token family (one login) and the access tokens issued from it. Access tokens
// carry the family (`sid`) and the user's session version (`v`); every request checks them against the
// user's current row, so deleting, demoting or re-passwording a user takes effect at once.
export const sessionMigrations: Migration[] = [
  {
    id: 'auth/002-secrets',
    sql: `CREATE TABLE auth_secrets (name text PRIMARY KEY, value text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());`,
  },
  {
    id: 'auth/003-user-sessions',
    sql: `
      -- version: access tokens issued before the last bump are refused, except those of kept_family
      -- (the session that changed its own password).
      CREATE TABLE auth_user_sessions (
        user_id uuid PRIMARY KEY, version integer NOT NULL, kept_family uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX auth_refresh_tokens_user ON auth_refresh_tokens (user_id) WHERE revoked_at IS NULL;`,
  },
];

/**
 * The signing secret: the configured one, else one generated on first start and kept in the database.
 * Insert-if-absent then read: processes starting at once on one database all end up with the same one.
 */
export async function resolveSecret(pool: Pool, name: string, configured: string | null): Promise<string> {
  if (configured) return configured;
  await pool.query('INSERT INTO auth_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await pool.query('SELECT value FROM auth_secrets WHERE name = $1', [name]);
  return rows[0].value as string;
}

/** A second secret derived from the first when not configured on its own. */
export const deriveSecret = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest('base64url');

/** The user's current session version (0 until a password change or a deletion bumps it). */
export async function sessionVersion(pool: Pool, userId: string): Promise<number> {
  const { rows } = await pool.query('SELECT version FROM auth_user_sessions WHERE user_id = $1', [userId]);
  return rows[0]?.version ?? 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session as it stands now, or null when it has ended: the user is gone or moved, the token's
 * refresh family was revoked, or the session version moved past the token. Profile and super come from the user's row, never from the token,
 * and so do the queues and allTicket that decide which tickets the user sees: a Viewer, so that a socket
 * or a ticket route has no need to read the row again.
 */
export async function currentSession(pool: Pool, claims: AccessTokenClaims): Promise<Viewer | null> {
  // One query: the user's row, its session version, and whether the token's own login (refresh
  // family) was revoked (logout, a login elsewhere, a reused refresh token).
  const { rows } = await pool.query(
    `SELECT u.company_id AS "companyId", u.profile, u.super, u.queue_ids AS "queueIds",
            u.all_ticket AS "allTicket", coalesce(s.version, 0) AS version,
            s.kept_family AS "keptFamily",
            (c.deleted_at IS NULL AND (c.status OR u.super)) AS "companyActive",
            EXISTS (SELECT 1 FROM auth_refresh_tokens t
                     WHERE t.family_id = $2::uuid AND t.revoked_at IS NOT NULL) AS "familyRevoked"
       FROM users u JOIN companies c ON c.id = u.company_id
       LEFT JOIN auth_user_sessions s ON s.user_id = u.id WHERE u.id = $1`,
    [claims.id, claims.sid && UUID.test(claims.sid) ? claims.sid : null],
  );
  const u = rows[0];
  // A deleted or switched-off company ends its users' sessions at once (the super user keeps his).
  if (!u || u.companyId !== claims.companyId || u.familyRevoked || !u.companyActive) return null;
  if ((claims.v ?? 0) < u.version && !(claims.sid && claims.sid === u.keptFamily)) return null;
  return {
    id: claims.id,
    companyId: u.companyId,
    profile: u.profile,
    super: u.super,
    queueIds: u.queueIds,
    allTicket: u.allTicket === 'enabled',
  };
}

/**
 * Ends a user's sessions: revokes every refresh family but `keepFamily`; with `accessTokens`, also
 * refuses from now on the access tokens already issued (but those of `keepFamily`). Every API process's
 * socket gateway hears it on the change feed and re-checks that user's sockets.
 */
export async function endUserSessions(
  pool: Pool,
  user: { id: string; companyId: string },
  options: { keepFamily?: string | null; accessTokens: boolean },
) {
  const keep = options.keepFamily ?? null;
  await pool.query(
    `UPDATE auth_refresh_tokens SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)`,
    [user.id, keep],
  );
  if (options.accessTokens) {
    await pool.query(
      `INSERT INTO auth_user_sessions (user_id, version, kept_family) VALUES ($1, 1, $2)
       ON CONFLICT (user_id) DO UPDATE SET version = auth_user_sessions.version + 1, kept_family = $2, updated_at = now()`,
      [user.id, keep],
    );
  }
  await announceSessionChanges(pool, [user]);
}

/** Tells every API process's socket gateway (the change feed) to re-check these users' sockets. */
export async function announceSessionChanges(pool: Pool, users: { id: string; companyId: string }[]) {
  if (users.length === 0) return;
  const changes: Change[] = users.map((u) => ({
    companyId: u.companyId,
    kind: 'user',
    action: 'update',
    id: u.id,
  }));
  await pool.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(changes)]);
}
