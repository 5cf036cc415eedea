import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Context } from '@temporalio/activity';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { RunSettings } from '@zelo/contracts/campaigns/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endWorkflowsOn } from '../../testing/end-workflows.ts';
import { defaultTemporalAddress, type RunningWorker, startWorker } from '../../worker.ts';
import { createCampaignActivities, sendOneByOne } from './activities.ts';
import { campaignRunsClient } from './client.ts';
import { msUntilNextDay, secondsOfDay } from './pacing.ts';
import {
  type CampaignProgress,
  type CampaignRunResult,
  campaignWorkflowId,
  progressQuery,
} from './workflow.ts';

// The run on the real Temporal dev server with short real intervals. Its activities are a fake
// campaign stream that behaves as the services' runtime does: one shipment per index, messages
// queued under a stable id (a retried activity queues nothing new), and the status decides.

type Status = 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA' | 'INATIVA';
interface FakeCampaign {
  status: Status;
  scheduledAt: string;
  numbers: string[];
  shipments: Map<number, 'sent' | 'failed'>;
  settings: RunSettings;
  /** Indexes whose first attempt crashes after queueing its message (before recording the shipment). */
  crashAfterQueueing: Set<number>;
  /** The number it sends from: paced campaigns on one connection take turns. */
  connection: string;
  /** Called once a send read a status that stops it, before it answers 'stopped' (a slow answer). */
  stopping?: () => Promise<void>;
}
interface Queued {
  campaignId: string;
  number: string;
  messageId: string;
  at: number;
}

const TZ = 'America/Sao_Paulo';
const campaigns = new Map<string, FakeCampaign>();
const queued: Queued[] = [];
const calls: { campaignId: string; index: number }[] = [];
const daySlots = new Map<string, number>();
/** Each connection's last paced message (ms), as the runtime's daily slots stream keeps it. */
const lastPaced = new Map<string, number>();

const activities = createCampaignActivities({
  async startRun(campaignId) {
    const c = campaigns.get(campaignId);
    if (!c) return { outcome: 'skipped' };
    if (c.status === 'PROGRAMADA') {
      if (Date.parse(c.scheduledAt) > Date.now() + 2_000)
        return { outcome: 'not-due', scheduledAt: c.scheduledAt };
      if (c.numbers.length === 0) {
        c.status = 'INATIVA';
        return { outcome: 'refused', reason: 'ERR_CAMPAIGN_NO_RECIPIENTS' };
      }
      c.status = 'EM_ANDAMENTO';
    }
    if (c.status !== 'EM_ANDAMENTO') return { outcome: 'skipped' };
    let nextIndex = 0;
    while (c.shipments.has(nextIndex)) nextIndex++;
    return { outcome: 'running', total: c.numbers.length, nextIndex, settings: { ...c.settings } };
  },
  async runSettings(campaignId) {
    const c = campaigns.get(campaignId);
    return c ? { ...c.settings } : null;
  },
  async sendRecipient(campaignId, index, pace) {
    calls.push({ campaignId, index });
    const c = campaigns.get(campaignId);
    if (c?.status !== 'EM_ANDAMENTO') {
      await c?.stopping?.();
      return { outcome: 'stopped' };
    }
    if (c.shipments.has(index)) return { outcome: 'already' };
    if (pace && pace.gapMs > 0) {
      const last = lastPaced.get(c.connection);
      if (last !== undefined && Date.now() < last + pace.gapMs)
        return { outcome: 'wait', notBefore: last + pace.gapMs };
      lastPaced.set(c.connection, Date.now());
    }
    const slots = daySlots.get(campaignId) ?? 0;
    if (c.settings.dailyLimitPerConnection > 0 && slots >= c.settings.dailyLimitPerConnection)
      return { outcome: 'daily-limit' };
    daySlots.set(campaignId, slots + 1);
    const messageId = `${campaignId}:${index}`;
    const at = Date.now();
    if (!queued.some((q) => q.messageId === messageId))
      queued.push({ campaignId, number: c.numbers[index], messageId, at });
    if (c.crashAfterQueueing.has(index) && Context.current().info.attempt === 1)
      throw new Error('the worker died after queueing');
    c.shipments.set(index, 'sent');
    return { outcome: 'sent', queuedAt: at };
  },
  // As the runtime's batch: each recipient as one send would, stopping at the cap or a stop.
  sendRecipients(campaignId, from, count, progress) {
    return sendOneByOne(this.sendRecipient, campaignId, from, count, progress);
  },
  async failRecipient(campaignId, index) {
    const c = campaigns.get(campaignId);
    if (c && !c.shipments.has(index)) c.shipments.set(index, 'failed');
  },
  async finishRun(campaignId) {
    const c = campaigns.get(campaignId);
    if (c?.status !== 'EM_ANDAMENTO') return 'stopped';
    c.status = 'FINALIZADA';
    return 'finished';
  },
});

