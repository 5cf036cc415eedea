import { randomUUID } from 'node:crypto';
import type { RunSettings } from '@zelo/contracts/campaigns/events';
import type { HistoryCase, Recording, WorkflowHistories } from '../../../testing/histories.ts';
import { createCampaignActivities, sendOneByOne } from '../activities.ts';
import { campaignRunsClient } from '../client.ts';
import { campaignWorkflowId } from '../workflow.ts';

// The histories of campaign runs (record-histories.ts): waiting for the scheduled time (moved once),
// paced sends in flight, held by the daily cap, finished, cancelled. The fake stream decides as the
// services' runtime does: one shipment per index, the status, the cap.

interface FakeCampaign {
  status: 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA';
  scheduledAt: string;
  recipients: number;
  sent: Set<number>;
  /** Sends refused by the daily cap. */
  capped: number;
  settings: RunSettings;
  /** The number it sends from: paced campaigns on one take turns. */
  connection: string;
  /** Sends told to wait for the connection's interval. */
  waited: number;
  /** Once: the next send that finds the campaign stopped says so only when `release` settles. */
  hold?: { reached: () => void; release: Promise<void> };
}
const campaigns = new Map<string, FakeCampaign>();
/** Each connection's last paced message (ms). */
const lastPaced = new Map<string, number>();

const activities = createCampaignActivities({
  async startRun(campaignId) {
    const c = campaigns.get(campaignId);
    if (!c) return { outcome: 'skipped' };
    if (c.status === 'PROGRAMADA') {
      if (Date.parse(c.scheduledAt) > Date.now() + 2_000)
        return { outcome: 'not-due', scheduledAt: c.scheduledAt };
      c.status = 'EM_ANDAMENTO';
    }
    if (c.status !== 'EM_ANDAMENTO') return { outcome: 'skipped' };
    return { outcome: 'running', total: c.recipients, nextIndex: c.sent.size, settings: { ...c.settings } };
  },
  async runSettings(campaignId) {
    const c = campaigns.get(campaignId);
    return c ? { ...c.settings } : null;
  },
  async sendRecipient(campaignId, index, pace) {
    const c = campaigns.get(campaignId);
    if (c?.status !== 'EM_ANDAMENTO') {
      const hold = c?.hold;
      if (hold && c) {
        c.hold = undefined;
        hold.reached();
        await hold.release;
      }
      return { outcome: 'stopped' };
    }
    if (c.sent.has(index)) return { outcome: 'already' };
    const last = lastPaced.get(c.connection);
    if (pace && last !== undefined && Date.now() < last + pace.gapMs) {
      c.waited++;
      return { outcome: 'wait', notBefore: last + pace.gapMs };
    }
    if (pace) lastPaced.set(c.connection, Date.now());
    const cap = c.settings.dailyLimitPerConnection;
    if (cap > 0 && c.sent.size >= cap) {
      c.capped++;
      return { outcome: 'daily-limit' };
    }
    c.sent.add(index);
    return { outcome: 'sent', queuedAt: Date.now() };
  },
  // As the runtime's batch: each recipient as one send would, stopping at the cap or a stop.
  sendRecipients(campaignId, from, count, progress) {
    return sendOneByOne(this.sendRecipient, campaignId, from, count, progress);
  },
  async failRecipient() {},
  async finishRun(campaignId) {
    const c = campaigns.get(campaignId);
    if (c?.status !== 'EM_ANDAMENTO') return 'stopped';
    c.status = 'FINALIZADA';
    return 'finished';
  },
});

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const HOUR = 3_600_000;
const settings = (over: Partial<RunSettings> = {}): RunSettings => ({
  messageInterval: 0,
  longerIntervalAfter: 0,
  greaterInterval: 0,
  jitterSeconds: 0,
  sendingWindow: null,
  timeZone: 'America/Sao_Paulo',
  dailyLimitPerConnection: 0,
  ...over,
});

async function start(
  t: Recording,
  scheduledAt: string,
  recipients: number,
  over: Partial<RunSettings> = {},
  connection: string = randomUUID(),
) {
  const campaignId = randomUUID();
  const c: FakeCampaign = {
    status: 'PROGRAMADA',
    scheduledAt,
    recipients,
    sent: new Set(),
    capped: 0,
    settings: settings(over),
    connection,
    waited: 0,
  };
  campaigns.set(campaignId, c);
  const runs = campaignRunsClient(t.client, t.taskQueue);
  await runs.start({ campaignId, scheduledAt });
  return {
    c,
    runs,
    campaignId,
    handle: t.client.workflow.getHandle(campaignWorkflowId(campaignId)),
    sentCount: (n: number) => t.eventually(() => c.sent.size >= n, `${n} recipients sent`),
  };
}

