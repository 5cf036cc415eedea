import { addBusinessMs, businessMsBetween } from '../business-time.ts';
import type { InboundMessageReceived, OutboundMessageQueued, PhoneMessageSent } from '../messaging/events.ts';
import { isPersonReply } from '../messaging/events.ts';
import type { SlaTarget, TicketEvent } from '../tickets/events.ts';
import type { WeeklyHours } from '../weekly-hours.ts';
import type { SlaClockMode } from './api.ts';

// A ticket's SLA clocks (issue 24), folded from its events: the one definition the sla projection
// applies (so a replay gives the same clocks) and the tests state. Pure: the policies and opening hours
// in force at each event come in through `SlaContext`, times are the events' own.
//
// - firstResponse:<opening> runs from the opening (creation = 1, each reopen +1) to a person's first
//   answer; nextResponse:<message id> from a customer message that finds the last word the person's
//   (after a first answer) to the person's next answer; resolution:<opening> from the opening to the
//   close, paused while the last word is a person's. Bots, flows, campaigns and greetings answer nothing.
// - The clocks follow the ticket's policy, (queue, connection) else (queue, any): at every event of an
//   open ticket a changed policy re-evaluates them, keeping their start and elapsed time; a target the
//   new policy lacks (or no policy) cancels its clock. A policy created later applies from the ticket's
//   next event, counting from the opening; pauses before then are not subtracted.
// - The close stops everything: resolution is met (unless breached), an unanswered response clock is
//   cancelled; a campaign's close cancels all. Group tickets have no clocks.

const MINUTE = 60_000;
/** A warning is due when this share of the target has passed. */
export const SLA_WARN_SHARE = 0.8;

export interface SlaPolicy {
  policyId: string;
  queueId: string;
  whatsappId: string | null;
  firstResponseMinutes: number | null;
  nextResponseMinutes: number | null;
  resolutionMinutes: number | null;
  clock: SlaClockMode;
}

/** What the rules need from outside the ticket, as it stands at the event being applied. */
export interface SlaContext {
  timeZone: string;
  policies(companyId: string): SlaPolicy[];
  companyHours(companyId: string): WeeklyHours;
  queueHours(queueId: string): WeeklyHours;
}

/** One run of one target; instants in ms since the epoch. Its row in `sla_clocks`. */
export interface SlaClock {
  clockId: string;
  target: SlaTarget;
  policyId: string;
  queueId: string | null;
  whatsappId: string;
  /** The ticket's agent when the clock started, stopped or breached. */
  userId: string | null;
  startedAt: number;
  /**
   * Open time counted before `runningSince` (a resolution counts in stretches, paused in between);
   * once stopped, all the clock counted: the business time to the answer, or to the close.
   */
  elapsedMs: number;
  /** Counting since; null while paused (the last word is the person's). */
  runningSince: number | null;
  warnAt: number | null;
  /** The breach instant; null while paused, or when the hours never open. */
  dueAt: number | null;
  warnedAt: number | null;
  breachedAt: number | null;
  stoppedAt: number | null;
  cancelled: boolean;
}

/** A ticket as its SLA clocks need it. Clocks kept: the opening's live ones (and ones a policy cancelled). */
export interface SlaTicket {
  ticketId: string;
  companyId: string;
  queueId: string | null;
  whatsappId: string;
  userId: string | null;
  closed: boolean;
  opening: number;
  openedAt: number;
  /** A person answered in this opening. */
  answered: boolean;
  /** Who spoke last in this opening (automatic messages say nothing here). */
  lastWord: 'customer' | 'person' | null;
  /** Since when the last word is the person's. */
  personSince: number | null;
  /** The customer message a nextResponse clock counts from, while it waits for the person. */
  waiting: { messageId: string; at: number } | null;
  clocks: SlaClock[];
}

type Of<T extends string, U extends { type: string }> = Extract<U, { type: T }>;
/** The events that move a ticket's clocks. */
export type SlaInput =
  | Of<
      | 'TicketCreated'
      | 'TicketAccepted'
      | 'TicketReturned'
      | 'TicketTransferred'
      | 'TicketQueueAssigned'
      | 'TicketAutomationEnded'
      | 'TicketClosed'
      | 'TicketReopened'
      | 'TicketDeleted'
      | 'TicketSlaWarned'
      | 'TicketSlaBreached',
      TicketEvent
    >
  | InboundMessageReceived
  | OutboundMessageQueued
  | PhoneMessageSent;

