/**
 * Records the workflow histories that replay.int.spec.ts replays: every case of every workflow's
 * `histories/cases.ts`, run on the real Temporal dev server with fake activities, its history saved as
 * `histories/<case>.json` beside the cases. Record from the code that is deployed (a clean checkout of it),
 * before a change: a history recorded from the changed code only tests that code against itself. So a
 * file that exists is kept; record new cases under new names, and replace one only with --overwrite.
 *
 * Usage: npx tsx workflows/src/testing/record-histories.ts [--overwrite] [filter ...]
 *   a filter is part of `<context>/<name>/<case>`, e.g. `ticket-automation` or `run-campaign/paced`.
 * Needs the dev server on TEMPORAL_ADDRESS or 127.0.0.1:7233 (`node scripts/setup.mjs` starts it).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { ticketAutomationHistories } from '../automation/ticket-automation/histories/cases.ts';
import { renewSubscriptionHistories } from '../billing/renew-subscription/histories/cases.ts';
import { runCampaignHistories } from '../campaigns/run-campaign/histories/cases.ts';
import { eraseContactHistories } from '../privacy/erase-contact/histories/cases.ts';
import { exportContactHistories } from '../privacy/export-contact/histories/cases.ts';
import { messageRetentionHistories } from '../privacy/retention/histories/cases.ts';
import { deliverWebhookHistories } from '../queue-integrations/deliver-webhook/histories/cases.ts';
import { sendScheduledMessageHistories } from '../schedules/send-scheduled-message/histories/cases.ts';
import { eraseCompanyHistories } from '../tenancy/erase-company/histories/cases.ts';
import { ticketTimerHistories } from '../tickets/ticket-timer/histories/cases.ts';
import { defaultTemporalAddress, startWorker } from '../worker.ts';
import {
  type Falsy,
  type HistoryCase,
  historyToJSON,
  type Recording,
  type WorkflowHistories,
  workflowsRoot,
} from './histories.ts';

const all: WorkflowHistories[] = [
  ticketAutomationHistories,
  runCampaignHistories,
  ticketTimerHistories,
  sendScheduledMessageHistories,
  renewSubscriptionHistories,
  eraseCompanyHistories,
  deliverWebhookHistories,
  eraseContactHistories,
  exportContactHistories,
  messageRetentionHistories,
];

const args = process.argv.slice(2);
const overwrite = args.includes('--overwrite');
const filters = args.filter((a) => !a.startsWith('--'));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function eventually<T>(fn: () => Falsy<T> | Promise<Falsy<T>>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Running, with no workflow task and no activity in progress, twice in a row: where a run rests. */
async function idle(handle: WorkflowHandle) {
  const deadline = Date.now() + 60_000;
  for (let quiet = 0; quiet < 2; ) {
    if (Date.now() > deadline) throw new Error('the run did not come to rest within 60 s');
    await sleep(150);
    const d = await handle.describe();
    if (d.status.name !== 'RUNNING')
      throw new Error(`expected the run to be waiting, it is ${d.status.name}`);
    const busy = d.raw.pendingWorkflowTask || (d.raw.pendingActivities?.length ?? 0) > 0;
    quiet = busy ? 0 : quiet + 1;
  }
}

/** Open: its history ends on a completed workflow task, as a deployment has it in flight. Closed: closed. */
async function settle(handle: WorkflowHandle, state: HistoryCase['state']): Promise<string> {
  if (state === 'open') {
    await idle(handle);
    return 'RUNNING';
  }
  return eventually(
    async () => {
      const { status } = await handle.describe();
      return status.name !== 'RUNNING' && status.name;
    },
    'the run to close',
    60_000,
  );
}

async function main() {
  // ERROR: the failing activities of some cases are the point, not news.
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const selected = all.flatMap((w) =>
    w.cases
      .filter((c) => filters.length === 0 || filters.some((f) => `${w.dir}/${c.name}`.includes(f)))
      .map((c) => ({ w, c, file: path.join(workflowsRoot, w.dir, 'histories', `${c.name}.json`) })),
  );
  const todo = selected.filter((s) => overwrite || !existsSync(s.file));
  for (const s of selected.filter((s) => !todo.includes(s)))
    console.log(`kept      ${path.relative(workflowsRoot, s.file)} (exists; --overwrite replaces it)`);
  if (todo.length === 0) return;

  const connection = await Connection.connect({ address: defaultTemporalAddress });
  const client = new Client({ connection });
  const taskQueue = `record-histories-${randomUUID()}`;
  const worker = await startWorker({
    taskQueue,
    activities: Object.assign({}, ...all.map((w) => w.activities)),
  });
  const recording: Recording = { client, taskQueue, eventually, idle };
  try {
    for (const { c, file } of todo) {
      const started = Date.now();
      const handle = await c.run(recording);
      const status = await settle(handle, c.state);
      const history = await handle.fetchHistory();
      if (c.state === 'open') await handle.terminate('recorded for the replay test');
      mkdirSync(path.dirname(file), { recursive: true });
      const json = historyToJSON(history) as { events: { eventType: string }[] };
      writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
      const { events } = json;
      const last = events.at(-1)?.eventType.replace('EVENT_TYPE_', '');
      console.log(
        `recorded  ${path.relative(workflowsRoot, file)}: ${events.length} events, ${status}, ` +
          `last ${last}, ${Date.now() - started} ms`,
      );
    }
  } finally {
    await worker.stop();
    await connection.close();
  }
}

await main();
