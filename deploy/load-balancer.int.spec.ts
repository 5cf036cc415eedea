// nginx as deploy/load-balancer.mjs configures it, in front of two small API stand-ins of this test's
// own (node:http + ws) and a web build of three files: what the cluster's users and operators would
// notice of the load balancer, and what it costs per request.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { FLOW_UPLOAD_LIMITS } from '../services/src/flows/upload.ts';
import { MEDIA_LIMITS } from '../services/src/messaging/send-media.ts';
import { securityHeaders } from '../web/security-headers.ts';
import { ensureNginx, renderNginxConfig, spawnNginx } from './load-balancer.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, () => srv.close(() => resolve(true)));
  });
}

/** A port base B of our own (a multiple of 50 from 20000 to 60000) whose ports B, B+1, B+10, B+11 are free. */
async function freePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + 50 * Math.floor(Math.random() * 800);
    const free = await Promise.all([0, 1, 10, 11].map((o) => portFree(base + o)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free port base');
}

/**
 * One API process stand-in, a process of its own: answers who it is and what it was told, echoes on
 * /socket, and reports each POST, connection and upgrade on stdout. `doomed`: it SIGKILLs itself on a
 * POST /die it has read, as a process killed mid-request.
 */
const UPSTREAM = `
const http = require('node:http');
const { WebSocketServer } = require('ws');
const [name, port, mode] = process.argv.slice(1);
const say = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
const server = http.createServer((req, res) => {
  let bytes = 0;
  req.on('data', (c) => { bytes += c.length; });
  req.on('end', () => {
    if (req.method === 'POST') say({ post: req.url });
    if (req.url === '/die' && mode === 'doomed') process.kill(process.pid, 'SIGKILL');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({
      name, bytes,
      forwardedFor: req.headers['x-forwarded-for'] ?? null,
      forwardedProto: req.headers['x-forwarded-proto'] ?? null,
      host: req.headers.host ?? null,
      connection: req.headers.connection ?? null,
    }));
  });
});
server.keepAliveTimeout = 72000; // Fastify's, which the template's upstream keepalive_timeout stays below
server.on('connection', () => say({ connection: true }));
new WebSocketServer({ server, path: '/socket' }).on('connection', (ws, req) => {
  say({ upgrade: req.headers });
  ws.on('message', (data) => ws.send(name + ':' + data));
});
server.listen(Number(port), '127.0.0.1', () => say({ ready: true }));
`;

class Upstream {
  child: ChildProcess | null = null;
  posts = 0;
  connections = 0;
  upgradeHeaders: Record<string, string> | null = null;

  constructor(
    readonly name: string,
    readonly port: number,
  ) {}

  start(mode: 'normal' | 'doomed' = 'normal') {
    const child = spawn(process.execPath, ['-e', UPSTREAM, this.name, String(this.port), mode], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    return new Promise<void>((resolve, reject) => {
      child.once('exit', (code, signal) =>
        reject(new Error(`upstream ${this.name} exited (${code ?? signal})`)),
      );
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const said = JSON.parse(line);
        if (said.ready) resolve();
        if (said.post) this.posts++;
        if (said.connection) this.connections++;
        if (said.upgrade) this.upgradeHeaders = said.upgrade;
      });
    });
  }

  get alive() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL, as the chaos test does to an API process. */
  async kill() {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function request(
  port: number,
  urlPath: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = (a: Answer) =>
  JSON.parse(a.body) as { name: string; forwardedFor: string | null } & Record<string, unknown>;

/** A process's state letter (R, S, Z …) from /proc, or 'gone'. */
function processState(pid: number): string {
  try {
    return /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 'gone';
  } catch {
    return 'gone';
  }
}

/** The seconds of `directive` inside `location <where> { … }` of the rendered site config. */
function locationSeconds(site: string, where: string, directive: string): number {
  const block = new RegExp(`location ${where} \\{([^}]*)\\}`).exec(site)?.[1] ?? '';
  const value = new RegExp(`${directive} (\\d+)s;`).exec(block)?.[1];
  if (!value) throw new Error(`no ${directive} in location ${where}`);
  return Number(value);
}

describe('the load balancer (nginx from deploy/load-balancer.mjs)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'zelo-lb-'));
  const webRoot = path.join(tmp, 'web');
  const nginxDir = path.join(tmp, 'nginx');
  const indexHtml =
    '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';
  let base: number;
  let webPort: number;
  let apiPort: number;
  let apiUrl: string;
  let nginx: string;
  let conf: string;
  let child: ChildProcess | null = null;
  let nginxLog = '';
  let a: Upstream;
  let b: Upstream;

  function startNginx() {
    const started = spawnNginx({ nginx, conf, dir: nginxDir, stdio: ['ignore', 'ignore', 'pipe'] });
    started.stderr?.on('data', (d) => {
      nginxLog += d;
    });
    child = started;
    return started;
  }

  /** Polls `port` until it answers 200; the milliseconds that took. */
  async function untilServing(port: number, urlPath: string, timeoutMs = 5_000) {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const ok = await request(port, urlPath).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return Date.now() - started;
      await sleep(10);
    }
    throw new Error(`nothing served on :${port}${urlPath} within ${timeoutMs} ms; nginx said:\n${nginxLog}`);
  }

  beforeAll(async () => {
    base = await freePortBase();
    [webPort, apiPort] = [base, base + 1];
    apiUrl = `http://127.0.0.1:${apiPort}`;
    mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
    writeFileSync(path.join(webRoot, 'assets/app-3f9a1c.js'), 'console.log("zelo");\n');
    a = new Upstream('a', base + 10);
    b = new Upstream('b', base + 11);
    await Promise.all([a.start(), b.start()]);
    nginx = ensureNginx();
    conf = renderNginxConfig({
      dir: nginxDir,
      webPort,
      apiPort,
      apiUpstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
      webRoot,
      apiUrl,
    });
    startNginx();
    await untilServing(apiPort, '/health');
    await untilServing(webPort, '/');
  });

  afterAll(async () => {
    agent.destroy();
    const last = child;
    if (last?.pid && last.exitCode === null && last.signalCode === null) {
      const exited = new Promise((r) => last.once('exit', r));
      process.kill(-last.pid, 'SIGKILL');
      await exited;
    }
    await Promise.all([a?.kill(), b?.kill()]);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('is the nginx binary it says', () => {
    const r = spawnSync(nginx, ['-v'], { encoding: 'utf8' });
    expect(r.stderr).toMatch(/^nginx version: nginx\/1\.\d+/);
  });

  it('alternates API requests between the processes, over kept-alive upstream connections', async () => {
    await sleep(100); // the connections of the start-up's polling are counted
    a.connections = 0;
    b.connections = 0;
    const names: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await request(apiPort, '/tickets');
      expect(r.status).toBe(200);
      names.push(json(r).name);
      // Sent without Connection (upgrade or close): the upstream connection stays in nginx's pool.
      expect(json(r).connection).toBeNull();
    }
    for (let i = 1; i < names.length; i++) expect(names[i]).not.toBe(names[i - 1]);
    expect(names.filter((n) => n === 'a')).toHaveLength(6);
    // Twelve requests over connections nginx already had: not a TCP handshake per request.
    await sleep(100);
    expect(a.connections + b.connections).toBeLessThanOrEqual(2);
  });

  it('passes WebSockets on /socket, and keeps a quiet one open longer than 70 s', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${apiPort}/socket?token=t`);
    try {
      const echoed = await new Promise<string>((resolve, reject) => {
        ws.once('open', () => ws.send('ping'));
        ws.once('message', (data) => resolve(String(data)));
        ws.once('error', reject);
      });
      expect(echoed).toMatch(/^[ab]:ping$/);
      const upstream = echoed.startsWith('a') ? a : b;
      expect(upstream.upgradeHeaders?.['x-forwarded-for']).toBe('127.0.0.1');
    } finally {
      ws.terminate();
    }
    const site = readFileSync(path.join(nginxDir, 'zelo.conf'), 'utf8');
    expect(locationSeconds(site, '/socket', 'proxy_read_timeout')).toBeGreaterThan(70);
    expect(locationSeconds(site, '/socket', 'proxy_send_timeout')).toBeGreaterThan(70);
  });

  it("says who the client is (X-Forwarded-For, X-Forwarded-Proto) and keeps the browser's Host", async () => {
    const plain = json(await request(apiPort, '/users'));
    expect(plain.forwardedFor).toBe('127.0.0.1');
    expect(plain.forwardedProto).toBe('http');
    expect(plain.host).toBe(`127.0.0.1:${apiPort}`);
    // A proxy in front of nginx said who it serves: nginx adds the address it saw.
    const relayed = json(await request(apiPort, '/users', { headers: { 'x-forwarded-for': '203.0.113.7' } }));
    expect(relayed.forwardedFor).toBe('203.0.113.7, 127.0.0.1');
  });

  it("takes every upload the API takes (nginx's own limit is 1 MB)", async () => {
    const site = readFileSync(path.join(nginxDir, 'zelo.conf'), 'utf8');
    const megabytes = Number(/client_max_body_size (\d+)m;/.exec(site)?.[1]);
    const largest = Math.max(
      MEDIA_LIMITS.files * MEDIA_LIMITS.fileSize,
      FLOW_UPLOAD_LIMITS.files * FLOW_UPLOAD_LIMITS.fileSize,
    );
    expect(megabytes * 1024 * 1024).toBeGreaterThan(largest);
    const body = Buffer.alloc(3 * 1024 * 1024, 1);
    const r = await request(apiPort, '/messages/1', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    expect(r.status).toBe(200);
    expect(json(r).bytes).toBe(body.length);
  });

  it('serves the web app: client-side routes answer index.html, with the security headers of web/security-headers.ts', async () => {
    const expected = securityHeaders({ apiUrl });
    for (const route of ['/', '/tickets/8b0f6c1e', '/settings?tab=queues']) {
      const r = await request(webPort, route);
      expect(r.status, route).toBe(200);
      expect(r.body).toBe(indexHtml);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['cache-control']).toBe('no-cache');
      for (const [name, value] of Object.entries(expected))
        expect(r.headers[name.toLowerCase()], name).toBe(value);
    }
    const asset = await request(webPort, '/assets/app-3f9a1c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('application/javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBe(expected['Content-Security-Policy']);
    // A chunk of an older release is missing, not the page under a script's name, and is not cached.
    const gone = await request(webPort, '/assets/app-0000aa.js');
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBeUndefined();
    expect(gone.headers['x-frame-options']).toBe('DENY');
  });

  it('never sends again a POST that reached a process which died on it', async () => {
    await a.kill();
    await a.start('doomed');
    a.posts = 0;
    b.posts = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await request(apiPort, '/die', { method: 'POST', body: Buffer.from(`{"n":${i}}`) });
      statuses.push(r.status);
    }
    await sleep(100); // the upstreams' reports arrive
    expect(a.alive).toBe(false);
    // Each POST reached exactly one process: the dead one's caller got a 502, the survivor saw only its own.
    expect(a.posts).toBe(1);
    expect(statuses.filter((s) => s === 502)).toHaveLength(1);
    expect(b.posts).toBe(3);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
  });

  it("sends a dead process's requests to the other with no error, and a restarted one gets its share back", async () => {
    await a.kill(); // dead already if the test above ran
    // Past fail_timeout (1 s, counted in whole seconds): nginx tries the dead process again and must
    // fall over to the living one.
    await sleep(2_100);
    b.posts = 0;
    for (let i = 0; i < 10; i++) {
      const r = await request(apiPort, `/contacts?page=${i}`);
      expect(r.status).toBe(200);
      expect(json(r).name).toBe('b');
    }
    // A POST no process received (the dead one refused the connection) is served by the living one.
    const post = await request(apiPort, '/tickets', { method: 'POST', body: Buffer.from('{}') });
    expect(post.status).toBe(200);
    expect(json(post).name).toBe('b');
    await sleep(100);
    expect(b.posts).toBe(1);

    await a.start();
    const restarted = Date.now();
    let back = -1;
    while (Date.now() - restarted < 4_000) {
      const r = await request(apiPort, '/contacts');
      expect(r.status).toBe(200);
      if (json(r).name === 'a') {
        back = Date.now() - restarted;
        break;
      }
      await sleep(20);
    }
    console.log(`[load-balancer] a restarted API process got requests again after ${back} ms`);
    // fail_timeout is 1 s, counted by nginx in whole seconds: 2 s at most, and our polling.
    expect(back).toBeGreaterThanOrEqual(0);
    expect(back).toBeLessThan(2_500);
  });

  it('serves again within a second when nginx is SIGKILLed (master and worker) and started again', async () => {
    const first = child as ChildProcess;
    const pid = first.pid as number;
    const worker = Number(
      spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout.trim(),
    );
    expect(worker).toBeGreaterThan(0);
    const exited = new Promise((r) => first.once('exit', r));
    process.kill(-pid, 'SIGKILL');
    await exited;
    const killedAt = Date.now();
    startNginx();
    const api = await untilServing(apiPort, '/health', 3_000);
    const web = await untilServing(webPort, '/');
    const took = Date.now() - killedAt;
    console.log(`[load-balancer] nginx serves again ${took} ms after its SIGKILL (API ${api} ms)`);
    expect(took).toBeLessThan(1_000);
    // The old worker died with its group (gone, or a zombie no one reaped yet): it holds no port.
    expect(processState(worker)).toMatch(/^(gone|Z)$/);
    expect(web).toBeGreaterThanOrEqual(0);
    expect(nginxLog).not.toMatch(/bind\(\) .* failed/);
  });

  it('renders an API-only config when there is no web build, and compose gives the template every variable', () => {
    const dir = path.join(tmp, 'api-only');
    const apiOnly = renderNginxConfig({
      dir,
      webPort,
      apiPort: base + 2,
      apiUpstreams: [`127.0.0.1:${a.port}`],
      webRoot: null,
      apiUrl,
    });
    const site = readFileSync(path.join(dir, 'zelo.conf'), 'utf8');
    expect(site.match(/^\s*listen /gm)).toHaveLength(1);
    const check = spawnSync(nginx, ['-t', '-e', 'stderr', '-p', dir, '-c', apiOnly], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);

    // docker-compose.yml's nginx service renders the same template with envsubst: each variable set.
    const template = readFileSync(path.join(root, 'deploy/nginx/zelo.conf.template'), 'utf8');
    const names = new Set([...template.matchAll(/\$\{(ZELO_[A-Z_]+)\}/g)].map((m) => m[1]));
    const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const service = compose.slice(compose.indexOf('\n  nginx:\n'), compose.indexOf('\nvolumes:'));
    expect(names.size).toBeGreaterThan(0);
    for (const name of names) expect(service, name).toMatch(new RegExp(`\\n\\s+${name}: \\S`));
  });
});
