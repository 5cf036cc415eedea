import { DomainError } from '@zelo/contracts/errors';
import { eventSchema } from '@zelo/contracts/events';
import * as v from 'valibot';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  StreamRead,
} from '../event-store/port.ts';
import { WrongExpectedRevisionError } from '../event-store/port.ts';
import type { Clock } from './clock.ts';
import { newId } from './ids.ts';

export interface DomainEvent {
  type: string;
  data: Record<string, unknown>;
}

export interface Aggregate<S, E extends DomainEvent> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
}

export interface Actor {
  companyId: string | null;
  /** A user id, or `system:<name>`. */
  actor: string;
  correlationId?: string;
}

export interface Deps {
  store: EventStore;
  clock: Clock;
}

export interface Loaded<S> {
  state: S;
  revision: number;
  events: RecordedEvent[];
}

/** Reads a stream and folds it, validating every stored event against its contract schema. */
export async function load<S, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<S, E>,
): Promise<Loaded<S>> {
  return fold(await store.readStream(streamId), aggregate);
}

/** A stream already read, folded as `load` folds it. */
export function fold<S, E extends DomainEvent>(read: StreamRead, aggregate: Aggregate<S, E>): Loaded<S> {
  let state = aggregate.initialState();
  for (const e of read.events) state = aggregate.evolve(state, validated(e) as E);
  return { state, revision: read.revision, events: read.events };
}

/**
 * Folds what a stream gained since `known`, a state the caller kept at that revision (and owns: evolve
 * may change it in place). A stale `known` only costs a longer read, never a wrong state.
 */
export async function loadSince<S, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<S, E>,
  known: { state: S; revision: number },
): Promise<{ state: S; revision: number }> {
  const read = await store.readStream(streamId, known.revision);
  let state = known.state;
  for (const e of read.events) state = aggregate.evolve(state, validated(e) as E);
  return { state, revision: read.revision };
}

function validated(e: { type: string; data: unknown }): DomainEvent {
  const schema = eventSchema(e.type);
  if (!schema) throw new Error(`unknown event type ${e.type}`);
  const result = v.safeParse(schema, { type: e.type, data: e.data });
  if (!result.success) {
    throw new Error(`event ${e.type} does not match its schema: ${v.summarize(result.issues)}`);
  }
  return result.output as DomainEvent;
}

/**
 * Decided events as the store records them: each checked against its contract schema (a decider that
 * breaks its contract writes nothing), stamped with the actor, one correlation id and the handler's clock.
 */
export function recordable(deps: Deps, events: DomainEvent[], who: Actor): NewEvent[] {
  for (const e of events) validated(e);
  const at = deps.clock.now().toISOString();
  const correlationId = who.correlationId ?? newId();
  return events.map((e) => ({
    id: newId(),
    type: e.type,
    data: e.data,
    metadata: { companyId: who.companyId, actor: who.actor, correlationId, at },
  }));
}

/** The revision an append expects after reading `revision` (-1: the stream must not exist yet). */
export const expectedAfter = (revision: number): ExpectedRevision =>
  revision === -1 ? 'no_stream' : revision;

export interface Handled<S> {
  state: S;
  revision: number;
  /** Events appended by this call (empty when the decision was to do nothing). */
  appended: DomainEvent[];
  /** Position of the last appended event, for read-your-writes waits. */
  position: string | null;
}

/**
 * The one I/O call of the write side: load, decide, append with the expected revision. A concurrent
 * writer makes the append fail; we re-read and re-decide, so rules are checked against fresh state.
 */
export async function handle<S, E extends DomainEvent>(
  deps: Deps,
  streamId: string,
  aggregate: Aggregate<S, E>,
  decide: (state: S, revision: number) => E[],
  who: Actor,
  options: {
    maxAttempts?: number;
    expected?: ExpectedRevision;
    known?: Loaded<S>;
    /** How every attempt reads the state, when the aggregate keeps one between commands. */
    load?: () => Promise<Pick<Loaded<S>, 'state' | 'revision'>>;
  } = {},
): Promise<Handled<S>> {
  return retryOnConflict(options.maxAttempts, async (attempt) => {
    // The caller may already hold the stream's state (it just read it); a conflict re-reads anyway.
    const { state, revision } =
      attempt === 1 && options.known
        ? options.known
        : options.load
          ? await options.load()
          : await load(deps.store, streamId, aggregate);
    const events = decide(state, revision);
    if (events.length === 0) return { state, revision, appended: [], position: null };
    const result = await deps.store.appendToStream(
      streamId,
      recordable(deps, events, who),
      options.expected ?? expectedAfter(revision),
    );
    return {
      state: events.reduce(aggregate.evolve, state),
      revision: result.nextRevision,
      appended: events,
      position: result.position,
    };
  });
}

/**
 * The command handler of one aggregate: `runX(deps, id, command, who)` loads the stream of `id`, decides
 * the command against its state and appends, through `handle`. Each context declares its own once:
 * `export const runTicketCommand = commandHandler(ticketAggregate, ticketStreamId, decideTicket)`.
 */
export function commandHandler<S, E extends DomainEvent, C>(
  aggregate: Aggregate<S, E>,
  streamIdOf: (id: string) => string,
  decide: (command: C, state: S) => E[],
) {
  return (
    deps: Deps,
    id: string,
    command: C,
    who: Actor,
    options?: Parameters<typeof handle<S, E>>[5],
  ): Promise<Handled<S>> =>
    handle<S, E>(deps, streamIdOf(id), aggregate, (s) => decide(command, s), who, options);
}

