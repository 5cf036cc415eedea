import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_PREFIX } from './storage.ts';

/**
 * Serves stored media at GET /public/... without a token: names carry 128 random bits. The headers keep
 * a stored file from ever running as a page of the API's origin, whatever its extension says.
 */
export async function mediaRoutes(app: FastifyInstance, { root }: { root: string }) {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${PUBLIC_PREFIX}/`,
    index: false,
    list: false,
    dotfiles: 'deny',
    decorateReply: false,
    setHeaders: (reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
}