export const SLA_INPUT_TYPES: ReadonlySet<string> = new Set<SlaInput['type']>([
  'TicketCreated',
  'TicketAccepted',
  'TicketReturned',
  'TicketTransferred',
  'TicketQueueAssigned',
  'TicketAutomationEnded',
  'TicketClosed',
  'TicketReopened',
  'TicketDeleted',
  'TicketSlaWarned',
  'TicketSlaBreached',
  'InboundMessageReceived',
  'OutboundMessageQueued',
  'PhoneMessageSent',
]);

/** The ticket after the event (null: no clocks, or deleted), and the clocks whose row changed. */
export interface SlaStep {
  state: SlaTicket | null;
  changed: SlaClock[];
}

/** The policy of a ticket in this queue on this connection: the connection's own, else the queue's. */
export function policyFor(policies: SlaPolicy[], queueId: string | null, whatsappId: string) {
  if (!queueId) return null;
  const ofQueue = policies.filter((p) => p.queueId === queueId);
  return (
    ofQueue.find((p) => p.whatsappId === whatsappId) ?? ofQueue.find((p) => p.whatsappId === null) ?? null
  );
}

const minutesOf = (p: SlaPolicy, target: SlaTarget) =>
  ({
    firstResponse: p.firstResponseMinutes,
    nextResponse: p.nextResponseMinutes,
    resolution: p.resolutionMinutes,
  })[target];

export function evolveSlaTicket(state: SlaTicket | null, e: SlaInput, at: number, ctx: SlaContext): SlaStep {
  if (e.type === 'TicketCreated') {
    if (state || e.data.isGroup) return { state, changed: [] };
    const { ticketId, companyId, queueId, whatsappId, userId } = e.data;
    const ticket: SlaTicket = {
      ...{ ticketId, companyId, queueId, whatsappId, userId },
      ...{ closed: false, opening: 1, openedAt: at, answered: false, lastWord: null, personSince: null },
      ...{ waiting: null, clocks: [] },
    };
    return new Step(ticket, at, ctx).follow().done();
  }
  if (!state) return { state: null, changed: [] };
  if (e.type === 'TicketDeleted') return { state: null, changed: [] };
  const s = new Step(state, at, ctx);
  switch (e.type) {
    case 'TicketAccepted':
      return s.place({ userId: e.data.userId, queueId: e.data.queueId }).follow().done();
    case 'TicketReturned':
      return s.place({ userId: null }).follow().done();
    case 'TicketTransferred': {
      const { userId, queueId, whatsappId } = e.data;
      return s.place({ userId, queueId, whatsappId }).follow().done();
    }
    case 'TicketQueueAssigned':
      return s.place({ queueId: e.data.queueId }).follow().done();
    case 'TicketAutomationEnded':
      return (e.data.queueId === undefined ? s : s.place({ queueId: e.data.queueId })).follow().done();
    case 'TicketClosed':
      return s.close(e.data.userId, e.data.reason === 'campaign').done();
    case 'TicketReopened':
      return s.reopen(e.data.userId, e.data.queueId).follow().done();
    case 'TicketSlaWarned':
    case 'TicketSlaBreached':
      return s.alerted(e.data.clockId, e.type === 'TicketSlaBreached').done();
    case 'InboundMessageReceived':
      return s.customerSpoke(e.data.messageId).follow().done();
    case 'OutboundMessageQueued':
    case 'PhoneMessageSent':
      if (e.type === 'OutboundMessageQueued' && !isPersonReply(e)) return { state, changed: [] };
      return s
        .personAnswered(e.type === 'OutboundMessageQueued' ? e.data.userId : null)
        .follow()
        .done();
  }
}

/**
 * The clocks of a deleted or changed policy, re-evaluated against the policies as they are now (the
 * deleted one gone): for tickets the policy's change reaches before their next event.
 */
export function reevaluateSlaTicket(state: SlaTicket, at: number, ctx: SlaContext): SlaStep {
  return new Step(state, at, ctx).reevaluate().done();
}

const running = (c: SlaClock) => c.stoppedAt === null && !c.cancelled;

/** One event's work on a ticket: a copy to change, and the clocks whose rows change. */
class Step {
  private t: SlaTicket;
  private changed = new Map<string, SlaClock>();
  /** Each clock's row before the event: a clock touched but left as it was writes nothing. */
  private readonly before: Map<string, string>;

