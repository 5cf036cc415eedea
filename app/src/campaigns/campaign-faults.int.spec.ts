import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { dropDatabase } from '@zelo/services/platform/db';
import { eventually } from '@zelo/services/testing/eventually';
import { testNamespace } from '@zelo/workflows/testing/namespace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validContactList } from '../testing/contact-lists.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// A campaign sending as fast as it can through a fault: the process of its Temporal worker killed
// (SIGKILL, nothing closed or handed back) and another started, or the Temporal server itself killed
// and started again. The run resumes by itself and every phone still gets exactly one message.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const RECIPIENTS = 300;
let serial = 0;

/** A running campaign of RECIPIENTS simulator phones at interval 0, scheduled a second ahead. */
async function fastCampaign(system: TestSystem, token: string) {
  const call = async (method: string, p: string, body?: unknown) => {
    const r = await system.api(method, p, { token, body });
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const stamp = `${String(Date.now() % 100_000).padStart(5, '0')}${serial++}`;
  const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `5521${stamp}${String(i).padStart(3, '0')}`);
  await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
  const listId = await validContactList(system, token, `Falha ${stamp}`, numbers);
  const campaign = await call('POST', '/campaigns', {
    name: `Falha ${stamp}`,
    message1: 'Olá {nome}!',
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    whatsappId: DEMO.whatsappId,
    scheduledAt: new Date(Date.now() + 1_000).toISOString(),
    contactListId: listId,
    tagListId: '',
    fileListId: '',
    status: 'PROGRAMADA',
    companyId: DEMO.companyId,
  });
  const read = async () =>
    (await call('GET', `/campaigns/${campaign.id}`)) as { sent: number; status: string };
  return {
    /** Resolves once at least `n` messages went. */
    sentAtLeast: (n: number) => eventually(async () => (await read()).sent >= n, 60_000, `${n} sent`),
    async expectFinishedEachPhoneOnce() {
      await eventually(async () => (await read()).status === 'FINALIZADA', 150_000, 'FINALIZADA');
      const { rows: perPhone } = await system.ctx.pool.query<{ n: number }>(
        `SELECT number, count(*)::int AS n FROM sim_messages
          WHERE direction = 'outbound' AND number = ANY($1::text[]) GROUP BY number`,
        [numbers],
      );
      expect(perPhone).toHaveLength(RECIPIENTS);
      expect(perPhone.filter((p) => p.n !== 1)).toEqual([]);
      const { rows } = await system.ctx.pool.query(
        `SELECT count(*)::int AS n, count(DISTINCT data->>'index')::int AS d FROM es_events
          WHERE stream_id = $1 AND type = 'CampaignMessageQueued'`,
        [`campaign-${campaign.id}`],
      );
      expect(rows[0]).toEqual({ n: RECIPIENTS, d: RECIPIENTS });
      expect((await read()).sent).toBe(RECIPIENTS);
    },
  };
}

/** A child process; resolves once its output says `ready`. */
async function startProcess(args: string[], env: Record<string, string>, ready: string) {
  const child = spawn(args[0], args.slice(1), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${output}`)), 90_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
  return child;
}

async function kill(child: ChildProcess | null) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe('campaign run across a killed worker process', () => {
  let system: TestSystem;
  let token: string;
  let worker: ChildProcess | null = null;
  /** The workflows role in a process of its own, as `npm start` runs it; resolves once it polls. */
  const startWorkerProcess = () =>
    startProcess(
      [process.execPath, '--import', 'tsx', 'app/src/main.ts'],
      {
        DATABASE_URL: system.databaseUrl,
        ZELO_ROLES: 'workflows',
        ZELO_LOG: 'false',
        // The test system's namespace: the API it started queues the campaign's run there.
        TEMPORAL_NAMESPACE: testNamespace(),
      },
      "state: 'RUNNING'",
    );

  beforeAll(async () => {
    system = await startTestSystem();
    ({ token } = await system.login(DEMO.email, DEMO.password));
  }, 120_000);
  afterAll(async () => {
    await kill(worker);
    await system?.close();
  });

  it('SIGKILL mid-run, another worker starts: the run finishes and each phone got exactly one message', async () => {
    worker = await startWorkerProcess();
    const run = await fastCampaign(system, token);
    // Killed in the middle of the run, batches in flight.
    await run.sentAtLeast(60);
    await kill(worker);
    worker = await startWorkerProcess();
    await run.expectFinishedEachPhoneOnce();
  }, 300_000);
});

describe('campaign run across a restart of the Temporal server', () => {
  // A server of this test's own (its port, its file): the machine's dev server is npm start's too.
  const dir = mkdtempSync(path.join(tmpdir(), 'zelo-temporal-'));
  const cli = path.join(root, '.tools', 'temporal');
  let port = 0;
  let server: ChildProcess | null = null;
  let system: TestSystem;
  let token: string;

  async function freePort(): Promise<number> {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const p = (s.address() as { port: number }).port;
    await new Promise((r) => s.close(r));
    return p;
  }
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  async function startServer() {
    server = spawn(
      cli,
      [
        'server',
        'start-dev',
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--headless',
        '--db-filename',
        path.join(dir, 'temporal.db'),
        '--log-level',
        'error',
      ],
      { stdio: 'ignore' },
    );
    await eventually(listening, 60_000, 'the Temporal server listening');
  }

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    port = await freePort();
    await startServer();
    system = await startTestSystem({
      env: {
        ZELO_ROLES: 'api,projections,channels,workflows',
        TEMPORAL_ADDRESS: `127.0.0.1:${port}`,
        // A fresh server of this test's own knows only the default namespace.
        TEMPORAL_NAMESPACE: 'default',
      },
    });
    ({ token } = await system.login(DEMO.email, DEMO.password));
  }, 120_000);
  afterAll(async () => {
    // A worker that lived through the restart sometimes takes minutes to stop (seen 1 run in 3, after
    // the test passed): wait a while, then end the server and the database regardless.
    const closed = system?.close().then(() => true);
    const inTime = await Promise.race([closed, new Promise((r) => setTimeout(() => r(false), 30_000))]);
    await kill(server);
    if (!inTime && system) await dropDatabase(system.databaseUrl);
    rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it('the server killed mid-run and started again on its file: the run finishes, each phone once', async () => {
    const run = await fastCampaign(system, token);
    await run.sentAtLeast(60);
    await kill(server);
    await new Promise((r) => setTimeout(r, 2_000));
    await startServer();
    await run.expectFinishedEachPhoneOnce();
  }, 300_000);
});
