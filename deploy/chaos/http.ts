// What every part of the chaos workload shares: HTTP calls on kept-alive sockets (node:http costs the
// load half the CPU of fetch on the two cores it shares with the product, see bench/ingest-load.ts),
// the one admin session and percentiles.
import http from 'node:http';

/** The shape of a cluster the workload runs against (deploy/cluster.mjs's startCluster, or one process). */
export interface Target {
  /** Through the load balancer. */
  apiUrl: string;
  /** Each API process directly. */
  apiUrls: string[];
  databaseUrl: string;
}

export const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 512 });

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, typed where read
  body: any;
  text: string;
}

/** One call; rejects on a network error (reset, refused) or after `timeoutMs` without an answer. */
export function request(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Reply> {
  const json = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string | number> = {};
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(json);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, agent: keepAlive, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => {
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {}
        resolve({ status: res.statusCode ?? 0, body, text });
      });
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(json);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The admin's API: every call retried while the cluster answers 5xx or not at all (a process was killed). */
export interface Api {
  token: string;
  companyId: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, typed where read
  call(method: string, path: string, body?: unknown): Promise<any>;
}

/** Retries `run` on a network error or a 502/503/504 for up to `forMs`; other answers return. */
export async function persistently(run: () => Promise<Reply>, forMs = 60_000): Promise<Reply> {
  const deadline = Date.now() + forMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await run();
      if (![502, 503, 504].includes(r.status) || Date.now() > deadline) return r;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await sleep(Math.min(200 * 2 ** attempt, 2_000));
  }
}

/**
 * Logs the demo admin in once. Zelo keeps one session per user (a second login ends the first one's
 * sockets), so every agent socket and every setup call of a run shares this token.
 */
export async function loginAdmin(
  apiUrl: string,
  email = 'admin@zelo.dev',
  password = 'admin123',
): Promise<Api> {
  const r = await persistently(() =>
    request(apiUrl, 'POST', '/auth/login', { body: { email, password }, timeoutMs: 30_000 }),
  );
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.text}`);
  const token = r.body.token as string;
  return {
    token,
    companyId: r.body.user.companyId as string,
    async call(method, path, body) {
      const res = await persistently(() => request(apiUrl, method, path, { token, body }));
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
      return res.body;
    },
  };
}

/** The p-th percentile (0-100) of xs, NaN when empty. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
