import { createHash } from 'node:crypto';
import { DomainError } from '@zelo/contracts/errors';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Clock } from '../platform/clock.ts';
import type { Pool } from '../platform/db.ts';
import type { Migration } from '../platform/migrate.ts';

// `Idempotency-Key` on the calls that create (every POST but the session calls): a retried request
// whose first answer was lost gets that answer again instead of creating a second message, contact,
// ticket or schedule. The key is the caller's (its user, connection token or, for the session-less
// simulator, the route), kept 24 h. The first request with a key records it as running; the same
// key and the same request (method, path, body) then answers the stored status and body without
// executing; a different request with the key is ERR_IDEMPOTENCY_KEY_REUSED; a second request while
// the first still runs waits for it, up to IN_PROGRESS_WAIT_MS, then gets ERR_IDEMPOTENCY_IN_PROGRESS.
// Only successful answers (2xx) are kept: a failed request may be retried with its key.

export const idempotencyMigrations: Migration[] = [
  {
    id: 'api/001-idempotency-keys',
    sql: `
      CREATE TABLE idempotency_keys (
        caller text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        created_at timestamptz NOT NULL,
        -- While the first request runs; a crashed one's key is taken over after it.
        locked_until timestamptz,
        status int,
        content_type text,
        body text,
        PRIMARY KEY (caller, key)
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
    `,
  },
];

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a second request waits for the first one running with its key. */
export const IN_PROGRESS_WAIT_MS = 10_000;
/** A request still marked running after this is taken to have died with its process. */
const RUNNING_LEASE_MS = 2 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;

/** POSTs that are not creations of the caller's data: a replayed answer would hand out a stale session. */
const NOT_IDEMPOTENT = [/^\/auth\//, /^\/graphql$/, /^\/forgetpassword\//, /^\/resetpasswords\//];

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request owns and must record the answer of. */
    idempotency?: { caller: string; key: string };
  }
}

/** Who a key belongs to: the session's user, else the bearer token (the external API), else the route. */
function callerOf(request: FastifyRequest): string {
  const session = (request as { session?: { id?: string } | null }).session;
  if (session?.id) return `user:${session.id}`;
  const auth = request.headers.authorization;
  if (auth) return `token:${createHash('sha256').update(auth).digest('hex')}`;
  return `public:${request.routeOptions.url ?? ''}`;
}

/** The request as far as a replay must match it: method, path with query, body. */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  // A multipart body is still a stream here: its declared length stands for it.
  if (request.isMultipart?.()) hash.update(`multipart ${request.headers['content-length'] ?? ''}`);
  else hash.update(JSON.stringify(request.body ?? null));
  return hash.digest('hex');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Installs the mechanism on every POST route registered after it (call it before the routes):
 * its check runs as the route's last preHandler, after authentication and permissions.
 */
export function installIdempotency(app: FastifyInstance, pool: Pool, clock: Clock) {
  let lastSweep = 0;
  const sweep = () => {
    const now = clock.now().getTime();
    if (now - lastSweep < 10 * 60 * 1000) return;
    lastSweep = now;
    pool
      .query('DELETE FROM idempotency_keys WHERE created_at < $1', [new Date(now - IDEMPOTENCY_TTL_MS)])
      .catch(() => {});
  };

  const check: preHandlerHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!KEY.test(key)) {
      throw new DomainError('ERR_VALIDATION', 'Idempotency-Key: 1 to 255 visible ASCII characters');
    }
    const caller = callerOf(request);
    const fingerprint = fingerprintOf(request);
    sweep();
    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    for (;;) {
      const now = clock.now();
      // Ours when new, expired (24 h), or left running by a request that died (same request only).
      const { rows: taken } = await pool.query(
        `INSERT INTO idempotency_keys (caller, key, fingerprint, created_at, locked_until)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (caller, key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at,
               locked_until = EXCLUDED.locked_until, status = NULL, content_type = NULL, body = NULL
         WHERE idempotency_keys.created_at < $6
            OR (idempotency_keys.status IS NULL AND idempotency_keys.locked_until < $4
                AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
         RETURNING 1`,
        [
          caller,
          key,
          fingerprint,
          now,
          new Date(now.getTime() + RUNNING_LEASE_MS),
          new Date(now.getTime() - IDEMPOTENCY_TTL_MS),
        ],
      );
      if (taken.length) {
        request.idempotency = { caller, key };
        return;
      }
      const { rows } = await pool.query(
        'SELECT fingerprint, status, content_type, body FROM idempotency_keys WHERE caller = $1 AND key = $2',
        [caller, key],
      );
      const stored = rows[0];
      if (!stored) continue; // released by a failed first request in between: take it now
      if (stored.fingerprint !== fingerprint) {
        throw new DomainError(
          'ERR_IDEMPOTENCY_KEY_REUSED',
          'this Idempotency-Key was already used for a different request',
        );
      }
      if (stored.status !== null) {
        reply.status(stored.status).header('idempotent-replayed', 'true');
        if (stored.content_type) reply.header('content-type', stored.content_type);
        return reply.send(stored.body);
      }
      if (Date.now() >= deadline) {
        throw new DomainError(
          'ERR_IDEMPOTENCY_IN_PROGRESS',
          'a request with this Idempotency-Key is still running, retry later',
        );
      }
      await sleep(50);
    }
  };

  const record: onSendHookHandler<unknown> = async (request, reply, payload) => {
    const owned = request.idempotency;
    if (!owned) return payload;
    request.idempotency = undefined;
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && storable) {
      await pool.query(
        `UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5, locked_until = NULL
          WHERE caller = $1 AND key = $2`,
        [
          owned.caller,
          owned.key,
          reply.statusCode,
          String(reply.getHeader('content-type') ?? ''),
          payload == null ? '' : payload.toString(),
        ],
      );
    } else {
      // A failure is not an answer to keep: the key is free for a retry of the same request.
      await pool.query('DELETE FROM idempotency_keys WHERE caller = $1 AND key = $2', [
        owned.caller,
        owned.key,
      ]);
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('POST') || NOT_IDEMPOTENT.some((re) => re.test(route.url))) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
    route.onSend = [...[route.onSend ?? []].flat(), record as onSendHookHandler];
  });
}
