import type { FastifyRequest } from 'fastify';

/** Paths whose segments are secrets (the e-mailed reset code and the new password ride in the path). */
const SECRET_PATH = /^(.*?\/(?:forgetpassword|resetpasswords))(?:[/?#].*)?$/is;

/** The URL as logs may show it: a secret-carrying path keeps only its route name. */
export const redactUrl = (url: string) => {
  const m = SECRET_PATH.exec(url);
  return m ? `${m[1]}/[redacted]` : url;
};

/** Fastify's request serializer, with the URL redacted. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
