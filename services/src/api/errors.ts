import { DomainError, errorStatus } from '@zelo/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';

/** Every failure answers `{error, message}`: domain errors with their code, bad input 400, never a stack. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | DomainError, request, reply) => {
    if (err instanceof DomainError) {
      return reply
        .status(errorStatus[err.code] ?? 400)
        .send({ error: err.code, message: err.message, details: err.details });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status < 500) {
      const code =
        status === 401
          ? 'ERR_SESSION_EXPIRED'
          : status === 404
            ? 'ERR_NOT_FOUND'
            : status === 429
              ? 'ERR_RATE_LIMITED'
              : 'ERR_VALIDATION';
      return reply.status(status).send({ error: code, message: err.message });
    }
    request.log.error(err);
    return reply
      .status(500)
      .send({ error: 'ERR_INTERNAL_SERVER_ERROR', message: 'unexpected error, try again later' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: 'ERR_NOT_FOUND', message: `no route ${request.method} ${request.url.split('?')[0]}` }),
  );
}
