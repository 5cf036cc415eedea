import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { DomainError } from '@zelo/contracts/errors';
import type { ScheduledSend } from '@zelo/contracts/schedules/commands';
import type { ScheduleEvent } from '@zelo/contracts/schedules/events';
import { contactsMigrations } from '@zelo/projections/contacts/contacts';
import { checkpointMigration, type ProjectionEvent, ProjectionRunner } from '@zelo/projections/runner';
import { getSchedule } from '@zelo/projections/schedules/queries';
import { schedulesMigrations, schedulesProjection } from '@zelo/projections/schedules/schedules';
import { eventStoreMigrations, PostgresEventStore } from '@zelo/services/event-store/postgres';
import { systemClock } from '@zelo/services/platform/clock';
import type { Deps } from '@zelo/services/platform/command-handler';
import { runScheduleCommand, scheduledMessageId } from '@zelo/services/schedules/handlers';
import { scheduleTimersReactor } from '@zelo/services/schedules/reactor';
import { createTestDatabase, type TestDatabase } from '@zelo/services/testing/database';
import { createScheduleActivities } from '@zelo/workflows/schedules/send-scheduled-message/activities';
import { scheduleTimersClient } from '@zelo/workflows/schedules/send-scheduled-message/client';
import {
  type ScheduledMessageResult,
  scheduleWorkflowId,
} from '@zelo/workflows/schedules/send-scheduled-message/workflow';
import { endWorkflowsOn } from '@zelo/workflows/testing/end-workflows';
import { defaultTemporalAddress, type RunningWorker, startWorker } from '@zelo/workflows/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleActivityDeps } from '../temporal-wiring.ts';

// The real path: commands append events, the reactor (a checkpointed subscriber) sets the Temporal
// timer, the worker's activity sends through a fake and records the outcome, the projection shows it.
const companyId = randomUUID();
const userId = randomUUID();
const failingContactId = randomUUID();
const flakyContactId = randomUUID();

interface SendCall extends ScheduledSend {
  at: number;
}

let db: TestDatabase;
let store: PostgresEventStore;
let deps: Deps;
let connection: Connection;
let client: Client;
let worker: RunningWorker;
let runners: ProjectionRunner[];
const calls: SendCall[] = [];
let flakyFailuresLeft = 1;
let taskQueue: string;

async function fakeSendMessage(send: ScheduledSend) {
  calls.push({ ...send, at: Date.now() });
  if (send.contactId === failingContactId)
    throw new DomainError('ERR_NO_DEF_WAPP_FOUND', 'no default connection');
  if (send.contactId === flakyContactId && flakyFailuresLeft-- > 0)
    throw new Error('channel briefly unreachable');
  return { messageId: send.messageId };
}

beforeAll(async () => {
  // The worker's INFO lines (state changes, the bundle) drown the test report.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  // Idempotent: installs and starts the Temporal dev server on 127.0.0.1:7233 when it is not running.
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/setup.mjs', import.meta.url))], {
    stdio: 'pipe',
  });
  db = await createTestDatabase([
    ...eventStoreMigrations,
    checkpointMigration,
    ...contactsMigrations,
    ...schedulesMigrations,
  ]);
  store = new PostgresEventStore(db.pool, db.url);
  deps = { store, clock: systemClock };
  connection = await Connection.connect({ address: defaultTemporalAddress });
  client = new Client({ connection });
  // A queue of its own, so that a running app's worker on 'zelo' never picks these workflows up.
  taskQueue = `schedules-test-${randomUUID()}`;
  worker = await startWorker({
    taskQueue,
    activities: createScheduleActivities(scheduleActivityDeps(deps, fakeSendMessage)),
  });
  runners = [
    new ProjectionRunner(db.pool, store, [schedulesProjection], { pollMs: 50 }),
    new ProjectionRunner(db.pool, store, [scheduleTimersReactor(scheduleTimersClient(client, taskQueue))], {
      pollMs: 50,
    }),
  ];
  for (const r of runners) r.start();
});

