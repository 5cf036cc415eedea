import { DomainError } from '@zelo/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Bearer access tokens. An expired or invalid token answers 403 so that the client tries one refresh
 * (doc 1 §4); a missing token answers 401.
 */
export function installAuthentication(app: FastifyInstance) {
  app.decorateRequest('session', null as never);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) throw new DomainError('ERR_SESSION_EXPIRED', 'missing bearer token');
    try {
      const payload = await request.jwtVerify<{
        id: string;
        companyId: string;
        profile: 'admin' | 'user';
        super: boolean;
      }>();
      request.session = {
        id: payload.id,
        companyId: payload.companyId,
        profile: payload.profile,
        super: payload.super,
      };
    } catch {
      return reply
        .status(403)
        .send({ error: 'ERR_SESSION_EXPIRED', message: 'invalid or expired token, refresh it' });
    }
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (request.session?.profile !== 'admin' && !request.session?.super) {
      throw new DomainError('ERR_NO_PERMISSION', 'only admins may do this');
    }
  });
}
