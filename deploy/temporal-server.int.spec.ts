// The Temporal server on PostgreSQL as deploy/temporal-server.mjs builds, migrates and starts it, on
// databases and a port base of this test's own: what an operator of the cluster would notice (the
// schema set up and kept up to date, the server answering, a namespace served, workflows surviving a
// SIGKILL, nothing left listening), and how long each step takes.
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureNamespace,
  ensureTemporalServerBinaries,
  MAX_MEMBERSHIP_PORT,
  setupTemporalSchema,
  spawnTemporalServer,
  temporalServerEnv,
  waitTemporalReady,
} from './temporal-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(root, '.tools/temporal');
const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres' };
const suffix = `${process.pid}_${Date.now().toString(36)}`;
const database = `temporal_test_${suffix}`;
const visibilityDatabase = `${database}_visibility`;
const oldDatabase = `temporal_test_old_${suffix}`;
const oldVisibilityDatabase = `${oldDatabase}_visibility`;
const NAMESPACE = 'zelo-temporal-test';
/** What the server listens on for port base B: frontend gRPC and HTTP, history, matching, membership. */
const LISTEN_OFFSETS = [20, 21, 22, 23, 30, 31, 32, 33];

let binaries: { server: string; sqlTool: string };
let base: number;
let address: string;
let server: ChildProcess | null = null;
const serverLog: string[] = [];
const measured: Record<string, string> = {};

const ms = (n: number) => `${Math.round(n)} ms`;

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A port base of our own: a multiple of 50 whose 50 ports are all free, from 20000 up to where
 * Temporal's membership ports still fit its schema (B+33 <= 32767).
 */