let connection: Connection;
let client: Client;
let worker: RunningWorker;
let taskQueue: string;
let runs: ReturnType<typeof campaignRunsClient>;

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  // Idempotent: installs and starts the Temporal dev server on 127.0.0.1:7233 when it is not running.
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../../scripts/setup.mjs', import.meta.url))], {
    stdio: 'pipe',
  });
  connection = await Connection.connect({ address: defaultTemporalAddress });
  client = new Client({ connection });
  taskQueue = `campaign-runs-test-${randomUUID()}`;
  worker = await startWorker({ taskQueue, activities });
  runs = campaignRunsClient(client, taskQueue);
});

afterAll(async () => {
  await worker?.stop();
  await connection?.close();
  await endWorkflowsOn(defaultTemporalAddress, taskQueue).catch(() => 0);
});

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const numbers = (n: number) =>
  Array.from({ length: n }, (_, i) => `55119${String(Date.now() % 1e6).padStart(6, '0')}${i}`);
const fast: RunSettings = {
  messageInterval: 0,
  longerIntervalAfter: 0,
  greaterInterval: 0,
  jitterSeconds: 0,
  sendingWindow: null,
  timeZone: TZ,
  dailyLimitPerConnection: 0,
};

function campaign(over: Partial<FakeCampaign> & { recipients?: number } = {}) {
  const campaignId = randomUUID();
  const { recipients = 3, ...rest } = over;
  const c: FakeCampaign = {
    status: 'PROGRAMADA',
    scheduledAt: inMs(0),
    numbers: numbers(recipients),
    shipments: new Map(),
    settings: { ...fast },
    crashAfterQueueing: new Set(),
    connection: randomUUID(),
    ...rest,
  };
  campaigns.set(campaignId, c);
  return { campaignId, c };
}
const queuedFor = (campaignId: string) => queued.filter((q) => q.campaignId === campaignId);
const gapsOf = (campaignId: string) => {
  const at = queuedFor(campaignId).map((q) => q.at);
  return at.slice(1).map((t, i) => (t - at[i]) / 1000);
};
const result = (campaignId: string) =>
  client.workflow.getHandle(campaignWorkflowId(campaignId)).result() as Promise<CampaignRunResult>;
const progress = (campaignId: string): Promise<CampaignProgress> =>
  client.workflow.getHandle(campaignWorkflowId(campaignId)).query(progressQuery);
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(50);
  }
}
/** Every recipient got exactly one message, in the list's order. */
function expectEachOnce(campaignId: string, c: FakeCampaign) {
  expect(queuedFor(campaignId).map((q) => q.number)).toEqual(c.numbers);
  expect([...c.shipments.keys()].sort((a, b) => a - b)).toEqual(c.numbers.map((_, i) => i));
}
/** Each measured gap is the configured one: never early, late by less than `lateS`. */
function expectGaps(measured: number[], configured: number[], lateS = 0.5) {
  expect(measured).toHaveLength(configured.length);
  measured.forEach((g, i) => {
    expect(g, `gap ${i + 1}`).toBeGreaterThanOrEqual(configured[i] - 0.02);
    expect(g, `gap ${i + 1}`).toBeLessThan(configured[i] + lateS);
  });
}

