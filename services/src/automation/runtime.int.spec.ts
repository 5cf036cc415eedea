import { randomUUID } from 'node:crypto';
import { ticketAccepted, ticketAutomationStarted, ticketCreated } from '@zelo/contracts/testing/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { messageStreamId } from '../messaging/handlers.ts';
import { systemClock } from '../platform/clock.ts';
import { type Deps, recordable } from '../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { ticketStreamId } from '../tickets/handlers.ts';
import { automationRuntime, replyMessageId } from './runtime.ts';

// A run's step on the ticket: the answer's variable, the messages up to the next question and their
// queued messages in one write, in order, once however often the activity is retried.

let db: TestDatabase;
let store: PostgresEventStore;
let deps: Deps;

beforeAll(async () => {
  db = await createTestDatabase(eventStoreMigrations);
  store = new PostgresEventStore(db.pool, db.url);
  deps = { store, clock: systemClock };
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

async function heldTicket() {
  const ref = { ticketId: randomUUID(), companyId: randomUUID() };
  const runId = randomUUID();
  const created = ticketCreated({ ...ref, status: 'pending', userId: null, queueId: null });
  const started = ticketAutomationStarted({ ...ref, runId });
  const who = { companyId: ref.companyId, actor: 'system:test' };
  await store.appendToStream(
    ticketStreamId(ref.ticketId),
    recordable(deps, [created, started], who),
    'no_stream',
  );
  return { run: { ...ref, runId }, who };
}

const steps = [
  { key: 'nome', value: 'Ana' },
  { stepId: 'm:1', replies: [{ body: 'Obrigado, Ana' }] },
  { stepId: 'q:1', replies: [{ body: 'Qual cidade?' }] },
];

describe('AdvanceAutomation through the runtime', () => {
  it('appends the steps and queues their messages in order, each a moment after the one before; a retry adds nothing', async () => {
    const { run } = await heldTicket();
    const runtime = automationRuntime(deps, db.pool, 'a-test-secret');
    const first = await runtime.advance(run, steps, null);
    // A retried workflow task runs the same steps again: nothing new, and they were said where they were.
    const retried = await runtime.advance(run, steps, null);

    const ticket = await store.readStream(ticketStreamId(run.ticketId));
    const question = ticket.events.at(-1);
    expect(first).toEqual({ held: true, saidAt: question?.position });
    expect(retried).toEqual(first);
    expect(ticket.events.map((e) => e.type)).toEqual([
      'TicketCreated',
      'TicketAutomationStarted',
      'TicketVariableSet',
      'TicketAutomationReplied',
      'TicketAutomationReplied',
    ]);
    const ids = ['m:1', 'q:1'].map((stepId) => replyMessageId(run.runId, stepId, 0));
    expect(ticket.events.slice(3).map((e) => (e.data as { messageIds: string[] }).messageIds)).toEqual(
      ids.map((id) => [id]),
    );
    const queued = await store.readStreams(ids.map(messageStreamId));
    const messages = ids.map((id) => queued.get(messageStreamId(id))?.events ?? []);
    expect(messages.map((m) => m.length)).toEqual([1, 1]);
    expect(messages.map(([m]) => (m.data as { body: string }).body)).toEqual([
      'Obrigado, Ana',
      'Qual cidade?',
    ]);
    // The channel sends a conversation's messages by queued time: strictly in the order said.
    const at = messages.map(([m]) => Date.parse(m.metadata.at as string));
    expect(at[1]).toBeGreaterThan(at[0]);
  });

  it('steps that say nothing (a variable set) were said nowhere', async () => {
    const { run } = await heldTicket();
    const runtime = automationRuntime(deps, db.pool, 'a-test-secret');
    expect(await runtime.advance(run, [{ key: 'cidade', value: 'Recife' }], null)).toEqual({
      held: true,
      saidAt: null,
    });
  });

  it('a run that lost the ticket (an agent accepted it) says and queues nothing', async () => {
    const { run, who } = await heldTicket();
    const accepted = ticketAccepted({ ticketId: run.ticketId, companyId: run.companyId, queueId: null });
    await store.appendToStream(ticketStreamId(run.ticketId), recordable(deps, [accepted], who), 1);
    const runtime = automationRuntime(deps, db.pool, 'a-test-secret');
    expect(await runtime.advance(run, steps, null)).toEqual({ held: false, saidAt: null });
    expect((await store.readStream(ticketStreamId(run.ticketId))).events).toHaveLength(3);
    const queued = await store.readStreams([messageStreamId(replyMessageId(run.runId, 'm:1', 0))]);
    expect(queued.get(messageStreamId(replyMessageId(run.runId, 'm:1', 0)))?.events ?? []).toHaveLength(0);
  });
});