afterAll(async () => {
  for (const r of runners ?? []) await r.stop();
  await worker?.stop();
  await connection?.close();
  await endWorkflowsOn(defaultTemporalAddress, taskQueue).catch(() => 0);
  await store?.close();
  await db?.drop();
});

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const fields = (sendAt: string, contactId: string = randomUUID()) => ({
  body: 'Olá, lembrete da sua consulta',
  contactId,
  sendAt,
  ticketId: null,
  whatsappId: null,
  userId,
});
const who = { companyId, actor: userId };

async function createScheduleAt(sendAt: string, contactId?: string) {
  const scheduleId = randomUUID();
  await runScheduleCommand(
    deps,
    { type: 'CreateSchedule', scheduleId, companyId, schedule: fields(sendAt, contactId) },
    who,
  );
  return scheduleId;
}

const callsFor = (scheduleId: string) => calls.filter((c) => c.messageId === scheduledMessageId(scheduleId));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The workflow's result; the reactor starts it shortly after the event, so wait for it to exist. */
async function outcome(scheduleId: string, timeoutMs = 20_000): Promise<ScheduledMessageResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await client.workflow.getHandle(scheduleWorkflowId(scheduleId)).result();
    } catch (err) {
      if ((err as Error).name !== 'WorkflowNotFoundError' || Date.now() > deadline) throw err;
      await sleep(50);
    }
  }
}

async function projected(
  scheduleId: string,
  until: (s: Awaited<ReturnType<typeof getSchedule>>) => boolean,
  timeoutMs = 5_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await getSchedule(db.pool, companyId, scheduleId);
    if (until(s)) return s;
    if (Date.now() > deadline)
      throw new Error(`schedule ${scheduleId} never reached the expected state: ${JSON.stringify(s)}`);
    await sleep(25);
  }
}

async function streamOf(scheduleId: string): Promise<ScheduleEvent[]> {
  return (await store.readStream(`schedule-${scheduleId}`)).events.map(
    (e) => ({ type: e.type, data: e.data }) as ScheduleEvent,
  );
}