  constructor(
    state: SlaTicket,
    private readonly at: number,
    private readonly ctx: SlaContext,
  ) {
    this.t = { ...state, clocks: state.clocks.map((c) => ({ ...c })) };
    this.before = new Map(state.clocks.map((c) => [c.clockId, JSON.stringify(c)]));
  }

  done(): SlaStep {
    // A clock met never runs again, nor does one a policy cancelled once its answer came: their rows
    // keep them, the state lets them go.
    this.t.clocks = this.t.clocks.filter((c) => running(c) || (c.cancelled && this.stillAsked(c)));
    const changed = [...this.changed.values()].filter(
      (c) => this.before.get(c.clockId) !== JSON.stringify(c),
    );
    return { state: this.t, changed };
  }

  /** Whether the clock's question is still open: no first answer yet, the same customer message waiting. */
  private stillAsked(c: SlaClock) {
    if (c.target === 'firstResponse') return !this.t.answered;
    if (c.target === 'nextResponse') return c.clockId === `nextResponse:${this.t.waiting?.messageId}`;
    return true;
  }

  private touch(c: SlaClock) {
    this.changed.set(c.clockId, c);
  }

  private get policy() {
    return policyFor(this.ctx.policies(this.t.companyId), this.t.queueId, this.t.whatsappId);
  }

  private hours(p: SlaPolicy | null, queueId = this.t.queueId): WeeklyHours {
    if (!p || p.clock === 'calendar') return [];
    if (p.clock === 'companyHours') return this.ctx.companyHours(this.t.companyId);
    return queueId ? this.ctx.queueHours(queueId) : [];
  }

  /** Stops counting: what ran since `runningSince` joins the elapsed time (a stopped clock's is its total). */
  private freeze(c: SlaClock) {
    if (c.runningSince === null) return;
    const hours = this.hours(this.policyOf(c), c.queueId);
    c.elapsedMs += businessMsBetween(hours, this.ctx.timeZone, c.runningSince, this.at);
    c.runningSince = null;
  }

  /** Counts again from now: a clock a policy gives back (a resolution waits while the person has the last word). */
  private resume(c: SlaClock) {
    const waits = c.target === 'resolution' && this.t.lastWord === 'person';
    Object.assign(c, { stoppedAt: null, cancelled: false, runningSince: waits ? null : this.at });
  }

  private cancel(c: SlaClock) {
    this.freeze(c);
    Object.assign(c, { stoppedAt: this.at, cancelled: true });
  }

  private policyOf(c: SlaClock) {
    return this.ctx.policies(this.t.companyId).find((p) => p.policyId === c.policyId) ?? null;
  }

  place(p: { userId?: string | null; queueId?: string | null; whatsappId?: string }) {
    this.t = { ...this.t, ...p };
    return this;
  }

  /**
   * An open ticket's clocks follow its policy: re-evaluated when it changed (or when one a policy
   * cancelled can run again), missing ones started.
   */
  follow() {
    if (this.t.closed) return this;
    const policy = this.policy;
    if (this.t.clocks.some((c) => c.policyId !== policy?.policyId || (policy && !running(c))))
      this.reevaluate();
    if (policy) this.startMissing(policy);
    return this;
  }

  /** Every clock of the opening against the ticket's policy now, keeping start and elapsed time. */
  reevaluate() {
    const policy = this.policy;
    for (const c of this.t.clocks) {
      const minutes = policy && minutesOf(policy, c.target);
      if (!policy || minutes === null || minutes === undefined) {
        if (running(c)) this.cancel(c);
      } else if (running(c) || this.stillAsked(c)) {
        if (!running(c)) this.resume(c);
        Object.assign(c, {
          policyId: policy.policyId,
          queueId: this.t.queueId,
          whatsappId: this.t.whatsappId,
        });
        this.schedule(c, policy);
      }
      this.touch(c);
    }
    if (policy && !this.t.closed) this.startMissing(policy);
    return this;
  }

  /** Warn and due instants from where the clock stands: the rest of the target in the policy's hours. */
  private schedule(c: SlaClock, policy: SlaPolicy) {
    const targetMs = (minutesOf(policy, c.target) ?? 0) * MINUTE;
    if (c.runningSince === null) {
      Object.assign(c, { warnAt: null, dueAt: null });
      return;
    }
    const [hours, tz] = [this.hours(policy), this.ctx.timeZone];
    const left = (share: number) => Math.max(0, share * targetMs - c.elapsedMs);
    c.warnAt = addBusinessMs(hours, tz, c.runningSince, left(SLA_WARN_SHARE));
    c.dueAt = addBusinessMs(hours, tz, c.runningSince, left(1));
  }

