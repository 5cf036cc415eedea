// Campaign pacing accuracy: the campaign workflow on the Temporal dev server walks 100 recipients at
// messageInterval 2 s, a 10 s pause after every 20, jitter 0, and the gaps between the times its send
// activity queued each message are compared with the configured ones (mean, p99, worst deviation).
// The activities are in-process stand-ins that record the queue time (what the product's activity
// returns as queuedAt), so the figures are the workflow's pacing: timers, task dispatch, activity start.
//
//   BENCH_PHASES=pacing npm run bench:campaign   (about 4 minutes; RECIPIENTS, INTERVAL, AFTER, PAUSE override)
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { RunSettings } from '@zelo/contracts/campaigns/events';
import {
  createCampaignActivities,
  sendOneByOne,
} from '../workflows/src/campaigns/run-campaign/activities.ts';
import { campaignRunsClient } from '../workflows/src/campaigns/run-campaign/client.ts';
import { campaignWorkflowId } from '../workflows/src/campaigns/run-campaign/workflow.ts';
import { defaultTemporalAddress, startWorker } from '../workflows/src/worker.ts';

const total = Number(process.env.RECIPIENTS ?? 100);
const settings: RunSettings = {
  messageInterval: Number(process.env.INTERVAL ?? 2),
  longerIntervalAfter: Number(process.env.AFTER ?? 20),
  greaterInterval: Number(process.env.PAUSE ?? 10),
  jitterSeconds: 0,
  sendingWindow: null,
  timeZone: 'America/Sao_Paulo',
  dailyLimitPerConnection: 0,
};

const queuedAt: number[] = [];
const shipped = new Set<number>();
let status = 'PROGRAMADA';
const activities = createCampaignActivities({
  async startRun() {
    status = 'EM_ANDAMENTO';
    let nextIndex = 0;
    while (shipped.has(nextIndex)) nextIndex++;
    return { outcome: 'running', total, nextIndex, settings };
  },
  runSettings: async () => settings,
  async sendRecipient(_id, index) {
    if (shipped.has(index)) return { outcome: 'already' };
    const at = Date.now();
    queuedAt[index] = at;
    shipped.add(index);
    return { outcome: 'sent', queuedAt: at };
  },
  // As the runtime's batch: each recipient as one send would, stopping at the cap or a stop.
  sendRecipients(campaignId, from, count, progress) {
    return sendOneByOne(this.sendRecipient, campaignId, from, count, progress);
  },
  async failRecipient() {},
  async finishRun() {
    status = 'FINALIZADA';
    return 'finished';
  },
});

Runtime.install({ logger: new DefaultLogger('WARN') });
const taskQueue = `bench-campaign-${randomUUID()}`;
const worker = await startWorker({ taskQueue, activities });
const connection = await Connection.connect({ address: defaultTemporalAddress });
const client = new Client({ connection });
const campaignId = randomUUID();
const expectedS =
  (total - 1) * settings.messageInterval +
  (settings.longerIntervalAfter > 0
    ? Math.floor((total - 1) / settings.longerIntervalAfter) *
      (settings.greaterInterval - settings.messageInterval)
    : 0);
console.log(
  `campaign of ${total} recipients: messageInterval ${settings.messageInterval} s, ` +
    `${settings.greaterInterval} s after every ${settings.longerIntervalAfter}, jitter 0 (expected ≈ ${expectedS} s)`,
);
const t0 = Date.now();
await campaignRunsClient(client, taskQueue).start({ campaignId, scheduledAt: new Date().toISOString() });
const result = await client.workflow.getHandle(campaignWorkflowId(campaignId)).result();
const wall = (Date.now() - t0) / 1000;

const deviations: number[] = [];
for (let n = 1; n < total; n++) {
  const long = settings.longerIntervalAfter > 0 && n % settings.longerIntervalAfter === 0;
  const configured = (long ? settings.greaterInterval : settings.messageInterval) * 1000;
  deviations.push(queuedAt[n] - queuedAt[n - 1] - configured);
}
const sorted = [...deviations].sort((a, b) => a - b);
const mean = deviations.reduce((a, b) => a + b, 0) / deviations.length;
const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const worst = sorted.reduce((w, d) => (Math.abs(d) > Math.abs(w) ? d : w), 0);
console.log(`result ${result}, status ${status}, ${shipped.size} recipients, wall ${wall.toFixed(1)} s`);
console.log(
  `gap deviation from configured (ms, + = late): mean ${mean.toFixed(1)}, p50 ${p(0.5)}, p99 ${p(0.99)}, ` +
    `worst ${worst}, min ${sorted[0]}`,
);
console.log(
  `total drift over the run: ${((queuedAt[total - 1] - queuedAt[0]) / 1000 - expectedS).toFixed(2)} s`,
);

await worker.stop();
await connection.close();