describe('scheduled message workflow', () => {
  it('sends a schedule 2 s ahead once, at its time, and marks it ENVIADA', async () => {
    const sendAt = inMs(2_000);
    const scheduleId = await createScheduleAt(sendAt);

    expect(await outcome(scheduleId)).toBe('sent');

    const sent = callsFor(scheduleId);
    expect(sent).toHaveLength(1);
    expect(sent[0].at).toBeGreaterThanOrEqual(Date.parse(sendAt) - 50);
    expect(sent[0]).toMatchObject({
      companyId,
      body: 'Olá, lembrete da sua consulta',
      userId,
      ticketId: null,
      whatsappId: null,
    });
    const s = await projected(scheduleId, (s) => s?.status === 'ENVIADA');
    expect(s?.sentAt).not.toBeNull();
    const recorded = (await streamOf(scheduleId)).filter((e) => e.type === 'ScheduleSent');
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toMatchObject({ late: false, messageId: scheduledMessageId(scheduleId) });
  });

  it('an edit moves the timer: nothing at the old time, sent at the new one', async () => {
    const scheduleId = await createScheduleAt(inMs(2_000));
    const movedTo = inMs(5_000);
    await runScheduleCommand(
      deps,
      { type: 'UpdateSchedule', scheduleId, companyId, schedule: fields(movedTo) },
      who,
    );

    await sleep(3_500);
    expect(callsFor(scheduleId)).toHaveLength(0);
    expect((await getSchedule(db.pool, companyId, scheduleId))?.status).toBe('PENDENTE');

    expect(await outcome(scheduleId)).toBe('sent');
    expect(callsFor(scheduleId)).toHaveLength(1);
    expect(callsFor(scheduleId)[0].at).toBeGreaterThanOrEqual(Date.parse(movedTo) - 50);
    await projected(scheduleId, (s) => s?.status === 'ENVIADA');
  });

  it('a deletion cancels the timer: never sent', async () => {
    const sendAt = inMs(2_000);
    const scheduleId = await createScheduleAt(sendAt);
    await runScheduleCommand(deps, { type: 'DeleteSchedule', scheduleId, companyId }, who);

    expect(await outcome(scheduleId)).toBe('cancelled');
    await sleep(Math.max(0, Date.parse(sendAt) + 1_000 - Date.now()));
    expect(callsFor(scheduleId)).toHaveLength(0);
    await projected(scheduleId, (s) => s === null);
  });

  it('a schedule whose time already passed is sent at once and marked late', async () => {
    const scheduleId = await createScheduleAt(inMs(-10 * 60_000));
    const createdAt = Date.now();

    expect(await outcome(scheduleId)).toBe('sent');
    expect(callsFor(scheduleId)).toHaveLength(1);
    expect(callsFor(scheduleId)[0].at - createdAt).toBeLessThan(5_000);
    const sent = (await streamOf(scheduleId)).find((e) => e.type === 'ScheduleSent');
    expect(sent?.data).toMatchObject({ late: true });
    await projected(scheduleId, (s) => s?.status === 'ENVIADA');
  });

  it('a send refused with a DomainError marks the schedule ERRO with the reason', async () => {
    const scheduleId = await createScheduleAt(inMs(500), failingContactId);

    expect(await outcome(scheduleId)).toBe('failed');
    expect(callsFor(scheduleId)).toHaveLength(1);
    const s = await projected(scheduleId, (s) => s?.status === 'ERRO');
    expect(s?.error).toBe('ERR_NO_DEF_WAPP_FOUND: no default connection');
    expect(s?.sentAt).toBeNull();
  });

  it('a transient failure is retried by Temporal and the schedule is recorded sent once', async () => {
    const scheduleId = await createScheduleAt(inMs(500), flakyContactId);

    expect(await outcome(scheduleId)).toBe('sent');
    // Both attempts name the same message, so the messaging side queues it once.
    expect(callsFor(scheduleId)).toHaveLength(2);
    expect((await streamOf(scheduleId)).filter((e) => e.type === 'ScheduleSent')).toHaveLength(1);
    await projected(scheduleId, (s) => s?.status === 'ENVIADA');
  });

  it('a timer that fires while no worker runs is sent when a worker is back, once', async () => {
    const sendAt = inMs(1_500);
    const scheduleId = await createScheduleAt(sendAt);
    // Let the reactor start the workflow (its first task runs on this worker), then take the worker down.
    const handle = client.workflow.getHandle(scheduleWorkflowId(scheduleId));
    for (let i = 0; i < 100 && (await handle.describe().catch(() => null))?.historyLength == null; i++)
      await sleep(20);
    await sleep(300);
    await worker.stop();

    await sleep(Math.max(0, Date.parse(sendAt) + 1_500 - Date.now()));
    expect(callsFor(scheduleId)).toHaveLength(0);

    worker = await startWorker({
      taskQueue,
      activities: createScheduleActivities(scheduleActivityDeps(deps, fakeSendMessage)),
    });
    expect(await outcome(scheduleId)).toBe('sent');
    expect(callsFor(scheduleId)).toHaveLength(1);
    await projected(scheduleId, (s) => s?.status === 'ENVIADA');
  });

  it('sends exactly once: a replayed start or a repeated activity finds it sent and does nothing', async () => {
    const scheduleId = await createScheduleAt(inMs(-1_000));
    expect(await outcome(scheduleId)).toBe('sent');

    // The reactor replays ScheduleCreated: Temporal refuses the duplicate start, the reactor accepts that.
    const reactor = scheduleTimersReactor(scheduleTimersClient(client, 'unused'));
    const [created] = (await store.readStream(`schedule-${scheduleId}`)).events;
    // The stored event as the runner hands it to a reactor.
    const replayed = created as unknown as ProjectionEvent;
    await expect(reactor.handle(undefined as never, replayed)).resolves.toBeUndefined();

    // An activity retried after the send was recorded (a worker crash) sends nothing.
    const activities = createScheduleActivities(scheduleActivityDeps(deps, fakeSendMessage));
    expect(await activities.sendScheduledMessage(scheduleId)).toEqual({ outcome: 'skipped' });
    expect(callsFor(scheduleId)).toHaveLength(1);
  });
});