/**
 * Runs one attempt after another while the append meets a concurrent writer (each attempt re-reads and
 * re-decides), with a short random pause; past `maxAttempts` the caller gets ERR_CONCURRENCY.
 */
export async function retryOnConflict<T>(maxAttempts = 8, attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err;
      if (n >= maxAttempts)
        throw new DomainError('ERR_CONCURRENCY', 'too many concurrent changes, try again');
      await new Promise((r) => setTimeout(r, Math.random() * 5 * n));
    }
  }
}

/** Latest of several positions (null-safe), to wait for the last write of a multi-stream command. */
export function latestPosition(
  store: EventStore,
  ...positions: (string | null | undefined)[]
): string | null {
  return positions.reduce<string | null>(
    (acc, p) => (p && (!acc || store.comparePositions(p, acc) > 0) ? p : acc),
    null,
  );
}

/** One stream's part of a command that writes to several (see `handleAll`). */
export interface Step<S = unknown, E extends DomainEvent = DomainEvent> {
  streamId: string;
  aggregate: Aggregate<S, E>;
  decide: (state: S, revision: number) => E[];
  /**
   * For a uniqueness claim (an e-mail, a number): the stream its current owner lives in, or null when
   * unclaimed. A claim whose owner stream never appeared (its writer stopped between the two appends
   * on a store without multi-stream transactions, or an older version wrote them apart) is taken over:
   * the step decides as if the claim were free, against the claim stream's revision.
   */
  ownerStream?: (state: S) => string | null;
}

/** Builds a `Step`, keeping its state and event types together. */
export const step = <S, E extends DomainEvent>(s: Step<S, E>): Step => s as unknown as Step;

/**
 * How long a claim may wait for its owner on a store without multi-stream transactions before another
 * command takes it over: longer than any command's time between its two appends.
 */
export const CLAIM_GRACE_MS = 60_000;

async function loadStep(deps: Deps, s: Step): Promise<Loaded<unknown>> {
  const loaded = await load(deps.store, s.streamId, s.aggregate);
  const owner = s.ownerStream?.(loaded.state);
  if (!owner) return loaded;
  const last = loaded.events[loaded.events.length - 1];
  const grace = deps.store.atomicMultiStream ? 0 : CLAIM_GRACE_MS;
  if (deps.clock.now().getTime() - Date.parse(last.metadata.at) < grace) return loaded;
  if ((await deps.store.readStream(owner)).revision !== -1) return loaded;
  return { ...loaded, state: s.aggregate.initialState() };
}

/**
 * One command that writes to several streams (a uniqueness claim and its owner, a company and its
 * admin): every stream is read and decided, then all their events are appended together, so that
 * they succeed or fail as one (one transaction on PostgreSQL; on EventStoreDB, in order, with claims
 * that heal, see `Step.ownerStream`). A conflict on any stream re-reads and re-decides them all; a
 * decision that throws (a duplicate e-mail) writes nothing.
 */
export async function handleAll(
  deps: Deps,
  steps: Step[],
  who: Actor,
  options: { maxAttempts?: number } = {},
): Promise<{ results: Handled<unknown>[]; position: string | null }> {
  return retryOnConflict(options.maxAttempts, async () => {
    const loaded = await Promise.all(steps.map((s) => loadStep(deps, s)));
    const decided = steps.map((s, i) => s.decide(loaded[i].state, loaded[i].revision));
    // One envelope run for the whole command: every stream's events share its correlation id and time.
    const envelopes = recordable(deps, decided.flat(), who);
    const writing = steps.map((_, i) => i).filter((i) => decided[i].length > 0);
    const appended = writing.length
      ? await deps.store.appendToStreams(
          writing.map((i) => {
            const before = decided.slice(0, i).reduce((n, d) => n + d.length, 0);
            return {
              streamId: steps[i].streamId,
              events: envelopes.slice(before, before + decided[i].length),
              expected: expectedAfter(loaded[i].revision),
            };
          }),
        )
      : [];
    const results = steps.map((s, i): Handled<unknown> => {
      const k = writing.indexOf(i);
      if (k === -1) return { ...loaded[i], appended: [], position: null };
      return {
        state: decided[i].reduce(s.aggregate.evolve, loaded[i].state),
        revision: appended[k].nextRevision,
        appended: decided[i],
        position: appended[k].position,
      };
    });
    return { results, position: latestPosition(deps.store, ...results.map((r) => r.position)) };
  });
}

/** A stream a command creates, with its recorded events. */
export interface NewStream {
  streamId: string;
  events: NewEvent[];
}

/**
 * A command whose streams must all be new (a first contact's number, contact, conversation, ticket and
 * message), appended in one write that expects none of them to exist, without reading them first.
 * Null when one exists already, or when the store cannot write several streams atomically: nothing
 * was written, and the caller takes its reading path.
 */
export async function createStreams(deps: Deps, streams: NewStream[]): Promise<AppendResult[] | null> {
  if (!deps.store.atomicMultiStream) return null;
  try {
    return await deps.store.appendToStreams(streams.map((s) => ({ ...s, expected: 'no_stream' as const })));
  } catch (err) {
    if (err instanceof WrongExpectedRevisionError) return null;
    throw err;
  }
}
