import { describe, expect, it } from 'vitest';
import * as b from '../testing/events.ts';
import { testId } from '../testing/events.ts';
import type { WeeklyHours } from '../weekly-hours.ts';
import { slaBadge } from './alerts.ts';
import {
  evolveSlaTicket,
  reevaluateSlaTicket,
  type SlaClock,
  type SlaContext,
  type SlaInput,
  type SlaPolicy,
  type SlaTicket,
} from './clocks.ts';

const SP = 'America/Sao_Paulo';
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const companyId = testId();
const [sales, support, noPolicy] = [testId(), testId(), testId()];
const whatsappId = testId();
const [agent, other] = [testId(), testId()];
const weekdays: WeeklyHours = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((weekday) => ({
  weekday: weekday as WeeklyHours[number]['weekday'],
  startTime: '09:00',
  endTime: '18:00',
}));

const policy = (over: Partial<SlaPolicy> = {}): SlaPolicy => ({
  policyId: testId(),
  queueId: sales,
  whatsappId: null,
  firstResponseMinutes: 30,
  nextResponseMinutes: null,
  resolutionMinutes: null,
  clock: 'calendar',
  ...over,
});

/** Events applied in order at their instants; the rows of `sla_clocks` as the projection keeps them. */
function run(policies: SlaPolicy[], steps: [string, SlaInput][], companyHours: WeeklyHours = []) {
  const ctx: SlaContext = {
    timeZone: SP,
    policies: () => policies,
    companyHours: () => companyHours,
    queueHours: () => [],
  };
  let state: SlaTicket | null = null;
  const rows = new Map<string, SlaClock>();
  for (const [when, e] of steps) {
    const step = evolveSlaTicket(state, e, at(when), ctx);
    state = step.state;
    for (const c of step.changed) rows.set(c.clockId, c);
  }
  const row = (clockId: string) => {
    const c = rows.get(clockId);
    if (!c) throw new Error(`no clock ${clockId}: ${[...rows.keys()].join(', ')}`);
    return {
      policyId: c.policyId,
      startedAt: iso(c.startedAt),
      warnAt: iso(c.warnAt),
      dueAt: iso(c.dueAt),
      stoppedAt: iso(c.stoppedAt),
      cancelled: c.cancelled,
      warnedAt: iso(c.warnedAt),
      breachedAt: iso(c.breachedAt),
      userId: c.userId,
      elapsedMinutes: c.elapsedMs / 60_000,
    };
  };
  return { state, rows, row, ctx };
}

const ticketId = testId();
const ref = { ticketId, companyId };
const created = (queueId: string | null = sales, isGroup = false) =>
  b.ticketCreated({ ...ref, queueId, whatsappId, isGroup, status: 'pending', userId: null });
const inbound = (messageId = testId()) => b.inboundMessageReceived({ ...ref, messageId, whatsappId });
const reply = (userId: string | null = agent, automatic = false) =>
  b.outboundMessageQueued({ ...ref, whatsappId, userId, ...(automatic ? { automatic: true as const } : {}) });

