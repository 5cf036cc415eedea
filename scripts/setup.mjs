#!/usr/bin/env node
// Idempotent set-up run by `npm start`, `npm test` and `.ci/run`: the Temporal CLI and its dev server,
// Mailpit (the SMTP server that catches the app's e-mail, with an inbox and an HTTP API), the
// PostgreSQL database (migrations are the app's job), the workflow bundle, and with --for-tests Chromium. The Temporal server
// on PostgreSQL and its SQL tool (deploy/temporal-server.mjs) and nginx (deploy/load-balancer.mjs) are
// installed with --for-tests and --cluster; --cluster also sets up or updates the schema of the databases `npm run start:cluster` uses.
// Each step prints one line; any failure exits non-zero with the reason.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureNginx } from '../deploy/load-balancer.mjs';
import { ensureTemporalServerBinaries, setupTemporalSchema } from '../deploy/temporal-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const forTests = process.argv.includes('--for-tests');
const cluster = process.argv.includes('--cluster');
/** The Temporal databases of `npm run start:cluster` (deploy/cluster.mjs names them after the cluster). */
const CLUSTER_TEMPORAL_DATABASE = 'temporal_cluster';
const TEMPORAL_VERSION = 'v1.5.1';
const TEMPORAL_HOST = '127.0.0.1';
const TEMPORAL_PORT = 7233;
const TEMPORAL_ADDRESS = `${TEMPORAL_HOST}:${TEMPORAL_PORT}`;
const MAILPIT_VERSION = 'v1.27.11';
const MAILPIT_HOST = '127.0.0.1';
const MAILPIT_SMTP_PORT = 1025;
const MAILPIT_HTTP_PORT = 8025;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zelo';

class SetupError extends Error {}
const say = (step, what) => console.log(`[setup] ${step}: ${what}`);

