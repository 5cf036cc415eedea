// The Temporal server on PostgreSQL, as a deployment runs it (not the dev server): its two binaries
// built from the Go module proxy into .tools, its two databases created and migrated with Temporal's
// own SQL tool, and one server process (frontend, history, matching, worker) configured by
// deploy/temporal/postgres.yaml, the template docker compose mounts too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const TEMPORAL_SERVER_VERSION = 'v1.29.1';
const MODULE = 'go.temporal.io/server';
const DEPLOY_DIR = fileURLToPath(new URL('.', import.meta.url));
const CONFIG_DIR = path.join(DEPLOY_DIR, 'temporal');
/** postgres.yaml is read as the server's environment "postgres" (config/<env>.yaml). */
const CONFIG_ENV = 'postgres';
/** cluster_membership.rpc_port is a SMALLINT. */
export const MAX_MEMBERSHIP_PORT = 32_767;
const SCHEMAS = { main: 'postgresql/v12/temporal', visibility: 'postgresql/v12/visibility' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quiet = () => {};

/** "1.29.1" when the binary at `file` says it is that version, else null (missing, broken, other). */
function binaryVersion(file) {
  if (!existsSync(file)) return null;
  const r = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return /version (\d+\.\d+\.\d+)/.exec(r.stdout ?? '')?.[1] ?? null;
}

/**
 * The server and its SQL schema tool in `<root>/.tools`, built with `go install` when missing or of
 * another version (go install names them `server` and `sql`: built into a folder of their own, then
 * renamed, so a half-built binary is never in place).
 * @param {{ root: string, say?: (step: string, what: string) => void }} options
 * @returns {{ server: string, sqlTool: string }}
 */
export function ensureTemporalServerBinaries({ root, say = quiet }) {
  const tools = path.join(root, '.tools');
  const wanted = TEMPORAL_SERVER_VERSION.slice(1);
  const binaries = [
    { file: path.join(tools, 'temporal-server'), pkg: `${MODULE}/cmd/server`, built: 'server' },
    { file: path.join(tools, 'temporal-sql-tool'), pkg: `${MODULE}/cmd/tools/sql`, built: 'sql' },
  ];
  for (const { file, pkg, built } of binaries) {
    const name = path.basename(file);
    if (binaryVersion(file) === wanted) {
      say(name, `.tools/${name} ${TEMPORAL_SERVER_VERSION} present`);
      continue;
    }
    if (spawnSync('go', ['version'], { stdio: 'ignore' }).status !== 0) {
      throw new Error(
        `.tools/${name} ${TEMPORAL_SERVER_VERSION} is missing and Go is not installed to build it: install Go (https://go.dev/dl), then run \`node scripts/setup.mjs --cluster\` again`,
      );
    }
    const bin = path.join(tools, `.go-install-${name}-${process.pid}`);
    mkdirSync(bin, { recursive: true });
    try {
      const started = Date.now();
      const r = spawnSync('go', ['install', `${pkg}@${TEMPORAL_SERVER_VERSION}`], {
        env: { ...process.env, GOBIN: bin },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (r.status !== 0 || !existsSync(path.join(bin, built)))
        throw new Error(`go install ${pkg}@${TEMPORAL_SERVER_VERSION} failed`);
      renameSync(path.join(bin, built), file);
      say(
        name,
        `installed ${TEMPORAL_SERVER_VERSION} into .tools with go in ${Math.round((Date.now() - started) / 1000)} s`,
      );
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  }
  return { server: binaries[0].file, sqlTool: binaries[1].file };
}

/**
 * @param {{ host: string, port: number, user: string, password?: string }} pgOptions
 * @param {string} database
 * @param {(client: pg.Client) => Promise<any>} work
 */
async function withClient(pgOptions, database, work) {
  const client = new pg.Client({ ...pgOptions, database, connectionTimeoutMillis: 10_000 });
  client.on('error', quiet);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The schema version Temporal's tool recorded in `database`, or null before any set-up. */
function schemaVersion(pgOptions, database) {
  return withClient(pgOptions, database, async (client) => {
    const table = await client.query(`SELECT to_regclass('schema_version') IS NOT NULL AS found`);
    if (!table.rows[0].found) return null;
    const r = await client.query('SELECT curr_version FROM schema_version WHERE db_name = $1', [database]);
    return r.rows[0]?.curr_version ?? null;
  });
}

/**
 * Creates both databases when missing, sets up the schema of a new one and brings an existing one to
 * the newest version this server ships. Idempotent: on an up-to-date pair it changes nothing.
 * @param {{
 *   sqlTool: string, host: string, port: number, user: string, password?: string,
 *   database: string, visibilityDatabase: string, say?: (step: string, what: string) => void,
 * }} options
 * @returns {Promise<{ database: string, from: string | null, to: string }[]>} each database's version before and after
 */
export async function setupTemporalSchema({
  sqlTool,
  host,
  port,
  user,
  password,
  database,
  visibilityDatabase,
  say = quiet,
}) {
  const pgOptions = { host, port, user, password };
  const results = [];
  for (const [db, schemaName] of [
    [database, SCHEMAS.main],
    [visibilityDatabase, SCHEMAS.visibility],
  ]) {
    const started = Date.now();
    await withClient(pgOptions, 'postgres', async (admin) => {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db]);
      if (found.rowCount) return;
      await admin.query(`CREATE DATABASE "${db.replaceAll('"', '""')}"`).catch((err) => {
        if (err.code !== '42P04') throw err; // created meanwhile by someone else: what we wanted
      });
    });
    const from = await schemaVersion(pgOptions, db);
    const tool = (...args) => {
      const r = spawnSync(
        sqlTool,
        ['--plugin', 'postgres12', '--ep', host, '--port', String(port), '--user', user, '--db', db, ...args],
        // The password goes by environment, not on a command line anyone can read in ps.
        { encoding: 'utf8', env: { ...process.env, SQL_PASSWORD: password ?? '' }, timeout: 300_000 },
      );
      if (r.status !== 0)
        throw new Error(`temporal-sql-tool ${args[0]} on ${db} failed:\n${r.stdout}${r.stderr}`.trim());
    };
    // Version tables only, then every versioned step up to the newest: the path upgrades take too.
    if (from === null) tool('setup-schema', '--version', '0.0');
    tool('update-schema', '--schema-name', schemaName);
    const to = await schemaVersion(pgOptions, db);
    if (!to) throw new Error(`temporal-sql-tool left no schema version in ${db}`);
    const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
    say(
      'temporal schema',
      from === to
        ? `${db} at version ${to}`
        : `${db} ${from === null ? 'set up' : `updated from ${from}`} to version ${to} in ${took}`,
    );
    results.push({ database: db, from, to });
  }
  return results;
}

/**
 * The environment postgres.yaml reads for a server on port base B (frontend gRPC B+20, HTTP B+21,
 * history B+22, matching B+23, worker B+24, membership B+30..B+33), bound to 127.0.0.1. Every port is
 * given explicitly, so a stray FRONTEND_GRPC_PORT in the caller's environment cannot move one.
 * B+33 must not pass 32767 (MAX_MEMBERSHIP_PORT): a port base for tests is best taken below 32700.
 * @param {{
 *   portBase: number, host: string, port: number, user: string, password?: string,
 *   database: string, visibilityDatabase: string, logLevel?: string,
 * }} options
 * @returns {Record<string, string>}
 */
export function temporalServerEnv({
  portBase,
  host,
  port,
  user,
  password,
  database,
  visibilityDatabase,
  logLevel,
}) {
  // Temporal records each member's port in a SMALLINT column (cluster_membership.rpc_port): a
  // membership port above 32767 makes the server exit at start.
  if (!Number.isInteger(portBase) || portBase < 1 || portBase + 33 > MAX_MEMBERSHIP_PORT)
    throw new Error(
      `port base ${portBase} cannot be used by Temporal: its membership ports B+30..B+33 must lie within 1..${MAX_MEMBERSHIP_PORT} (a SMALLINT in its PostgreSQL schema), so the base within 1..${MAX_MEMBERSHIP_PORT - 33}`,
    );
  const at = (offset) => String(portBase + offset);
  return {
    POSTGRES_SEEDS: host,
    DB_PORT: String(port),
    POSTGRES_USER: user,
    POSTGRES_PWD: password ?? '',
    DBNAME: database,
    VISIBILITY_DBNAME: visibilityDatabase,
    BIND_ON_IP: '127.0.0.1',
    TEMPORAL_BROADCAST_ADDRESS: '127.0.0.1',
    TEMPORAL_PORT_BASE: at(0),
    FRONTEND_GRPC_PORT: at(20),
    FRONTEND_HTTP_PORT: at(21),
    HISTORY_GRPC_PORT: at(22),
    MATCHING_GRPC_PORT: at(23),
    WORKER_GRPC_PORT: at(24),
    FRONTEND_MEMBERSHIP_PORT: at(30),
    HISTORY_MEMBERSHIP_PORT: at(31),
    MATCHING_MEMBERSHIP_PORT: at(32),
    WORKER_MEMBERSHIP_PORT: at(33),
    LOG_LEVEL: logLevel ?? 'warn',
    DYNAMIC_CONFIG_FILE_PATH: path.join(CONFIG_DIR, 'dynamicconfig.yaml'),
  };
}

/**
 * Starts the server: the Go binary itself (no shell, no daemon, not detached), so the returned
 * child's pid is the whole server and a SIGKILL of it stops every service at once. SIGTERM stops it
 * gracefully. The caller supervises it.
 * @param {{ server: string, env: Record<string, string | undefined>, stdio?: import('node:child_process').StdioOptions }} options
 * @returns {import('node:child_process').ChildProcess}
 */
export function spawnTemporalServer({ server, env, stdio = 'inherit' }) {
  // The server joins --root and --config (an absolute --config alone would lose its leading slash).
  const args = [
    '--root',
    DEPLOY_DIR,
    '--config',
    'temporal',
    '--env',
    CONFIG_ENV,
    '--allow-no-auth',
    'start',
  ];
  return spawn(server, args, {
    env: { ...process.env, ...env },
    stdio,
  });
}

/** Runs the CLI without blocking the event loop (a supervisor shares it): its exit code and output. */
function runCli(cli, args, timeoutMs = 10_000) {
  return new Promise((resolve) => {
    const child = spawn(cli, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('error', (err) => resolve({ code: -1, output: err.message }));
    child.once('close', (code) => resolve({ code: code ?? -1, output: output.trim() }));
  });
}

const describeNamespace = (cli, address, namespace) =>
  runCli(cli, ['operator', 'namespace', 'describe', '--namespace', namespace, '--address', address]);

/**
 * Waits until the server at `address` answers for `namespace` (temporal-system exists on any started
 * server; a fresh one has no `default`). Given the server's `child`, fails at once if it exits.
 * @param {{
 *   cli: string, address: string, namespace?: string, timeoutMs?: number,
 *   child?: import('node:child_process').ChildProcess,
 * }} options
 * @returns {Promise<number>} milliseconds waited
 */
export async function waitTemporalReady({
  cli,
  address,
  namespace = 'temporal-system',
  timeoutMs = 60_000,
  child,
}) {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < timeoutMs) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(
        `the Temporal server exited (${child.signalCode ?? child.exitCode}) before it was ready`,
      );
    const r = await describeNamespace(cli, address, namespace);
    if (r.code === 0) return Date.now() - started;
    last = r.output;
    await sleep(200);
  }
  throw new Error(
    `Temporal at ${address} did not answer for namespace ${namespace} within ${timeoutMs} ms: ${last}`,
  );
}

/**
 * Registers `namespace` when missing (a fresh server has none but temporal-system) and waits until
 * the server serves it: describing a namespace reads the database, but starting a workflow needs it in
 * the caches of the frontend and history services, refreshed every few seconds. A workflow describe
 * passes both, so "workflow not found" rather than "namespace not found" means it is usable.
 * @param {{ cli: string, address: string, namespace: string, retention?: string, timeoutMs?: number }} options
 * @returns {Promise<{ created: boolean }>}
 */
export async function ensureNamespace({ cli, address, namespace, retention = '72h', timeoutMs = 30_000 }) {
  const started = Date.now();
  let created = false;
  if ((await describeNamespace(cli, address, namespace)).code !== 0) {
    const r = await runCli(cli, [
      'operator',
      'namespace',
      'create',
      '--namespace',
      namespace,
      '--retention',
      retention,
      '--address',
      address,
    ]);
    // Another caller may have registered it meanwhile: what we wanted.
    if (r.code !== 0 && !/already (exists|registered)/i.test(r.output))
      throw new Error(`could not create the Temporal namespace ${namespace} at ${address}: ${r.output}`);
    created = r.code === 0;
  }
  const probe = ['workflow', 'describe', '--workflow-id', 'zelo-namespace-probe', '--namespace', namespace];
  let last = '';
  while (Date.now() - started < timeoutMs) {
    const r = await runCli(cli, [...probe, '--address', address]);
    if (r.code === 0 || /workflow not found/i.test(r.output)) return { created };
    last = r.output;
    await sleep(200);
  }
  throw new Error(
    `the Temporal namespace ${namespace} at ${address} was not served within ${timeoutMs} ms: ${last}`,
  );
}
