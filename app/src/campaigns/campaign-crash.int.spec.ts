import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// A campaign sending as fast as it can when the process of its Temporal worker is killed (SIGKILL,
// nothing closed, nothing handed back) and another one starts: the run resumes by itself, and every
// phone still gets exactly one message.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const RECIPIENTS = 300;

describe('campaign run across a killed worker process', () => {
  let system: TestSystem;
  let token: string;
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `55218${stamp}${String(i).padStart(3, '0')}`);
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await system.api(method, path, { token, body });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  /** The workflows role in a process of its own, as `npm start` runs it; resolves once it polls. */
  async function startWorkerProcess(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: system.databaseUrl, ZELO_ROLES: 'workflows', ZELO_LOG: 'false' },
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${output}`)), 90_000);
      const seen = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("state: 'RUNNING'")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', seen);
      child.stderr?.on('data', seen);
      child.once('exit', (code) => reject(new Error(`the worker exited with ${code}:\n${output}`)));
    });
    return child;
  }
  const kill = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };

  let worker: ChildProcess | null = null;

  beforeAll(async () => {
    system = await startTestSystem();
    ({ token } = await system.login(DEMO.email, DEMO.password));
  }, 120_000);
  afterAll(async () => {
    if (worker) await kill(worker);
    await system?.close();
  });

  it('SIGKILL mid-run, another worker starts: the run finishes and each phone got exactly one message', async () => {
    for (const [i, number] of numbers.entries())
      await call('POST', '/simulator/phones', { number, name: `Cliente ${i}` });
    await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
    const listId = (await call('POST', '/contact-lists', { name: 'Queda do worker' })).id as string;
    const book = XLSX.utils.book_new();
    const rows = numbers.map((n, i) => [`Cliente ${i}`, n, '']);
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['nome', 'numero', 'email'], ...rows]), 'C');
    const form = new FormData();
    form.append('file', new Blob([XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })]), 'lista.xlsx');
    const upload = await fetch(`${system.url}/contact-lists/${listId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const valid = async () =>
      (
        await system.ctx.pool.query(
          'SELECT count(*)::int AS n FROM contact_list_items WHERE contact_list_id = $1 AND is_whatsapp_valid',
          [listId],
        )
      ).rows[0].n;
    await eventually(async () => (await valid()) === RECIPIENTS, 60_000, 'every number checked');

    worker = await startWorkerProcess();
    const campaign = await call('POST', '/campaigns', {
      name: 'Queda do worker',
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
    const sent = async () => (await call('GET', `/campaigns/${campaign.id}`)).sent as number;

    // Killed in the middle of the run, batches in flight.
    await eventually(async () => (await sent()) >= 60, 60_000, 'the campaign under way');
    await kill(worker);
    const atKill = await sent();
    expect(atKill).toBeLessThan(RECIPIENTS);

    worker = await startWorkerProcess();
    await eventually(
      async () => (await call('GET', `/campaigns/${campaign.id}`)).status === 'FINALIZADA',
      120_000,
      'FINALIZADA after the restart',
    );

    const { rows: perPhone } = await system.ctx.pool.query<{ number: string; n: number }>(
      `SELECT number, count(*)::int AS n FROM sim_messages
        WHERE direction = 'outbound' AND number = ANY($1::text[]) GROUP BY number`,
      [numbers],
    );
    expect(perPhone.filter((p) => p.n !== 1)).toEqual([]);
    expect(perPhone).toHaveLength(RECIPIENTS);
    const { rows: shipments } = await system.ctx.pool.query(
      `SELECT count(*)::int AS n, count(DISTINCT data->>'index')::int AS d FROM es_events
        WHERE stream_id = $1 AND type = 'CampaignShipmentSent'`,
      [`campaign-${campaign.id}`],
    );
    expect(shipments[0]).toEqual({ n: RECIPIENTS, d: RECIPIENTS });
    expect(await sent()).toBe(RECIPIENTS);
  }, 300_000);
});
