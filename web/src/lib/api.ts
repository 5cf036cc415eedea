import { navigate } from 'wouter/use-browser-location';
import { contentDispositionFileName } from './download.ts';
import { getToken, type Session, setSession } from './store.ts';

export const API_URL: string = import.meta.env.VITE_API_URL ?? 'http://localhost:8080';

/** What the API sends as {error, message}; `code` is the ERR_ text shown (translated) to the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON, or a FormData sent as multipart (the browser writes the boundary; a retry resends it). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Public calls (login, sign-up, plans, simulator): no bearer and no session handling on 401/403. */
  auth?: boolean;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = new URL(path, API_URL);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = opts.body instanceof FormData;
  if (opts.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const token = opts.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body:
      opts.body === undefined ? undefined : multipart ? (opts.body as FormData) : JSON.stringify(opts.body),
    credentials: 'include',
    signal: opts.signal,
  });
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  // An answer that is not JSON (a proxy's error page) is an error without a body, never a SyntaxError.
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (res.ok) return data as T;
  const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const code =
    typeof body.error === 'string'
      ? body.error
      : typeof data === 'string'
        ? data
        : 'ERR_INTERNAL_SERVER_ERROR';
  throw new ApiError(res.status, code, typeof body.message === 'string' ? body.message : code, body);
}

// One refresh in flight at a time: concurrent 403s all wait for the same promise.
let refreshing: Promise<Session | null> | null = null;

/**
 * One refresh at a time across the browser's tabs too (Web Locks): the refresh cookie rotates at each
 * use, so a tab that waits its turn sends the cookie the previous tab's refresh just set, instead of
 * the same one twice (the server forgives that only within a few seconds).
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('zelo-refresh-token', work) as Promise<T>) : work();
}

export function refreshSession(): Promise<Session | null> {
  refreshing ??= oneTabAtATime(() => send('/auth/refresh_token', { method: 'POST', auth: false }))
    .then((res) => (res.ok ? parse<Session>(res) : null))
    .catch(() => null)
    .then((session) => {
      if (session) setSession(session);
      return session;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * A fire-and-forget POST for reports (the error screen's): never refreshes, never ends the session,
 * never throws; without a session it sends nothing.
 */
export function postQuietly(path: string, body: unknown): void {
  if (!getToken()) return;
  void send(path, { method: 'POST', body }).catch(() => {});
}

export function endSession() {
  setSession(null);
  if (!window.location.pathname.startsWith('/login')) navigate('/login', { replace: true });
}

/** Sends with the session: a 403 refreshes it once and sends again, a 401 (or a failed refresh) ends it. */
async function sendInSession(path: string, opts: RequestOptions): Promise<Response> {
  let res = await send(path, opts);
  if (opts.auth !== false && res.status === 403) {
    const session = await refreshSession();
    if (!session) {
      endSession();
      return res;
    }
    res = await send(path, opts);
  }
  if (opts.auth !== false && res.status === 401) endSession();
  return res;
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return parse<T>(await sendInSession(path, opts));
}

/**
 * A file the API makes (a CSV export), fetched with the session like any call: its body and the name
 * the server's Content-Disposition gives (null when the header is absent or not exposed to the page).
 * A refusal throws the ApiError apiRequest would.
 */
export async function apiDownload(
  path: string,
  opts: Pick<RequestOptions, 'query' | 'signal'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await sendInSession(path, opts);
  if (!res.ok) return parse<never>(res);
  const fileName = contentDispositionFileName(res.headers.get('Content-Disposition'));
  return { blob: await res.blob(), fileName };
}
