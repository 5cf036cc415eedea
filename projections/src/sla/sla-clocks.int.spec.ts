import type { AnyEvent } from '@zelo/contracts/events';
import * as b from '@zelo/contracts/testing/events';
import { testId } from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import type { Change } from '../runner.ts';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { recorded } from '../testing/recorded-events.ts';
import { nextSlaInstants, runningSlaClocks } from './queries.ts';
import { slaClocksProjection } from './sla-clocks.ts';

// The SLA projection from given events: the clocks' rows, the badge row, what it pushes, and the same
// rows whether the events come in one batch or one at a time.

const readers = [slaClocksProjection];

describe('SLA clocks read model', () => {
  const db = useReadModelDatabase();

  /** Each event recorded at its own instant, applied in one batch (or one by one). */
  const given = async (events: [string, AnyEvent][], oneByOne = false) =>
    db.apply(
      readers,
      events.map(([at, e]) => recorded(e, { at })),
      { oneByOne },
    );
  const clocks = async (ticketId: string) =>
    (
      await db.pool.query(
        `SELECT clock_id, target, policy_id, queue_id, user_id, started_at, warn_at, due_at, stopped_at,
                warned_at, breached_at, cancelled FROM sla_clocks WHERE ticket_id = $1 ORDER BY clock_id`,
        [ticketId],
      )
    ).rows;
  const badge = async (ticketId: string) =>
    (await db.pool.query('SELECT target, state, due_at FROM ticket_sla WHERE ticket_id = $1', [ticketId]))
      .rows[0] ?? null;

  function world() {
    const companyId = testId();
    const [queueId, whatsappId, agent] = [testId(), testId(), testId()];
    const policy = b.slaPolicyCreated({
      companyId,
      queueId,
      firstResponseMinutes: 30,
      nextResponseMinutes: null,
      resolutionMinutes: 120,
      clock: 'calendar',
    });
    const ticketId = testId();
    const ref = { ticketId, companyId };
    const created = b.ticketCreated({
      ...ref,
      queueId,
      whatsappId,
      isGroup: false,
      status: 'pending',
      userId: null,
    });
    const inbound = () => b.inboundMessageReceived({ ...ref, whatsappId });
    const reply = () => b.outboundMessageQueued({ ...ref, whatsappId, userId: agent });
    return { companyId, queueId, whatsappId, agent, policy, ticketId, ref, created, inbound, reply };
  }
  const d = (iso: string) => new Date(iso);

  it('keeps each clock of a ticket, its badge, and pushes the row when the badge changes', async () => {
    const w = world();
    const changes = await given([
      ['2026-03-02T11:00:00Z', w.policy],
      ['2026-03-02T12:00:00Z', w.created],
      ['2026-03-02T12:01:00Z', w.inbound()],
      ['2026-03-02T12:02:00Z', b.ticketAccepted({ ...w.ref, userId: w.agent, queueId: w.queueId })],
    ]);
    expect(await clocks(w.ticketId)).toEqual([
      expect.objectContaining({
        clock_id: 'firstResponse:1',
        target: 'firstResponse',
        policy_id: w.policy.data.policyId,
        queue_id: w.queueId,
        started_at: d('2026-03-02T12:00:00Z'),
        warn_at: d('2026-03-02T12:24:00Z'),
        due_at: d('2026-03-02T12:30:00Z'),
        stopped_at: null,
        cancelled: false,
      }),
      expect.objectContaining({ clock_id: 'resolution:1', due_at: d('2026-03-02T14:00:00Z') }),
    ]);
    expect(await badge(w.ticketId)).toEqual({
      target: 'firstResponse',
      state: 'ok',
      due_at: d('2026-03-02T12:30:00Z'),
    });
    // The badge appeared with the ticket; the message and the accept left it as it was.
    expect(changes).toEqual([
      {
        companyId: w.companyId,
        kind: 'ticket',
        action: 'update',
        id: w.ticketId,
        at: Date.parse('2026-03-02T12:00:00Z'),
      },
    ]);
    expect(await nextSlaInstants(db.pool, [w.ticketId])).toEqual(
      new Map([[w.ticketId, Date.parse('2026-03-02T12:24:00Z')]]),
    );
  });

  it('records a warning and a breach on the clock and pushes them to the admins', async () => {
    const w = world();
    const alert = { ...w.ref, policyId: w.policy.data.policyId, clockId: 'firstResponse:1' };
    const dueAt = '2026-03-02T12:30:00.000Z';
    const changes = await given([
      ['2026-03-02T11:00:00Z', w.policy],
      ['2026-03-02T12:00:00Z', w.created],
      ['2026-03-02T12:24:00Z', b.ticketSlaWarned({ ...alert, dueAt })],
      ['2026-03-02T12:30:00Z', b.ticketSlaBreached({ ...alert, dueAt })],
    ]);
    expect((await clocks(w.ticketId))[0]).toMatchObject({
      warned_at: d('2026-03-02T12:24:00Z'),
      breached_at: d('2026-03-02T12:30:00Z'),
    });
    expect(await badge(w.ticketId)).toMatchObject({ state: 'breached' });
    const sla = changes.filter((c: Change) => c.kind === 'sla');
    expect(sla).toEqual([
      expect.objectContaining({ id: w.ticketId, sla: { action: 'warned', target: 'firstResponse', dueAt } }),
      expect.objectContaining({
        id: w.ticketId,
        sla: { action: 'breached', target: 'firstResponse', dueAt },
      }),
    ]);
    const [first] = await runningSlaClocks(db.pool, w.ticketId);
    expect(first).toMatchObject({
      warnedAt: '2026-03-02T12:24:00.000Z',
      breachedAt: '2026-03-02T12:30:00.000Z',
    });
    expect((await nextSlaInstants(db.pool, [w.ticketId])).get(w.ticketId)).toBe(
      Date.parse('2026-03-02T13:36:00Z'),
    );
  });

  it("stops the response at a person's answer, cancels it at a close without one, and forgets a deleted ticket", async () => {
    const w = world();
    await given([
      ['2026-03-02T11:00:00Z', w.policy],
      ['2026-03-02T12:00:00Z', w.created],
      ['2026-03-02T12:05:00Z', w.reply()],
      ['2026-03-02T12:06:00Z', b.ticketClosed({ ...w.ref, userId: w.agent, queueId: w.queueId })],
      ['2026-03-02T13:00:00Z', b.ticketReopened({ ...w.ref, userId: null, queueId: w.queueId })],
      [
        '2026-03-02T13:10:00Z',
        b.ticketClosed({ ...w.ref, userId: null, queueId: w.queueId, reason: 'inactive' }),
      ],
    ]);
    expect(
      (await clocks(w.ticketId)).map((c) => [c.clock_id, c.stopped_at?.toISOString(), c.cancelled]),
    ).toEqual([
      ['firstResponse:1', '2026-03-02T12:05:00.000Z', false],
      ['firstResponse:2', '2026-03-02T13:10:00.000Z', true],
      ['resolution:1', '2026-03-02T12:06:00.000Z', false],
      ['resolution:2', '2026-03-02T13:10:00.000Z', false],
    ]);
    expect(await badge(w.ticketId)).toBeNull();
    await given([['2026-03-02T14:00:00Z', b.ticketDeleted(w.ref)]]);
    expect(await clocks(w.ticketId)).toEqual([]);
  });

  it("re-evaluates a changed policy's clocks and cancels a deleted one's", async () => {
    const w = world();
    const { policyId } = w.policy.data;
    await given([
      ['2026-03-02T11:00:00Z', w.policy],
      ['2026-03-02T12:00:00Z', w.created],
      ['2026-03-02T12:10:00Z', b.slaPolicyUpdated({ ...w.policy.data, firstResponseMinutes: 60 })],
    ]);
    expect((await clocks(w.ticketId))[0]).toMatchObject({
      due_at: d('2026-03-02T13:00:00Z'),
      stopped_at: null,
    });
    await given([['2026-03-02T12:20:00Z', b.slaPolicyDeleted({ companyId: w.companyId, policyId })]]);
    expect((await clocks(w.ticketId)).map((c) => c.cancelled)).toEqual([true, true]);
    expect(await badge(w.ticketId)).toBeNull();
    expect(
      (await db.pool.query('SELECT 1 FROM sla_policies WHERE policy_id = $1', [policyId])).rowCount,
    ).toBe(0);
  });

  it('counts in the queue’s hours as its events set them', async () => {
    const w = world();
    const policy = b.slaPolicyCreated({ ...w.policy.data, policyId: testId(), clock: 'queueHours' });
    const hours = b.queueSchedulesChanged({
      companyId: w.companyId,
      queueId: w.queueId,
      schedules: [{ weekday: 'monday', startTime: '09:00', endTime: '10:00' }],
    });
    // Monday 09:50 (-03:00): 10 minutes today, the other 20 next Monday from 09:00.
    await given([
      ['2026-03-02T11:00:00Z', policy],
      ['2026-03-02T11:00:01Z', hours],
      ['2026-03-02T12:50:00Z', w.created],
    ]);
    expect((await clocks(w.ticketId))[0]).toMatchObject({ due_at: d('2026-03-09T12:20:00Z') });
  });

  it('leaves the same rows and pushes the same changes one event at a time as in one batch', async () => {
    const histories = [world(), world()].map((w) => {
      const alert = { ...w.ref, policyId: w.policy.data.policyId, clockId: 'firstResponse:1' };
      const events: [string, AnyEvent][] = [
        ['2026-03-02T11:00:00Z', w.policy],
        ['2026-03-02T12:00:00Z', w.created],
        ['2026-03-02T12:01:00Z', w.inbound()],
        ['2026-03-02T12:24:00Z', b.ticketSlaWarned({ ...alert, dueAt: '2026-03-02T12:30:00.000Z' })],
        ['2026-03-02T12:25:00Z', w.reply()],
        ['2026-03-02T12:26:00Z', b.ticketSlaBreached({ ...alert, dueAt: '2026-03-02T12:30:00.000Z' })],
        ['2026-03-02T12:40:00Z', w.inbound()],
        ['2026-03-02T12:50:00Z', b.slaPolicyUpdated({ ...w.policy.data, resolutionMinutes: 30 })],
      ];
      return { w, events };
    });
    const batched = await given(histories[0].events);
    const single = await given(histories[1].events, true);
    const rows = async (ticketId: string) =>
      (await clocks(ticketId)).map(({ policy_id: _p, queue_id: _q, user_id: _u, ...r }) => r);
    expect(await rows(histories[0].w.ticketId)).toEqual(await rows(histories[1].w.ticketId));
    const shape = (changes: Change[]) => changes.map((c) => [c.kind, c.at]);
    expect(shape(batched)).toEqual(shape(single));
    // The breach came after the answer: kept on the stopped clock, as recorded.
    expect((await clocks(histories[1].w.ticketId))[0]).toMatchObject({
      stopped_at: d('2026-03-02T12:25:00Z'),
      breached_at: d('2026-03-02T12:26:00Z'),
    });
  });
});
