// The security headers of the served web app, in one place for the three servers that serve it: Vite's
// dev server (`npm start`), `vite preview`, and the nginx of the Docker image (this file, run as a
// script, writes that nginx config at image build time).
import { pathToFileURL } from 'node:url';

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

/** The Docker image's nginx server block: the built app, its client-side routes, the same headers. */
export function nginxConfig(apiUrl: string): string {
  const headers = Object.entries(securityHeaders({ apiUrl }))
    .map(([name, value]) => `  add_header ${name} "${value}" always;`)
    .join('\n');
  return `server {
  listen 3000;
  root /usr/share/nginx/html;
  server_tokens off;
${headers}
  location / { try_files $uri /index.html; }
}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(nginxConfig(process.env.VITE_API_URL || DEFAULT_API_URL));
}