  private has(clockId: string) {
    return this.t.clocks.some((c) => c.clockId === clockId);
  }

  private start(policy: SlaPolicy, target: SlaTarget, clockId: string, startedAt: number, paused: boolean) {
    if (minutesOf(policy, target) === null || this.has(clockId)) return;
    const { queueId, whatsappId, userId, personSince } = this.t;
    const clock: SlaClock = {
      ...{ clockId, target, policyId: policy.policyId, queueId, whatsappId, userId, startedAt },
      // A resolution started while the person has the last word counts up to that word, then waits.
      elapsedMs: paused
        ? businessMsBetween(this.hours(policy), this.ctx.timeZone, startedAt, personSince ?? startedAt)
        : 0,
      runningSince: paused ? null : startedAt,
      ...{ warnAt: null, dueAt: null, warnedAt: null, breachedAt: null, stoppedAt: null, cancelled: false },
    };
    this.schedule(clock, policy);
    this.t.clocks.push(clock);
    this.touch(clock);
  }

  private startMissing(policy: SlaPolicy) {
    const { opening, openedAt, answered, waiting, lastWord } = this.t;
    if (!answered) this.start(policy, 'firstResponse', `firstResponse:${opening}`, openedAt, false);
    this.start(policy, 'resolution', `resolution:${opening}`, openedAt, lastWord === 'person');
    if (waiting) this.start(policy, 'nextResponse', `nextResponse:${waiting.messageId}`, waiting.at, false);
  }

  customerSpoke(messageId: string) {
    if (this.t.closed) return this;
    if (this.t.lastWord === 'person') {
      if (this.t.answered) this.t.waiting = { messageId, at: this.at };
      for (const c of this.t.clocks)
        if (c.target === 'resolution' && running(c) && c.runningSince === null) {
          c.runningSince = this.at;
          const policy = this.policyOf(c);
          if (policy) this.schedule(c, policy);
          this.touch(c);
        }
    }
    Object.assign(this.t, { lastWord: 'customer', personSince: null });
    return this;
  }

  personAnswered(userId: string | null) {
    if (this.t.closed) return this;
    const by = userId ?? this.t.userId;
    for (const c of this.t.clocks) {
      if (!running(c) || c.runningSince === null) continue;
      this.freeze(c);
      // Answered; or, for the resolution, waiting on the customer: it keeps what it counted, due nowhere.
      if (c.target !== 'resolution') Object.assign(c, { stoppedAt: this.at, userId: by });
      else Object.assign(c, { warnAt: null, dueAt: null });
      this.touch(c);
    }
    const personSince = this.t.lastWord === 'person' ? this.t.personSince : this.at;
    Object.assign(this.t, { answered: true, lastWord: 'person', personSince, waiting: null });
    return this;
  }

  close(userId: string | null, campaign: boolean) {
    const by = userId ?? this.t.userId;
    for (const c of this.t.clocks) {
      if (!running(c)) continue;
      this.freeze(c);
      // Resolution is met by the close; a response nobody gave is not measured (nor is a campaign's ticket).
      Object.assign(c, { stoppedAt: this.at, userId: by, cancelled: campaign || c.target !== 'resolution' });
      this.touch(c);
    }
    Object.assign(this.t, { closed: true, userId: by, clocks: [], waiting: null });
    return this;
  }

  reopen(userId: string | null, queueId: string | null) {
    for (const c of this.t.clocks)
      if (running(c)) {
        this.cancel(c);
        this.touch(c);
      }
    Object.assign(this.t, {
      ...{ userId, queueId, closed: false, opening: this.t.opening + 1, openedAt: this.at },
      ...{ answered: false, lastWord: null, personSince: null, waiting: null, clocks: [] },
    });
    return this;
  }

  alerted(clockId: string, breached: boolean) {
    const c = this.t.clocks.find((k) => k.clockId === clockId);
    if (!c) return this;
    if (breached) {
      if (c.breachedAt === null) Object.assign(c, { breachedAt: this.at, userId: this.t.userId });
    } else c.warnedAt ??= this.at;
    this.touch(c);
    return this;
  }
}