async function freePortBase(): Promise<number> {
  const choices = Math.floor((MAX_MEMBERSHIP_PORT - 33 - 20_000) / 50) + 1;
  for (let attempt = 0; attempt < 100; attempt++) {
    const b = 20_000 + 50 * Math.floor(Math.random() * choices);
    const ports = Array.from({ length: 50 }, (_, i) => b + i);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return b;
  }
  throw new Error('no free port base');
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const serverPorts = () => LISTEN_OFFSETS.map((o) => base + o);
const listeningPorts = async () => {
  const open = await Promise.all(serverPorts().map(listening));
  return serverPorts().filter((_, i) => open[i]);
};

function startServer(): ChildProcess {
  const env = temporalServerEnv({ portBase: base, ...POSTGRES, database, visibilityDatabase });
  const child = spawnTemporalServer({ server: binaries.server, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    serverLog.push(...chunk.toString().split('\n').filter(Boolean));
    serverLog.splice(0, Math.max(0, serverLog.length - 200));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  server = child;
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function temporal(...args: string[]) {
  const r = spawnSync(cli, [...args, '--namespace', NAMESPACE, '--address', address, '-o', 'json'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function schemaState(db: string) {
  const client = new pg.Client({ ...POSTGRES, database: db });
  await client.connect();
  try {
    const version = await client.query('SELECT curr_version FROM schema_version');
    const history = await client.query('SELECT count(*)::int AS n FROM schema_update_history');
    const tables = await client.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    return { version: version.rows[0].curr_version, updates: history.rows[0].n, tables: tables.rows[0].n };
  } finally {
    await client.end();
  }
}

async function dropDatabases(names: string[]) {
  const admin = new pg.Client({ ...POSTGRES, database: 'postgres' });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  // Present after `node scripts/setup.mjs --for-tests`; built here otherwise (minutes, once).
  binaries = ensureTemporalServerBinaries({ root });
  base = await freePortBase();
  address = `127.0.0.1:${base + 20}`;
}, 900_000);

afterAll(async () => {
  if (server) {
    server.kill('SIGKILL');
    await exited(server);
  }
  await dropDatabases([database, visibilityDatabase, oldDatabase, oldVisibilityDatabase]);
  console.log(`[temporal-server] measured: ${JSON.stringify(measured)}`);
});

describe('the Temporal server on PostgreSQL', () => {
  it('refuses to build its binaries without Go, saying so', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'zelo-no-go-'));
    const savedPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(() => ensureTemporalServerBinaries({ root: empty })).toThrow(/Go is not installed/);
    } finally {
      process.env.PATH = savedPath;
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('creates both databases with their schema, and a second set-up changes nothing', async () => {
    const says: string[] = [];
    const options = {
      sqlTool: binaries.sqlTool,
      ...POSTGRES,
      database,
      visibilityDatabase,
      say: (_step: string, what: string) => says.push(what),
    };
    let started = performance.now();
    const first = await setupTemporalSchema(options);
    measured.schemaSetUp = ms(performance.now() - started);
    expect(first.map((r) => [r.database, r.from])).toEqual([
      [database, null],
      [visibilityDatabase, null],
    ]);
    const before = [await schemaState(database), await schemaState(visibilityDatabase)];
    expect(before.map((s) => s.version)).toEqual(first.map((r) => r.to));
    expect(before.every((s) => s.tables > 2)).toBe(true);

    started = performance.now();
    const second = await setupTemporalSchema(options);
    const again = performance.now() - started;
    measured.schemaSetUpAgain = ms(again);
    expect(second).toEqual(first.map((r) => ({ ...r, from: r.to })));
    expect([await schemaState(database), await schemaState(visibilityDatabase)]).toEqual(before);
    expect(says.slice(2)).toEqual([
      `${database} at version ${first[0].to}`,
      `${visibilityDatabase} at version ${first[1].to}`,
    ]);
    expect(again).toBeLessThan(5_000);
  }, 120_000);

  it('brings a database of an older schema version up to the newest', async () => {
    const newest = (await schemaState(database)).version;
    const [major, minor] = newest.split('.').map(Number);
    const older = `${major}.${minor - 2}`;
    const tool = (db: string, ...args: string[]) =>
      spawnSync(
        binaries.sqlTool,
        [
          '--plugin',
          'postgres12',
          '--ep',
          POSTGRES.host,
          '--port',
          '5432',
          '--user',
          POSTGRES.user,
          '--db',
          db,
          ...args,
        ],
        {
          encoding: 'utf8',
        },
      );
    // What an earlier release of the cluster would have left behind.
    const admin = new pg.Client({ ...POSTGRES, database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${oldDatabase}"`);
    await admin.end();
    expect(tool(oldDatabase, 'setup-schema', '--version', '0.0').status).toBe(0);
    const partial = tool(
      oldDatabase,
      'update-schema',
      '--schema-name',
      'postgresql/v12/temporal',
      '--version',
      older,
    );
    expect(partial.status, partial.stderr).toBe(0);
    expect((await schemaState(oldDatabase)).version).toBe(older);

    const result = await setupTemporalSchema({
      sqlTool: binaries.sqlTool,
      ...POSTGRES,
      database: oldDatabase,
      visibilityDatabase: oldVisibilityDatabase,
    });
    expect(result[0]).toEqual({ database: oldDatabase, from: older, to: newest });
    expect((await schemaState(oldDatabase)).version).toBe(newest);
  }, 120_000);

  it('refuses a port base whose membership ports its schema cannot store, and a server that dies is not waited for', async () => {
    const options = { ...POSTGRES, database, visibilityDatabase };
    expect(() => temporalServerEnv({ ...options, portBase: 40_000 })).toThrow(
      /membership ports .* 1\.\.32767/,
    );
    // What the check spares an operator: the server exits at once, and readiness says so at once.
    const env = { ...temporalServerEnv({ ...options, portBase: base }), FRONTEND_MEMBERSHIP_PORT: '40030' };
    const child = spawnTemporalServer({ server: binaries.server, env, stdio: 'ignore' });
    const started = performance.now();
    await expect(waitTemporalReady({ cli, address, child, timeoutMs: 60_000 })).rejects.toThrow(/exited/);
    expect(performance.now() - started).toBeLessThan(10_000);
    await exited(child);
    expect(await listeningPorts()).toEqual([]);
  }, 60_000);

  it('starts, answers on its ports, and serves a namespace it registered', async () => {
    const started = performance.now();
    const child = startServer();
    await waitTemporalReady({ cli, address, child, timeoutMs: 60_000 }).catch((err) => {
      throw new Error(`${err.message}\n${serverLog.join('\n')}`);
    });
    measured.startToReady = ms(performance.now() - started);
    expect(await listeningPorts()).toEqual(serverPorts());

    const registering = performance.now();
    expect(await ensureNamespace({ cli, address, namespace: NAMESPACE, retention: '24h' })).toEqual({
      created: true,
    });
    measured.namespaceCreatedAndServed = ms(performance.now() - registering);
    expect(await ensureNamespace({ cli, address, namespace: NAMESPACE })).toEqual({ created: false });
    const described = spawnSync(
      cli,
      ['operator', 'namespace', 'describe', '--namespace', NAMESPACE, '--address', address, '-o', 'json'],
      {
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(described.stdout).config.workflowExecutionRetentionTtl).toBe('86400s');
  }, 120_000);

  it('keeps a started workflow across a SIGKILL and a restart on the same databases, leaving no port open', async () => {
    const start = temporal(
      'workflow',
      'start',
      '--task-queue',
      'x',
      '--type',
      'y',
      '--workflow-id',
      'survivor',
    );
    expect(start.status, start.stderr).toBe(0);
    const { runId } = JSON.parse(start.stdout);
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);

    const killed = server as ChildProcess;
    killed.kill('SIGKILL');
    await exited(killed);
    expect(await listeningPorts()).toEqual([]);

    const restarted = performance.now();
    const child = startServer();
    await waitTemporalReady({ cli, address, namespace: NAMESPACE, child, timeoutMs: 60_000 }).catch((err) => {
      throw new Error(`${err.message}\n${serverLog.join('\n')}`);
    });
    measured.restartToReady = ms(performance.now() - restarted);
    const describe = temporal('workflow', 'describe', '--workflow-id', 'survivor');
    expect(describe.status, describe.stderr).toBe(0);
    const info = JSON.parse(describe.stdout).workflowExecutionInfo;
    expect(info.execution).toEqual({ workflowId: 'survivor', runId });
    expect(info.type.name).toBe('y');
    expect(info.status).toBe('WORKFLOW_EXECUTION_STATUS_RUNNING');
  }, 120_000);

  it('stops on SIGTERM and leaves no port open', async () => {
    const child = server as ChildProcess;
    const stopping = performance.now();
    child.kill('SIGTERM');
    await exited(child);
    measured.sigtermToExit = ms(performance.now() - stopping);
    expect(child.signalCode ?? child.exitCode).toBe(0);
    expect(await listeningPorts()).toEqual([]);
    server = null;
  }, 60_000);
});
