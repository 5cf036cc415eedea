import { ClientErrorReport } from '@zelo/contracts/client-errors/api';
import type { FastifyInstance } from 'fastify';
import { perAddressLimit } from '../auth/throttle.ts';
import { typed } from './schema.ts';

/** Reports a browser may send per minute: a screen failing in a loop must not flood the log. */
const REPORTS_PER_MINUTE = 20;

/**
 * POST /client-errors: the web app's error screen reports what broke, so that operators see it in the
 * API's log with the user and company it happened to. It stores nothing. Mounted in the session scope.
 */
export async function clientErrorRoutes(plain: FastifyInstance) {
  const app = typed(plain);
  app.post(
    '/client-errors',
    {
      config: perAddressLimit('client-errors', REPORTS_PER_MINUTE, 60_000),
      schema: { body: ClientErrorReport },
    },
    async (request, reply) => {
      const { id, companyId } = request.session;
      request.log.error({ clientError: request.body, userId: id, companyId }, 'web app error');
      return reply.status(204).send();
    },
  );
}