describe('SLA clocks of a ticket', () => {
  describe('first response', () => {
    it('runs from the opening to the first answer of a person, in calendar time', () => {
      const p = policy();
      const { row } = run(
        [p],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:01:00Z', inbound()],
          ['2026-03-02T12:10:00Z', reply()],
        ],
      );
      expect(row('firstResponse:1')).toEqual({
        policyId: p.policyId,
        startedAt: '2026-03-02T12:00:00.000Z',
        warnAt: '2026-03-02T12:24:00.000Z',
        dueAt: '2026-03-02T12:30:00.000Z',
        stoppedAt: '2026-03-02T12:10:00.000Z',
        cancelled: false,
        warnedAt: null,
        breachedAt: null,
        userId: agent,
        elapsedMinutes: 10,
      });
    });

    it('counts business hours across a weekend: Friday 17:00 + 2 h is Monday 10:00 (warned at 09:36)', () => {
      const p = policy({ firstResponseMinutes: 120, clock: 'companyHours' });
      const { row } = run([p], [['2026-11-27T17:00:00-03:00', created()]], weekdays);
      expect(row('firstResponse:1')).toMatchObject({
        warnAt: '2026-11-30T12:36:00.000Z',
        dueAt: '2026-11-30T13:00:00.000Z',
        stoppedAt: null,
      });
    });

    it('is stopped by no bot, flow, campaign or automatic greeting: only a person answers', () => {
      const { row, state } = run(
        [policy({ resolutionMinutes: 60 })],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:00:10Z', inbound()],
          // The chatbot's menu (no user), the greeting on accept (the agent's, but automatic).
          ['2026-03-02T12:00:11Z', reply(null)],
          ['2026-03-02T12:02:00Z', reply(agent, true)],
        ],
      );
      expect(row('firstResponse:1')).toMatchObject({ stoppedAt: null, cancelled: false });
      expect(row('resolution:1')).toMatchObject({ dueAt: '2026-03-02T13:00:00.000Z', stoppedAt: null });
      expect(state?.lastWord).toBe('customer');
    });

    it('is answered by a message typed on the business phone', () => {
      const { row } = run(
        [policy()],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:05:00Z', b.phoneMessageSent({ ...ref, whatsappId })],
        ],
      );
      expect(row('firstResponse:1')).toMatchObject({
        stoppedAt: '2026-03-02T12:05:00.000Z',
        cancelled: false,
      });
    });

    it('starts from the opening when the ticket reaches a queue with a policy later (the bot chose it)', () => {
      const { row } = run(
        [policy()],
        [
          ['2026-03-02T12:00:00Z', created(null)],
          ['2026-03-02T12:03:00Z', b.ticketQueueAssigned({ ...ref, queueId: sales, reason: 'bot' })],
        ],
      );
      expect(row('firstResponse:1')).toMatchObject({
        startedAt: '2026-03-02T12:00:00.000Z',
        dueAt: '2026-03-02T12:30:00.000Z',
      });
    });
  });

  describe('a transfer', () => {
    it("re-evaluates against the new queue's policy, keeping the start; a queue without one cancels", () => {
      const [a, s] = [
        policy({ firstResponseMinutes: 30 }),
        policy({ queueId: support, firstResponseMinutes: 60 }),
      ];
      const moved = (queueId: string) =>
        b.ticketTransferred({
          ...ref,
          from: { userId: null, queueId: sales, whatsappId },
          status: 'pending',
          userId: null,
          queueId,
          whatsappId,
          claim: null,
        });
      const toSupport = run(
        [a, s],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:10:00Z', moved(support)],
        ],
      );
      expect(toSupport.row('firstResponse:1')).toMatchObject({
        policyId: s.policyId,
        startedAt: '2026-03-02T12:00:00.000Z',
        dueAt: '2026-03-02T13:00:00.000Z',
        stoppedAt: null,
      });
      const away = run(
        [a, s],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:10:00Z', moved(noPolicy)],
        ],
      );
      expect(away.row('firstResponse:1')).toMatchObject({
        stoppedAt: '2026-03-02T12:10:00.000Z',
        cancelled: true,
      });
      expect(slaBadge(away.state)).toBeNull();
    });

    it('gives a cancelled clock back when the ticket returns to a policy, unless it was answered meanwhile', () => {
      const p = policy({ resolutionMinutes: 60 });
      const moved = (from: string, queueId: string) =>
        b.ticketTransferred({
          ...ref,
          from: { userId: null, queueId: from, whatsappId },
          status: 'open',
          userId: agent,
          queueId,
          whatsappId,
          claim: null,
        });
      const { row, state } = run(
        [p],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:10:00Z', moved(sales, noPolicy)],
          ['2026-03-02T12:20:00Z', reply()],
          ['2026-03-02T12:30:00Z', moved(noPolicy, sales)],
        ],
      );
      // Answered while away: the first response stays cancelled; the resolution waits on the customer.
      expect(row('firstResponse:1')).toMatchObject({
        stoppedAt: '2026-03-02T12:10:00.000Z',
        cancelled: true,
      });
      expect(row('resolution:1')).toMatchObject({
        stoppedAt: null,
        cancelled: false,
        dueAt: null,
        elapsedMinutes: 10,
      });
      expect(state?.clocks.map((c) => c.clockId)).toEqual(['resolution:1']);
    });

    it("prefers the policy of the ticket's connection to the queue's", () => {
      const [queueWide, ofConnection] = [policy(), policy({ whatsappId, firstResponseMinutes: 5 })];
      const { row } = run([queueWide, ofConnection], [['2026-03-02T12:00:00Z', created()]]);
      expect(row('firstResponse:1')).toMatchObject({
        policyId: ofConnection.policyId,
        dueAt: '2026-03-02T12:05:00.000Z',
      });
    });
  });

  describe('resolution', () => {
    it('pauses while the last word is the person’s and resumes with the customer’s next message', () => {
      const p = policy({ firstResponseMinutes: null, resolutionMinutes: 60 });
      const paused = run(
        [p],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:10:00Z', reply()],
        ],
      );
      expect(paused.row('resolution:1')).toMatchObject({ warnAt: null, dueAt: null, stoppedAt: null });
      expect(slaBadge(paused.state)).toBeNull();
      // 10 minutes counted; from 12:30 the other 50 (warning when 48 have passed: 38 more).
      const resumed = run(
        [p],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:10:00Z', reply()],
          ['2026-03-02T12:30:00Z', inbound()],
        ],
      );
      expect(resumed.row('resolution:1')).toMatchObject({
        warnAt: '2026-03-02T13:08:00.000Z',
        dueAt: '2026-03-02T13:20:00.000Z',
      });
      expect(slaBadge(resumed.state)).toEqual({
        target: 'resolution',
        state: 'ok',
        warnAt: at('2026-03-02T13:08:00Z'),
        dueAt: at('2026-03-02T13:20:00Z'),
      });
      // Closed at 12:45: 10 + 15 minutes counted, the 20 minutes waiting on the customer left out.
      const closed = run(
        [p],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:10:00Z', reply()],
          ['2026-03-02T12:30:00Z', inbound()],
          ['2026-03-02T12:45:00Z', b.ticketClosed({ ...ref, userId: agent, queueId: sales })],
        ],
      );
      expect(closed.row('resolution:1')).toMatchObject({
        stoppedAt: '2026-03-02T12:45:00.000Z',
        cancelled: false,
        elapsedMinutes: 25,
      });
    });

    it('is met by the close, even without an agent; unanswered response clocks are cancelled', () => {
      const { row, state } = run(
        [policy({ resolutionMinutes: 60 })],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:01:00Z', inbound()],
          [
            '2026-03-02T12:20:00Z',
            b.ticketClosed({ ...ref, userId: null, queueId: sales, reason: 'inactive' }),
          ],
        ],
      );
      expect(row('firstResponse:1')).toMatchObject({
        stoppedAt: '2026-03-02T12:20:00.000Z',
        cancelled: true,
      });
      expect(row('resolution:1')).toMatchObject({
        stoppedAt: '2026-03-02T12:20:00.000Z',
        cancelled: false,
        userId: null,
      });
      expect(state?.clocks).toEqual([]);
    });

    it("is cancelled with everything else by a campaign's close", () => {
      const { row } = run(
        [policy({ resolutionMinutes: 60 })],
        [
          ['2026-03-02T12:00:00Z', created()],
          [
            '2026-03-02T12:00:01Z',
            b.ticketClosed({ ...ref, userId: null, queueId: sales, reason: 'campaign' }),
          ],
        ],
      );
      expect(row('resolution:1')).toMatchObject({ cancelled: true });
    });
  });

  describe('next response', () => {
    it('counts from the first customer message after the person’s word until the next answer', () => {
      const p = policy({ firstResponseMinutes: null, nextResponseMinutes: 15 });
      const [first, second] = [testId(), testId()];
      const { rows, row } = run(
        [p],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:00:00Z', inbound()],
          ['2026-03-02T12:05:00Z', reply()],
          ['2026-03-02T12:20:00Z', inbound(first)],
          ['2026-03-02T12:21:00Z', inbound(second)],
          ['2026-03-02T12:40:00Z', b.phoneMessageSent({ ...ref, whatsappId })],
        ],
      );
      expect([...rows.keys()]).toEqual([`nextResponse:${first}`]);
      expect(row(`nextResponse:${first}`)).toMatchObject({
        startedAt: '2026-03-02T12:20:00.000Z',
        dueAt: '2026-03-02T12:35:00.000Z',
        stoppedAt: '2026-03-02T12:40:00.000Z',
        cancelled: false,
      });
    });
  });

  describe('a reopen', () => {
    it('starts the clocks of the new opening from the reopen', () => {
      const { row, state } = run(
        [policy()],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:05:00Z', reply()],
          ['2026-03-02T12:06:00Z', b.ticketClosed({ ...ref, userId: agent, queueId: sales })],
          ['2026-03-02T15:00:00Z', b.ticketReopened({ ...ref, userId: other, queueId: sales })],
        ],
      );
      expect(row('firstResponse:1')).toMatchObject({
        stoppedAt: '2026-03-02T12:05:00.000Z',
        cancelled: false,
      });
      expect(row('firstResponse:2')).toMatchObject({
        startedAt: '2026-03-02T15:00:00.000Z',
        dueAt: '2026-03-02T15:30:00.000Z',
        stoppedAt: null,
        userId: other,
      });
      expect(state?.opening).toBe(2);
    });
  });

  describe('warnings and breaches', () => {
    it('are kept on the clock and shown on the badge', () => {
      const { row, state } = run(
        [policy()],
        [
          ['2026-03-02T12:00:00Z', created()],
          ['2026-03-02T12:02:00Z', b.ticketAccepted({ ...ref, userId: agent, queueId: sales })],
          ['2026-03-02T12:24:00Z', b.ticketSlaWarned({ ...ref, clockId: 'firstResponse:1' })],
          ['2026-03-02T12:30:00Z', b.ticketSlaBreached({ ...ref, clockId: 'firstResponse:1' })],
        ],
      );
      expect(row('firstResponse:1')).toMatchObject({
        warnedAt: '2026-03-02T12:24:00.000Z',
        breachedAt: '2026-03-02T12:30:00.000Z',
        userId: agent,
      });
      expect(slaBadge(state)).toMatchObject({ target: 'firstResponse', state: 'breached' });
    });
  });

  it('gives a group ticket no clocks', () => {
    const { rows, state } = run([policy()], [['2026-03-02T12:00:00Z', created(sales, true)]]);
    expect(rows.size).toBe(0);
    expect(state).toBeNull();
  });

  it("cancels a deleted policy's running clocks", () => {
    const p = policy();
    const { state, ctx } = run([p], [['2026-03-02T12:00:00Z', created()]]);
    const step = reevaluateSlaTicket(state!, at('2026-03-02T12:05:00Z'), { ...ctx, policies: () => [] });
    expect(step.changed).toMatchObject([{ clockId: 'firstResponse:1', cancelled: true }]);
    expect(slaBadge(step.state)).toBeNull();
  });
});