describe('campaign run workflow', () => {
  it('waits for scheduledAt, then sends to every recipient once and finishes', async () => {
    const scheduledAt = inMs(1_500);
    const { campaignId, c } = campaign({ scheduledAt, recipients: 3 });
    await runs.start({ campaignId, scheduledAt });

    await sleep(800);
    expect(queuedFor(campaignId)).toHaveLength(0);
    expect((await progress(campaignId)).phase).toBe('waiting');

    expect(await result(campaignId)).toBe('finished');
    expect(queuedFor(campaignId)[0].at).toBeGreaterThanOrEqual(Date.parse(scheduledAt) - 50);
    expectEachOnce(campaignId, c);
    expect(c.status).toBe('FINALIZADA');
  });

  it('a replayed start beside a finished run starts nothing; a reschedule moves the timer', async () => {
    const first = inMs(1_000);
    const { campaignId, c } = campaign({ scheduledAt: first, recipients: 2 });
    await runs.start({ campaignId, scheduledAt: first });
    const later = inMs(3_000);
    c.scheduledAt = later;
    await runs.reschedule({ campaignId, scheduledAt: later });
    await sleep(Date.parse(first) + 800 - Date.now());
    expect(queuedFor(campaignId)).toHaveLength(0);

    expect(await result(campaignId)).toBe('finished');
    expect(queuedFor(campaignId)[0].at).toBeGreaterThanOrEqual(Date.parse(later) - 50);
    await runs.start({ campaignId, scheduledAt: first });
    await sleep(500);
    expectEachOnce(campaignId, c);
  });

  it('an empty audience is refused at the start', async () => {
    const { campaignId, c } = campaign({ recipients: 0 });
    await runs.start({ campaignId, scheduledAt: inMs(0) });
    expect(await result(campaignId)).toBe('refused');
    expect(c.status).toBe('INATIVA');
  });

  it('paces messageInterval between messages and greaterInterval after every longerIntervalAfter; a settings change applies after the long pause', async () => {
    const settings = { ...fast, messageInterval: 1, longerIntervalAfter: 3, greaterInterval: 3 };
    const { campaignId, c } = campaign({ recipients: 6, settings });
    await runs.start({ campaignId, scheduledAt: inMs(0) });
    // During the long pause after the third message the company changes its interval.
    await until(() => queuedFor(campaignId).length === 3);
    c.settings = { ...c.settings, messageInterval: 2 };

    expect(await result(campaignId)).toBe('finished');
    expectEachOnce(campaignId, c);
    expectGaps(gapsOf(campaignId), [1, 1, 3, 2, 2]);
  });

  it('two campaigns on one number take turns: the interval holds between any two of its messages', async () => {
    const settings = { ...fast, messageInterval: 1 };
    const connection = randomUUID();
    const a = campaign({ recipients: 3, settings, connection });
    const b = campaign({ recipients: 3, settings, connection });
    await Promise.all([a, b].map(({ campaignId }) => runs.start({ campaignId, scheduledAt: inMs(0) })));
    expect(await Promise.all([result(a.campaignId), result(b.campaignId)])).toEqual(['finished', 'finished']);
    expectEachOnce(a.campaignId, a.c);
    expectEachOnce(b.campaignId, b.c);
    // Six messages from one number: five gaps of the interval, whichever campaign sent each.
    const at = [...queuedFor(a.campaignId), ...queuedFor(b.campaignId)]
      .map((q) => q.at)
      .sort((x, y) => x - y);
    const gaps = at.slice(1).map((t, i) => (t - at[i]) / 1000);
    for (const [i, g] of gaps.entries()) expect(g, `gap ${i + 1}`).toBeGreaterThanOrEqual(0.98);
    // Taking turns, not one after the other: the number is never idle for a whole extra interval.
    expect(Math.max(...gaps)).toBeLessThan(1.9);
  });

  it('jitter moves each gap within ± jitterSeconds', async () => {
    // Gaps of 1 - 3 s: on the dev server, gaps under a second came out at about one, which made the
    // spread of four short gaps too small to tell from no jitter.
    const settings = { ...fast, messageInterval: 2, jitterSeconds: 1 };
    const { campaignId, c } = campaign({ recipients: 5, settings });
    await runs.start({ campaignId, scheduledAt: inMs(0) });
    expect(await result(campaignId)).toBe('finished');
    expectEachOnce(campaignId, c);
    const gaps = gapsOf(campaignId);
    for (const g of gaps) {
      expect(g).toBeGreaterThanOrEqual(0.98);
      expect(g).toBeLessThan(3.5);
    }
    // Random, so not all the same.
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeGreaterThan(0.05);
  });

  it('a cancel stops between two sends; the restart resumes where it stopped, each recipient once', async () => {
    const { campaignId, c } = campaign({ recipients: 8, settings: { ...fast, messageInterval: 1 } });
    await runs.start({ campaignId, scheduledAt: inMs(0) });
    await until(() => queuedFor(campaignId).length === 3);
    c.status = 'CANCELADA';
    await runs.cancel(campaignId);
    expect(await result(campaignId)).toBe('cancelled');
    await sleep(1_500);
    const before = queuedFor(campaignId).length;
    expect(before).toBeGreaterThanOrEqual(3);
    expect(before).toBeLessThan(8);

    c.status = 'EM_ANDAMENTO';
    await runs.resume({ campaignId, scheduledAt: inMs(0) });
    expect(await result(campaignId)).toBe('finished');
    expectEachOnce(campaignId, c);
    // The restart went on from the first recipient without a shipment, not from the beginning.
    expect(calls.filter((x) => x.campaignId === campaignId && x.index === 0)).toHaveLength(1);
  });

  it("a restart while the cancelled run's last step answers 'stopped': the run goes on, each recipient once", async () => {
    let reached!: () => void;
    const stopping = new Promise<void>((r) => {
      reached = r;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const { campaignId, c } = campaign({
      recipients: 5,
      settings: { ...fast, messageInterval: 1 },
      stopping: () => {
        reached();
        return held;
      },
    });
    await runs.start({ campaignId, scheduledAt: inMs(0) });
    await until(() => queuedFor(campaignId).length === 2);
    // Cancelled: the next send reads it before the cancel's signal comes, and is slow to answer.
    c.status = 'CANCELADA';
    await stopping;
    // Restarted a few milliseconds later: both signals reach the run before that answer.
    c.status = 'EM_ANDAMENTO';
    await runs.cancel(campaignId);
    await runs.resume({ campaignId, scheduledAt: inMs(0) });
    release();
    expect(await result(campaignId)).toBe('finished');
    expectEachOnce(campaignId, c);
  });

  it('outside the sending window it waits until the window opens', async () => {
    // The window opens at the next whole minute (company time), at least 3 s away.
    let wait = 60 - (secondsOfDay(Date.now(), TZ) % 60);
    if (wait < 3) wait += 60;
    const opensAt = Date.now() + wait * 1000;
    const startSec = Math.round(secondsOfDay(opensAt, TZ) / 60) * 60;
    const hhmm = (s: number) =>
      `${String(Math.floor(s / 3600) % 24).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;
    const sendingWindow = { start: hhmm(startSec), end: hhmm(startSec + 3600) };
    const { campaignId, c } = campaign({ recipients: 2, settings: { ...fast, sendingWindow } });
    await runs.start({ campaignId, scheduledAt: inMs(0) });

    await sleep(1_500);
    expect(queuedFor(campaignId)).toHaveLength(0);
    expect((await progress(campaignId)).phase).toBe('paused');

    expect(await result(campaignId)).toBe('finished');
    expect(queuedFor(campaignId)[0].at).toBeGreaterThanOrEqual(opensAt - 1_000);
    expect(queuedFor(campaignId)[0].at).toBeLessThan(opensAt + 1_500);
    expectEachOnce(campaignId, c);
  }, 90_000);

  it("the connection's daily cap stops the run until the next company day", async () => {
    const { campaignId, c } = campaign({ recipients: 5, settings: { ...fast, dailyLimitPerConnection: 2 } });
    await runs.start({ campaignId, scheduledAt: inMs(0) });
    await until(async () => (await progress(campaignId)).phase === 'paused');
    await sleep(1_000);
    expect(queuedFor(campaignId)).toHaveLength(2);
    expect(c.shipments.size).toBe(2);

    // The timer it set ends at the next local midnight.
    const handle = client.workflow.getHandle(campaignWorkflowId(campaignId));
    const history = await handle.fetchHistory();
    const timer = history.events?.findLast((e) => e.timerStartedEventAttributes)?.timerStartedEventAttributes;
    const seconds = Number(timer?.startToFireTimeout?.seconds ?? 0);
    const expected = msUntilNextDay(Date.now(), TZ) / 1000;
    expect(Math.abs(seconds - expected)).toBeLessThan(10);

    c.status = 'CANCELADA';
    await runs.cancel(campaignId);
    expect(await result(campaignId)).toBe('cancelled');
  });

  it('at interval 0 the recipients go in batches: each once, in order, a few activities for a hundred', async () => {
    const { campaignId, c } = campaign({ recipients: 100, crashAfterQueueing: new Set([45]) });
    await runs.start({ campaignId, scheduledAt: inMs(0) });
    expect(await result(campaignId)).toBe('finished');
    expectEachOnce(campaignId, c);
    const history = await client.workflow.getHandle(campaignWorkflowId(campaignId)).fetchHistory();
    const scheduled = history.events?.filter((e) => e.activityTaskScheduledEventAttributes) ?? [];
    // start, three batches of 40, 40 and 20 (the one that crashed once is retried, not rescheduled), finish.
    expect(scheduled.length).toBeLessThanOrEqual(6);
  });

  it('at interval 0 the long pause still comes after every longerIntervalAfter messages', async () => {
    const settings = { ...fast, longerIntervalAfter: 4, greaterInterval: 2 };
    const { campaignId, c } = campaign({ recipients: 10, settings });
    await runs.start({ campaignId, scheduledAt: inMs(0) });
    expect(await result(campaignId)).toBe('finished');
    expectEachOnce(campaignId, c);
    const gaps = gapsOf(campaignId);
    expect(gaps.map((g, i) => (g > 1 ? i + 1 : 0)).filter(Boolean)).toEqual([4, 8]);
    for (const i of [3, 7]) expect(gaps[i]).toBeGreaterThanOrEqual(2 - 0.02);
  });

  it('a worker stopped mid-campaign and started again: every recipient exactly once', async () => {
    const { campaignId, c } = campaign({
      recipients: 6,
      settings: { ...fast, messageInterval: 1 },
      crashAfterQueueing: new Set([1, 4]),
    });
    await runs.start({ campaignId, scheduledAt: inMs(0) });
    await until(() => queuedFor(campaignId).length === 3);
    await worker.stop();
    await sleep(2_000);
    const whileDown = queuedFor(campaignId).length;
    worker = await startWorker({ taskQueue, activities });

    expect(await result(campaignId)).toBe('finished');
    expect(whileDown).toBeLessThan(6);
    expectEachOnce(campaignId, c);
    const perNumber = new Map<string, number>();
    for (const q of queuedFor(campaignId)) perNumber.set(q.number, (perNumber.get(q.number) ?? 0) + 1);
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);
});
