import { randomUUID } from 'node:crypto';
import type { TicketTimerInput, TicketTimerKind } from '@zelo/contracts/tickets/timers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemporalTest, type TemporalTest } from '../../testing/temporal.ts';
import type { createTicketTimerActivities } from './activities.ts';
import { ticketTimersClient } from './client.ts';
import { ticketTimerWorkflowId } from './workflow.ts';

// The workflow on the real Temporal dev server, its activity a fake that records when it fired.
interface Fired extends TicketTimerInput {
  at: number;
}

const fired: Fired[] = [];
/** What the fake answers for a ticket, call after call: the next instant it names (an SLA clock's). */
const answers = new Map<string, (string | null)[]>();
/** Tickets whose activity takes this long (a re-arm arrives meanwhile). */
const slow = new Map<string, number>();
const activities: ReturnType<typeof createTicketTimerActivities> = {
  async ticketTimerFired(input) {
    fired.push({ ...input, at: Date.now() });
    const pause = slow.get(input.ticketId);
    if (pause) await new Promise((r) => setTimeout(r, pause));
    return answers.get(input.ticketId)?.shift() ?? null;
  },
};

let temporal: TemporalTest;
let timers: ReturnType<typeof ticketTimersClient>;

beforeAll(async () => {
  temporal = await startTemporalTest('ticket-timers', activities);
  timers = ticketTimersClient(temporal.client, temporal.taskQueue);
});

afterAll(() => temporal?.close());

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const firedFor = (ticketId: string) => fired.filter((f) => f.ticketId === ticketId);
const handleOf = (kind: TicketTimerKind, ticketId: string) =>
  temporal.client.workflow.getHandle(ticketTimerWorkflowId(kind, ticketId));

describe('ticket timer workflow', () => {
  it('fires the activity once, at its time, with the ticket and kind', async () => {
    const ticketId = randomUUID();
    const dueAt = inMs(1_500);
    await timers.arm({ ticketId, kind: 'expire', dueAt });

    await sleep(700);
    expect(firedFor(ticketId)).toHaveLength(0);

    await handleOf('expire', ticketId).result();
    const calls = firedFor(ticketId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ ticketId, kind: 'expire', dueAt });
    expect(calls[0].at).toBeGreaterThanOrEqual(Date.parse(dueAt) - 50);
  });

  it('a re-armed timer does not fire at its old time, and fires once at the new one', async () => {
    const ticketId = randomUUID();
    const first = inMs(1_500);
    await timers.arm({ ticketId, kind: 'transfer', dueAt: first });
    const movedTo = inMs(4_000);
    await timers.arm({ ticketId, kind: 'transfer', dueAt: movedTo });

    await sleep(Math.max(0, Date.parse(first) + 1_000 - Date.now()));
    expect(firedFor(ticketId)).toHaveLength(0);

    await handleOf('transfer', ticketId).result();
    const calls = firedFor(ticketId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ kind: 'transfer', dueAt: movedTo });
    expect(calls[0].at).toBeGreaterThanOrEqual(Date.parse(movedTo) - 50);
  });

  it('a cancelled timer never fires', async () => {
    const ticketId = randomUUID();
    const dueAt = inMs(1_500);
    await timers.arm({ ticketId, kind: 'botTimeout', dueAt });
    await handleOf('botTimeout', ticketId).cancel();

    await expect(handleOf('botTimeout', ticketId).result()).rejects.toThrow();
    await sleep(Math.max(0, Date.parse(dueAt) + 1_000 - Date.now()));
    expect(firedFor(ticketId)).toHaveLength(0);
  });

  it('waits again for the next instant the activity names (a breach after its warning)', async () => {
    const ticketId = randomUUID();
    const breachAt = inMs(2_000);
    answers.set(ticketId, [breachAt, null]);
    await timers.arm({ ticketId, kind: 'sla', dueAt: inMs(300) });

    await handleOf('sla', ticketId).result();
    const calls = firedFor(ticketId);
    expect(calls.map((c) => c.dueAt)).toHaveLength(2);
    expect(calls[1]).toMatchObject({ kind: 'sla', dueAt: breachAt });
    expect(calls[1].at).toBeGreaterThanOrEqual(Date.parse(breachAt) - 50);
  });

  it('does not lose a re-arm that arrives while the activity runs', async () => {
    const ticketId = randomUUID();
    slow.set(ticketId, 1_500);
    await timers.arm({ ticketId, kind: 'sla', dueAt: inMs(200) });
    while (firedFor(ticketId).length === 0) await sleep(50);
    const movedTo = inMs(2_500);
    await timers.arm({ ticketId, kind: 'sla', dueAt: movedTo });
    slow.delete(ticketId);

    await handleOf('sla', ticketId).result();
    const calls = firedFor(ticketId);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ dueAt: movedTo });
  });

  it('timers of different kinds on one ticket run side by side', async () => {
    const ticketId = randomUUID();
    await timers.arm({ ticketId, kind: 'botTimeout', dueAt: inMs(800) });
    await timers.arm({ ticketId, kind: 'expire', dueAt: inMs(1_200) });

    await Promise.all([handleOf('botTimeout', ticketId).result(), handleOf('expire', ticketId).result()]);
    expect(
      firedFor(ticketId)
        .map((f) => f.kind)
        .sort(),
    ).toEqual(['botTimeout', 'expire']);
  });
});