function onPath(name) {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The project's own CLI in .tools, installed with Go when missing; else one already on PATH. */
function ensureTemporalCli() {
  const tools = path.join(root, '.tools');
  const local = path.join(tools, 'temporal');
  if (existsSync(local)) {
    say('temporal cli', `${path.relative(root, local)} present`);
    return local;
  }
  if (onPath('go')) {
    mkdirSync(tools, { recursive: true });
    const started = Date.now();
    // v1.5.1 is the last tag whose go.mod has no `replace` directive, so `go install` accepts it.
    const r = spawnSync('go', ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_VERSION}`], {
      env: { ...process.env, GOBIN: tools },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0 || !existsSync(local))
      throw new SetupError(`go install of the Temporal CLI ${TEMPORAL_VERSION} failed`);
    say(
      'temporal cli',
      `installed ${TEMPORAL_VERSION} into .tools with go in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return local;
  }
  const global = onPath('temporal');
  if (global) {
    say('temporal cli', `using ${global} (no Go to install ${TEMPORAL_VERSION} into .tools)`);
    return global;
  }
  throw new SetupError(
    `the Temporal CLI is missing: install Go (then re-run) or put a \`temporal\` binary on PATH (https://docs.temporal.io/cli)`,
  );
}

function portOpen(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function namespaceReady(cli, namespace = 'default') {
  const r = spawnSync(
    cli,
    ['operator', 'namespace', 'describe', '--namespace', namespace, '--address', TEMPORAL_ADDRESS],
    {
      stdio: 'ignore',
      timeout: 10_000,
    },
  );
  return r.status === 0;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A dev server on 127.0.0.1:7233 that outlives this script (detached), persisted in .data. */
async function ensureTemporalServer(cli) {
  if ((await portOpen(TEMPORAL_HOST, TEMPORAL_PORT)) && namespaceReady(cli)) {
    say('temporal server', `already running on ${TEMPORAL_ADDRESS}`);
    return;
  }
  let child = null;
  if (!(await portOpen(TEMPORAL_HOST, TEMPORAL_PORT))) {
    const data = path.join(root, '.data');
    mkdirSync(data, { recursive: true });
    const log = openSync(path.join(data, 'temporal.log'), 'a');
    child = spawn(
      cli,
      [
        'server',
        'start-dev',
        '--ip',
        TEMPORAL_HOST,
        '--port',
        String(TEMPORAL_PORT),
        '--ui-port',
        '8233',
        '--db-filename',
        path.join(data, 'temporal.db'),
        // Write-ahead log without a sync per commit: a killed server loses nothing (only a machine's
        // power cut may lose its last moments), and a signal costs a quarter of the default's time.
        '--sqlite-pragma',
        'journal_mode=wal',
        '--sqlite-pragma',
        'synchronous=normal',
        '--log-level',
        'warn',
      ],
      { cwd: root, detached: true, stdio: ['ignore', log, log] },
    );
    child.unref();
  }
  // Otherwise something (perhaps a server another set-up just started) holds the port: wait for it.
  let exited = null;
  child?.once('exit', (code) => {
    exited = code;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited !== null && !(await portOpen(TEMPORAL_HOST, TEMPORAL_PORT))) {
      throw new SetupError(`the Temporal dev server exited with ${exited}; see .data/temporal.log`);
    }
    if ((await portOpen(TEMPORAL_HOST, TEMPORAL_PORT)) && namespaceReady(cli)) {
      say(
        'temporal server',
        child
          ? `started on ${TEMPORAL_ADDRESS} (pid ${child.pid}, UI :8233, log .data/temporal.log)`
          : `ready on ${TEMPORAL_ADDRESS}`,
      );
      return;
    }
    await sleep(300);
  }
  throw new SetupError(
    `the Temporal dev server did not answer on ${TEMPORAL_ADDRESS} within 60 s; see .data/temporal.log`,
  );
}

/**
 * The namespaces test workers run their workflows in (workflows/src/testing/namespace.ts): test files
 * run in parallel, each vitest worker in a namespace of its own. The dev server keeps them in its
 * database, so this registers them once per machine.
 */
async function ensureTestNamespaces(cli) {
  const TEST_NAMESPACES = 8;
  const names = Array.from({ length: TEST_NAMESPACES }, (_, i) => `zelo-test-${i + 1}`);
  const missing = names.filter((name) => !namespaceReady(cli, name));
  for (const name of missing) {
    spawnSync(
      cli,
      [
        'operator',
        'namespace',
        'create',
        '--namespace',
        name,
        '--retention',
        '24h',
        '--address',
        TEMPORAL_ADDRESS,
      ],
      { stdio: 'ignore', timeout: 10_000 },
    );
  }
  const deadline = Date.now() + 30_000;
  while (missing.some((name) => !namespaceReady(cli, name))) {
    if (Date.now() > deadline)
      throw new SetupError(`could not register the Temporal namespaces ${missing.join(', ')}`);
    await sleep(300);
  }
  if (missing.length) say('temporal namespaces', `registered ${missing.join(', ')}`);
}

/** Mailpit in .tools, installed with Go when missing (like the Temporal CLI); else one on PATH. */
function ensureMailpitBinary() {
  const tools = path.join(root, '.tools');
  const local = path.join(tools, 'mailpit');
  if (existsSync(local)) {
    say('mailpit', `${path.relative(root, local)} present`);
    return local;
  }
  if (onPath('go')) {
    mkdirSync(tools, { recursive: true });
    const started = Date.now();
    const r = spawnSync('go', ['install', `github.com/axllent/mailpit@${MAILPIT_VERSION}`], {
      env: { ...process.env, GOBIN: tools },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0 || !existsSync(local))
      throw new SetupError(`go install of Mailpit ${MAILPIT_VERSION} failed`);
    say(
      'mailpit',
      `installed ${MAILPIT_VERSION} into .tools with go in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return local;
  }
  const global = onPath('mailpit');
  if (global) {
    say('mailpit', `using ${global} (no Go to install ${MAILPIT_VERSION} into .tools)`);
    return global;
  }
  throw new SetupError(
    'Mailpit is missing: install Go (then re-run) or put a `mailpit` binary on PATH (https://mailpit.axllent.org)',
  );
}

async function mailpitAnswers() {
  try {
    const res = await fetch(`http://${MAILPIT_HOST}:${MAILPIT_HTTP_PORT}/api/v1/info`, {
      signal: AbortSignal.timeout(2_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Mailpit on 127.0.0.1 (SMTP :1025, inbox and API :8025) that outlives this script (detached), its
 * messages in .data/mailpit.db (the newest 5 000 kept: tests send many).
 */
async function ensureMailpit(bin) {
  const smtpOpen = await portOpen(MAILPIT_HOST, MAILPIT_SMTP_PORT);
  if (smtpOpen && (await mailpitAnswers())) {
    say(
      'mailpit',
      `already running (SMTP ${MAILPIT_HOST}:${MAILPIT_SMTP_PORT}, inbox http://${MAILPIT_HOST}:${MAILPIT_HTTP_PORT})`,
    );
    return;
  }
  let child = null;
  if (!smtpOpen) {
    const data = path.join(root, '.data');
    mkdirSync(data, { recursive: true });
    const log = openSync(path.join(data, 'mailpit.log'), 'a');
    child = spawn(
      bin,
      [
        '--smtp',
        `${MAILPIT_HOST}:${MAILPIT_SMTP_PORT}`,
        '--listen',
        `${MAILPIT_HOST}:${MAILPIT_HTTP_PORT}`,
        '--database',
        path.join(data, 'mailpit.db'),
        '--max',
        '5000',
        '--disable-version-check',
        '--quiet',
      ],
      { cwd: root, detached: true, stdio: ['ignore', log, log] },
    );
    child.unref();
  }
  // Otherwise something (perhaps a Mailpit another set-up just started) holds the port: wait for it.
  let exited = null;
  child?.once('exit', (code) => {
    exited = code;
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited !== null && !(await portOpen(MAILPIT_HOST, MAILPIT_SMTP_PORT))) {
      throw new SetupError(`Mailpit exited with ${exited}; see .data/mailpit.log`);
    }
    if ((await portOpen(MAILPIT_HOST, MAILPIT_SMTP_PORT)) && (await mailpitAnswers())) {
      say(
        'mailpit',
        child
          ? `started (pid ${child.pid}, SMTP ${MAILPIT_HOST}:${MAILPIT_SMTP_PORT}, inbox http://${MAILPIT_HOST}:${MAILPIT_HTTP_PORT}, log .data/mailpit.log)`
          : `ready on ${MAILPIT_HOST}:${MAILPIT_SMTP_PORT}`,
      );
      return;
    }
    await sleep(200);
  }
  throw new SetupError(
    `Mailpit did not answer on ${MAILPIT_HOST}:${MAILPIT_SMTP_PORT} and :${MAILPIT_HTTP_PORT} within 30 s; see .data/mailpit.log`,
  );
}

async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) throw new SetupError(`DATABASE_URL names no database: ${databaseUrl}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new SetupError(`cannot reach PostgreSQL at ${url.host}: ${err.message}`);
  }
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount > 0) return say('database', `${name} exists on ${url.host}`);
    try {
      await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    } catch (err) {
      // 42P04: created concurrently by another set-up, which is what we wanted.
      if (err.code !== '42P04') throw new SetupError(`cannot create database ${name}: ${err.message}`);
    }
    say('database', `created ${name} on ${url.host}`);
  } finally {
    await admin.end();
  }
}

function ensureChromium() {
  const chromium = '/usr/bin/chromium';
  if (existsSync(chromium)) return say('chromium', `${chromium} present`);
  if (process.getuid?.() !== 0) {
    throw new SetupError(
      `${chromium} is missing and installing it needs root: run \`sudo apt-get install -y chromium\``,
    );
  }
  const run = (args) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (
    run(['update']).status !== 0 ||
    run(['install', '-y', 'chromium']).status !== 0 ||
    !existsSync(chromium)
  ) {
    throw new SetupError('apt-get install chromium failed');
  }
  say('chromium', `installed ${chromium} with apt-get`);
}

/** The cluster's Temporal schema, on the PostgreSQL server DATABASE_URL names. */
async function ensureClusterTemporalSchema(sqlTool) {
  const url = new URL(databaseUrl);
  try {
    await setupTemporalSchema({
      sqlTool,
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username || 'postgres'),
      password: url.password ? decodeURIComponent(url.password) : undefined,
      database: CLUSTER_TEMPORAL_DATABASE,
      visibilityDatabase: `${CLUSTER_TEMPORAL_DATABASE}_visibility`,
      say,
    });
  } catch (err) {
    throw new SetupError(`the cluster's Temporal schema: ${err.message}`);
  }
}

/** The workflow bundle of today's sources, so that no worker (or parallel test file) bundles at start. */
function ensureWorkflowBundle() {
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'workflows/src/bundle.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new SetupError(`the workflow bundle: ${(r.stderr || r.stdout).trim()}`);
  say('workflow bundle', `${r.stdout.trim()} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  const cli = ensureTemporalCli();
  await ensureTemporalServer(cli);
  await ensureMailpit(ensureMailpitBinary());
  await ensureDatabase();
  ensureWorkflowBundle();
  if (forTests || cluster) {
    let binaries;
    try {
      binaries = ensureTemporalServerBinaries({ root, say });
    } catch (err) {
      throw new SetupError(err.message);
    }
    if (cluster) await ensureClusterTemporalSchema(binaries.sqlTool);
    try {
      ensureNginx({ say });
    } catch (err) {
      throw new SetupError(err.message);
    }
  }
  if (forTests) {
    await ensureTestNamespaces(cli);
    ensureChromium();
  }
} catch (err) {
  console.error(`[setup] failed: ${err instanceof SetupError ? err.message : (err.stack ?? err)}`);
  process.exit(1);
}
