import { DomainError } from '@zelo/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenClaims, Viewer } from '../api/context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** The platform's super user only (companies, plans, helps, announcements): else 403 ERR_NO_PERMISSION. */
    requireSuper: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The access token's claims as verified (its session id and version, for the user routes). */
    accessClaims: AccessTokenClaims;
  }
}

/** The session a verified token stands for now, or null when it has ended (see sessions.ts). */
export type SessionCheck = (claims: AccessTokenClaims) => Promise<Viewer | null>;

/**
 * Bearer access tokens. An expired or invalid token, or one whose session has ended (user deleted,
 * moved, password changed), answers 403 so that the client tries one refresh (doc 1 §4); a missing
 * token answers 401. `check` reads the user as he is now (profile, super, queues), not as the token
 * says: a demoted admin loses admin routes at once, and routes read the viewer from `request.session`.
 */
export function installAuthentication(app: FastifyInstance, check: SessionCheck) {
  app.decorateRequest('session', null as never);
  app.decorateRequest('accessClaims', null as never);
  const expired = (reply: FastifyReply) =>
    reply.status(403).send({ error: 'ERR_SESSION_EXPIRED', message: 'invalid or expired token, refresh it' });
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) throw new DomainError('ERR_SESSION_EXPIRED', 'missing bearer token');
    let claims: AccessTokenClaims;
    try {
      claims = await request.jwtVerify<AccessTokenClaims>();
    } catch {
      return expired(reply);
    }
    const session = await check(claims);
    if (!session) return expired(reply);
    request.accessClaims = claims;
    request.session = session;
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (request.session?.profile !== 'admin' && !request.session?.super) {
      throw new DomainError('ERR_NO_PERMISSION', 'only admins may do this');
    }
  });
  app.decorate('requireSuper', async (request: FastifyRequest) => {
    if (!request.session?.super)
      throw new DomainError('ERR_NO_PERMISSION', 'only the super user may do this');
  });
}
