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
      // The web app (another origin) shows these images and plays these sounds.
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      // Only pictures, sounds and videos open in the browser; anything else downloads. A page, a script
      // or an SVG (a file stored before uploads were sniffed, a customer's document named .html) is
      // never served as what it could run as.
      const type = String(reply.getHeader('content-type') ?? '').toLowerCase();
      if (!/^(image|audio|video)\//.test(type) || type.includes('svg')) {
        reply.header('Content-Disposition', 'attachment');
        if (!/^(application\/(pdf|zip|octet-stream|vnd\.|msword)|text\/(plain|csv))/.test(type))
          reply.header('Content-Type', 'application/octet-stream');
      }
    },
  });
}
