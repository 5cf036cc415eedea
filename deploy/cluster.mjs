#!/usr/bin/env node
// The deployment that outgrows one process, on one machine: the Temporal server on PostgreSQL, nginx in
// front, and Zelo split by role (API, channel workers, workflow workers, each several times, and the
// projections), every process supervised: one that dies is started again, as compose's
// `restart: unless-stopped` or systemd's `Restart=always` would. `npm run start:cluster` runs it with
// deploy/zelo.env (the settings docker-compose.yml reads too); the chaos test starts one of its own.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureNginx, renderNginxConfig, spawnNginx } from './load-balancer.mjs';
import {
  ensureNamespace,
  ensureTemporalServerBinaries,
  setupTemporalSchema,
  spawnTemporalServer,
  temporalServerEnv,
  waitTemporalReady,
} from './temporal-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres' };
/** A process that dies this soon after it was ready is crash-looping: wait longer before the next start. */
const STABLE_MS = 10_000;
/** How long a whole cluster may take to start (a cold tsx cache on two busy cores takes about 30 s). */
const STARTUP_MS = 180_000;

/** KEY=value lines (comments and blanks skipped): the settings the cluster shares with docker compose. */
export function readEnvFile(file) {
  const env = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) env[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}

/** The port layout of a cluster on port base B (deploy/README: web B, API B+1, api-i B+10+i, Temporal B+20…). */
export function clusterPorts(base) {
  return { web: base, api: base + 1, apiProcess: (i) => base + 10 + i, temporal: base + 20 };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A port base whose 40 ports are all free, for a cluster that must not meet another (tests, benches).
 * Below 32768: above starts the kernel's range for outgoing connections' own ports (one took Temporal's
 * port between a kill and the restart), and Temporal keeps membership ports in a smallint column.
 */
export async function freePortBase() {
  const free = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + 50 * Math.floor(Math.random() * 250);
    const ports = Array.from({ length: 40 }, (_, i) => base + i);
    if ((await Promise.all(ports.map(free))).every(Boolean)) return base;
  }
}

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function dropDatabases(names) {
  const admin = new pg.Client({ ...POSTGRES, database: 'postgres' });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** The secret the API processes sign sessions with: made once per cluster, kept in its data folder. */
function clusterSecret(dataDir) {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * One supervised process: started again whenever it exits while the cluster runs (after 0.2 s, doubling
 * to 5 s while it keeps dying young). `ready` tells when a start has finished starting.
 */
class Supervised {
  constructor({ name, role, start, ready, log, logFile = null }) {
    Object.assign(this, { name, role, start, isReady: ready, log });
    // A chatty process (Temporal logs its own start-up as errors) writes to its file; only what stops
    // it reaches the cluster's log.
    const file = logFile ? createWriteStream(logFile, { flags: 'a' }) : null;
    this.write = file
      ? (line) => {
          file.write(`${line}\n`);
          if (/"level":"(fatal|panic|dpanic)"|panic:/.test(line)) log(line);
        }
      : log;
    this.lastReadyAt = null;
    this.child = null;
    this.restarts = 0;
    this.stopping = false;
    this.backoffMs = 100;
    this.waiters = [];
  }

  get pid() {
    return this.child?.pid ?? null;
  }

  async run() {
    this.readyAt = null;
    this.startedAt = Date.now();
    const child = this.start();
    this.child = child;
    const lines = (stream, write) => {
      let rest = '';
      stream?.on('data', (chunk) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop();
        for (const line of parts) {
          if (line) write(`[${this.name}] ${line}`);
          this.onLine?.(line);
        }
      });
    };
    lines(child.stdout, this.write);
    lines(child.stderr, this.write);
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.stopping) return;
      const young = this.lastReadyAt === null || Date.now() - this.lastReadyAt < STABLE_MS;
      this.backoffMs = young ? Math.min(this.backoffMs * 2, 5_000) : 200;
      this.log(
        `[cluster] ${this.name} exited (${signal ?? code}); starting it again in ${this.backoffMs} ms`,
      );
      setTimeout(() => {
        if (this.stopping) return;
        this.restarts++;
        void this.run();
      }, this.backoffMs).unref();
    });
    try {
      await this.isReady(this, child);
    } catch (err) {
      // Not ready in time: treated as dead, and started again.
      this.log(`[cluster] ${this.name} did not get ready: ${err.message}`);
      if (this.child === child) this.kill('SIGKILL');
      return;
    }
    if (this.child !== child) return; // died while starting: the restart reports readiness
    this.readyAt = Date.now();
    this.lastReadyAt = this.readyAt;
    for (const resolve of this.waiters.splice(0)) resolve(this.readyAt);
  }

  /** Resolves at the next moment this process is ready (now, if it is). */
  whenReady() {
    if (this.child && this.readyAt) return Promise.resolve(this.readyAt);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** SIGKILL of the process group (nginx's workers, a shell's children die with it). */
  kill(signal = 'SIGKILL') {
    const child = this.child;
    if (!child) return false;
    this.readyAt = null;
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
    return true;
  }

  async stop(timeoutMs = 20_000) {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    this.kill('SIGTERM');
    const timer = setTimeout(() => this.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }
}

/** Ready when the process prints a line that matches (or exits: the restart then reports readiness). */
const readyOnLine = (pattern) => (proc, child) =>
  new Promise((resolve) => {
    proc.onLine = (line) => {
      if (pattern.test(line)) resolve();
    };
    child.once('exit', () => resolve());
  });

/**
 * Starts a whole deployment and resolves once every process is ready.
 * @param {{
 *   name?: string, portBase?: number,
 *   counts?: { api?: number, channels?: number, workflows?: number },
 *   web?: boolean, env?: Record<string, string>, log?: (line: string) => void,
 *   nodeArgs?: string[],
 * }} [options]
 */
export async function startCluster(options = {}) {
  const name = options.name ?? 'cluster';
  const ports = clusterPorts(options.portBase ?? 8100);
  const log = options.log ?? ((line) => console.log(line));
  const shared = readEnvFile(path.join(root, 'deploy/zelo.env'));
  const counts = {
    api: options.counts?.api ?? Number(shared.ZELO_API_PROCESSES ?? 2),
    channels: options.counts?.channels ?? Number(shared.ZELO_CHANNEL_PROCESSES ?? 2),
    workflows: options.counts?.workflows ?? Number(shared.ZELO_WORKFLOW_PROCESSES ?? 2),
  };
  const dataDir = path.join(root, '.data', name);
  mkdirSync(dataDir, { recursive: true });
  const database = `zelo_${name}`.replaceAll('-', '_');
  const temporalDb = `temporal_${name}`.replaceAll('-', '_');
  const databases = [database, temporalDb, `${temporalDb}_visibility`];
  const say = (step, what) => log(`[cluster] ${step}: ${what}`);

  // Temporal's schema first (created or brought up to date). Zelo's database and its migrations are the
  // processes' own job (ensureDatabase, migrate), safe when they start together.
  const { server, sqlTool } = ensureTemporalServerBinaries({ root, say });
  await setupTemporalSchema({
    sqlTool,
    ...POSTGRES,
    database: temporalDb,
    visibilityDatabase: `${temporalDb}_visibility`,
    say,
  });
  const databaseUrl = `postgres://${POSTGRES.user}@${POSTGRES.host}:${POSTGRES.port}/${database}`;
  const temporalAddress = `127.0.0.1:${ports.temporal}`;
  const cli = path.join(root, '.tools/temporal');

  const webOrigin = `http://localhost:${ports.web}`;
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  const zeloEnv = {
    ...process.env,
    ...shared,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    JWT_SECRET: clusterSecret(dataDir),
    // The demo company and the simulator, as `npm start` has them; a real deployment turns both off
    // (docker-compose.yml does).
    ZELO_SIMULATOR: 'true',
    ZELO_SEED_DEMO: 'true',
    ZELO_ALLOW_DEMO_IN_PRODUCTION: 'true',
    WEB_ORIGIN: `${webOrigin},http://127.0.0.1:${ports.web}`,
    PUBLIC_WEB_URL: webOrigin,
    // Only nginx, on this machine, says who the client is.
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    ZELO_MEDIA_DIR: path.join(dataDir, 'media'),
    ZELO_EXPORT_DIR: path.join(dataDir, 'exports'),
    ...options.env,
  };
  const processes = [];
  const add = (spec) => {
    const proc = new Supervised({ log, ...spec });
    processes.push(proc);
    return proc;
  };

  const temporalEnv = temporalServerEnv({
    portBase: options.portBase ?? 8100,
    ...POSTGRES,
    database: temporalDb,
    visibilityDatabase: `${temporalDb}_visibility`,
  });
  const temporal = add({
    name: 'temporal',
    role: 'temporal',
    logFile: path.join(dataDir, 'temporal.log'),
    start: () =>
      spawnTemporalServer({
        server,
        // 4 per service and database (frontend, history, matching, worker): about 20 in all, beside Zelo's.
        env: { SQL_MAX_CONNS: '4', ...process.env, ...temporalEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ready: async (_proc, child) => {
      await waitTemporalReady({
        cli,
        address: temporalAddress,
        namespace: 'temporal-system',
        timeoutMs: 120_000,
        child,
      });
    },
  });
  await temporal.run();
  await ensureNamespace({
    cli,
    address: temporalAddress,
    namespace: zeloEnv.TEMPORAL_NAMESPACE ?? 'default',
    retention: '72h',
  });

  const zelo = (procName, role, extra = {}) =>
    add({
      name: procName,
      role,
      start: () =>
        spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'app/src/main.ts'], {
          cwd: root,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...zeloEnv, ZELO_ROLES: role, ...extra },
        }),
      ready: readyOnLine(/^\[zelo\] roles: /),
    });
  const apiUpstreams = [];
  for (let i = 1; i <= counts.api; i++) {
    zelo(`api-${i}`, 'api', { PORT: String(ports.apiProcess(i)) });
    apiUpstreams.push(`127.0.0.1:${ports.apiProcess(i)}`);
  }
  for (let i = 1; i <= counts.channels; i++) zelo(`channels-${i}`, 'channels');
  for (let i = 1; i <= counts.workflows; i++) zelo(`workflows-${i}`, 'workflows');
  zelo('projections', 'projections');

  let webRoot = null;
  if (options.web !== false)
    webRoot = buildWeb({ outDir: path.join(dataDir, 'web'), apiUrl: `http://localhost:${ports.api}`, say });
  const nginxBin = ensureNginx({ say });
  const nginxDir = path.join(dataDir, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  const conf = renderNginxConfig({
    dir: nginxDir,
    webPort: ports.web,
    apiPort: ports.api,
    apiUpstreams,
    webRoot,
    webOrigin,
    apiUrl: `http://localhost:${ports.api}`,
  });
  add({
    name: 'nginx',
    role: 'nginx',
    start: () => spawnNginx({ nginx: nginxBin, conf, dir: nginxDir, stdio: ['ignore', 'pipe', 'pipe'] }),
    ready: async (_proc, child) => {
      while (child.exitCode === null && !(await portOpen(ports.api))) await sleep(50);
    },
  });

  const started = Date.now();
  // Every process ready, a restarted one included; one that keeps failing fails the start.
  const startup = processes
    .filter((p) => p !== temporal)
    .map((p) => {
      void p.run();
      return p.whenReady();
    });
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const late = processes.filter((p) => !p.readyAt).map((p) => p.name);
      reject(
        new Error(`not ready in ${STARTUP_MS / 1000} s: ${late.join(', ')} (see their log lines above)`),
      );
    }, STARTUP_MS);
  });
  try {
    await Promise.race([Promise.all(startup), timeout]);
  } catch (err) {
    await Promise.all(processes.map((p) => p.stop()));
    throw err;
  } finally {
    clearTimeout(timer);
  }
  say('ready', `${processes.length} processes in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  let stopped = false;
  return {
    name,
    ports,
    webUrl: `http://127.0.0.1:${ports.web}`,
    apiUrl,
    apiUrls: apiUpstreams.map((a) => `http://${a}`),
    databaseUrl,
    temporalAddress,
    get processes() {
      return processes.map((p) => ({ name: p.name, role: p.role, pid: p.pid, restarts: p.restarts }));
    },
    /** SIGKILL one process; resolves once the supervisor has started it again and it is ready. */
    async kill(procName) {
      const proc = processes.find((p) => p.name === procName);
      if (!proc) throw new Error(`no process ${procName}`);
      await proc.whenReady();
      const killedAt = Date.now();
      proc.kill('SIGKILL');
      const readyAt = await proc.whenReady();
      return { name: procName, role: proc.role, killedAt, readyAt };
    },
    /** Zelo's processes first (channel workers hand their connections back), then nginx and Temporal. */
    async stop({ keepDatabases = false } = {}) {
      if (stopped) return;
      stopped = true;
      await Promise.all(
        processes.filter((p) => p.role !== 'temporal' && p.role !== 'nginx').map((p) => p.stop()),
      );
      await Promise.all(
        processes.filter((p) => p.role === 'temporal' || p.role === 'nginx').map((p) => p.stop()),
      );
      if (!keepDatabases) await dropDatabases(databases);
    },
  };
}

/** The web app's production build, pointed at the cluster's API. */
function buildWeb({ outDir, apiUrl, say }) {
  const started = Date.now();
  const r = spawnSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: path.join(root, 'web'),
      env: { ...process.env, VITE_API_URL: apiUrl },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`the web build failed:\n${r.stdout}${r.stderr}`);
  say('web', `built into ${path.relative(root, outDir)} in ${Math.round((Date.now() - started) / 1000)} s`);
  return outDir;
}