const cases: HistoryCase[] = [
  {
    name: 'waiting-for-scheduled-time',
    state: 'open',
    async run(t) {
      return (await start(t, inMs(HOUR), 3)).handle;
    },
  },
  {
    name: 'rescheduled-waiting',
    state: 'open',
    async run(t) {
      const r = await start(t, inMs(HOUR), 3);
      await t.idle(r.handle);
      r.c.scheduledAt = inMs(2 * HOUR);
      await r.runs.reschedule({ campaignId: r.campaignId, scheduledAt: r.c.scheduledAt });
      return r.handle;
    },
  },
  {
    name: 'cancelled-while-waiting',
    state: 'closed',
    async run(t) {
      const r = await start(t, inMs(HOUR), 3);
      await t.idle(r.handle);
      r.c.status = 'CANCELADA';
      await r.runs.cancel(r.campaignId);
      return r.handle;
    },
  },
  {
    // Three messages a second apart (± jitter), then the longer pause after every third: in flight.
    name: 'paced-in-flight',
    state: 'open',
    async run(t) {
      const r = await start(t, inMs(0), 6, {
        messageInterval: 1,
        jitterSeconds: 0.5,
        longerIntervalAfter: 3,
        greaterInterval: 600,
      });
      await r.sentCount(3);
      return r.handle;
    },
  },
  {
    // Paced, the settings read again after each longer pause, then the cap: waiting for the next day.
    name: 'daily-limit-waiting-next-day',
    state: 'open',
    async run(t) {
      const r = await start(t, inMs(0), 6, {
        messageInterval: 1,
        longerIntervalAfter: 2,
        greaterInterval: 1,
        dailyLimitPerConnection: 3,
      });
      await t.eventually(() => r.c.capped > 0, 'the daily cap');
      return r.handle;
    },
  },
  {
    name: 'cancelled-between-sends',
    state: 'closed',
    async run(t) {
      const r = await start(t, inMs(0), 3, { messageInterval: 600 });
      await r.sentCount(1);
      await t.idle(r.handle);
      r.c.status = 'CANCELADA';
      await r.runs.cancel(r.campaignId);
      return r.handle;
    },
  },
  // Recorded with the runs that send at interval 0 in batches (SEND_IN_BATCHES).
  {
    name: 'batches-finished-no-interval',
    state: 'closed',
    async run(t) {
      return (await start(t, inMs(0), 45)).handle;
    },
  },
  {
    // At interval 0, a batch of 4, then the longer pause: in flight.
    name: 'batches-long-pause-in-flight',
    state: 'open',
    async run(t) {
      const r = await start(t, inMs(0), 10, { longerIntervalAfter: 4, greaterInterval: 600 });
      await r.sentCount(4);
      await t.idle(r.handle);
      return r.handle;
    },
  },
  {
    name: 'batches-daily-limit-waiting-next-day',
    state: 'open',
    async run(t) {
      const r = await start(t, inMs(0), 6, { dailyLimitPerConnection: 3 });
      await t.eventually(() => r.c.capped > 0, 'the daily cap');
      await t.idle(r.handle);
      return r.handle;
    },
  },
  // Recorded with the runs that keep the interval per connection (PACE_PER_CONNECTION).
  {
    // Another campaign on the number sent a moment ago: this one's first message waits its turn.
    name: 'per-connection-waiting-turn',
    state: 'open',
    async run(t) {
      const connection = randomUUID();
      const first = await start(t, inMs(0), 3, { messageInterval: 600 }, connection);
      await first.sentCount(1);
      const r = await start(t, inMs(0), 3, { messageInterval: 600 }, connection);
      await t.eventually(() => r.c.waited > 0, 'the turn of the number');
      await t.idle(r.handle);
      return r.handle;
    },
  },
  {
    // Paced on its own number: sent, then waiting the interval.
    name: 'per-connection-paced-in-flight',
    state: 'open',
    async run(t) {
      const r = await start(t, inMs(0), 4, {
        messageInterval: 1,
        jitterSeconds: 0.5,
        longerIntervalAfter: 2,
        greaterInterval: 600,
      });
      await r.sentCount(2);
      await t.idle(r.handle);
      return r.handle;
    },
  },
  {
    name: 'finished-no-interval',
    state: 'closed',
    async run(t) {
      return (await start(t, inMs(0), 3)).handle;
    },
  },
  // Recorded with the runs that go on after a restart that came while they stopped (RESUME_AFTER_STOP).
  {
    // Cancelled and restarted at once, while a send that read the cancelled campaign is still answering:
    // the run takes the restart's resume, reads the campaign again and finishes it.
    name: 'resumed-while-a-send-stopped',
    state: 'closed',
    async run(t) {
      const r = await start(t, inMs(0), 3, { messageInterval: 2 });
      await r.sentCount(1);
      await t.idle(r.handle);
      let release: () => void = () => {};
      const reached = new Promise<void>((ok) => {
        r.c.hold = { reached: ok, release: new Promise<void>((go) => (release = go)) };
      });
      r.c.status = 'CANCELADA';
      await reached;
      await r.runs.cancel(r.campaignId);
      r.c.status = 'EM_ANDAMENTO';
      await r.runs.resume({ campaignId: r.campaignId, scheduledAt: inMs(0) });
      release();
      await t.eventually(() => r.c.status === 'FINALIZADA', 'the campaign finished', 30_000);
      return r.handle;
    },
  },
];

export const runCampaignHistories: WorkflowHistories = { dir: 'campaigns/run-campaign', activities, cases };
