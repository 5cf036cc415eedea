import type { FastifyRequest } from 'fastify';

/** Paths whose segments are secrets (the e-mailed reset code and the new password ride in the path). */
const SECRET_PATH = /^(.*?\/(?:forgetpassword|resetpasswords))(?:[/?#].*)?$/is;

/** Path segments that are a customer's phone number (the simulator's phones). */
const PHONE_SEGMENT = /(\/phones\/)[^/?#]+/gi;

/**
 * Query parameters that may hold a customer's personal data (LGPD, issue 25): searches by name,
 * number or message text, and the few filters that name a person. Their values are not logged.
 */
const PERSONAL_PARAMS = new Set(['searchparam', 'search', 'q', 'number', 'name', 'email', 'phone', 'body']);

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {}
      return eq >= 0 && PERSONAL_PARAMS.has(name.toLowerCase()) ? `${key}=[redacted]` : pair;
    })
    .join('&');
}

/**
 * The URL as logs may show it: a secret-carrying path keeps only its route name, a phone number in a
 * path and the values of personal query parameters are replaced by [redacted].
 */
export const redactUrl = (url: string) => {
  const m = SECRET_PATH.exec(url);
  if (m) return `${m[1]}/[redacted]`;
  const hash = url.indexOf('#');
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf('?');
  const path = (q < 0 ? withoutHash : withoutHash.slice(0, q)).replace(PHONE_SEGMENT, '$1[redacted]');
  return q < 0 ? path : `${path}?${redactQuery(withoutHash.slice(q + 1))}`;
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
