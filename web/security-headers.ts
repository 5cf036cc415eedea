// The security headers of the served web app, in one place for the servers that serve it: Vite's dev
// server (`npm start`), `vite preview`, and nginx (`npm run start:cluster` and the compose deployment:
// deploy/load-balancer.mjs turns them into add_header lines).

/** Where the app's API lives when VITE_API_URL is not set (web/src/lib/api.ts uses the same). */
export const DEFAULT_API_URL = 'http://localhost:8080';

interface Options {
  /** The API's URL as the browser reaches it: REST, GraphQL, the socket and the media under /public. */
  apiUrl: string;
  /**
   * The nonce Vite's dev server puts on the inline script it injects (React's fast-refresh preamble).
   * Built pages have no inline script and need none.
   */
  scriptNonce?: string;
}

/**
 * What the app needs and nothing more: its own scripts, its API (and the API's WebSocket) for data,
 * media from the API or made in the page (blob: for fetched images and voice-note previews, data: for
 * location thumbnails). Styles allow inline because Blueprint positions popovers and the emoji picker
 * injects its stylesheet at run time; scripts never do. No framing, no plugins, no foreign form
 * targets.
 */
export function contentSecurityPolicy({ apiUrl, scriptNonce }: Options): string {
  const api = new URL(apiUrl);
  const socket = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(scriptNonce ? [`'nonce-${scriptNonce}'`] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', api.origin],
    'media-src': ["'self'", 'blob:', api.origin],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", api.origin, socket],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Every header the served app carries. */
export function securityHeaders(options: Options): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // Ticket ids and searches sit in the app's URLs; other sites learn nothing of them.
    'Referrer-Policy': 'no-referrer',
    // The composer records voice notes; nothing else of the device is asked for.
    'Permissions-Policy': 'microphone=(self), camera=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
