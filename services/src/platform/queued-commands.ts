import type { EventStore, NewEvent } from '../event-store/port.ts';
import {
  type Actor,
  type Aggregate,
  type Deps,
  type DomainEvent,
  expectedAfter,
  type Handled,
  load,
  loadSince,
  recordable,
  retryOnConflict,
} from './command-handler.ts';
import { GroupCommit } from './group-commit.ts';
import { RecentlyUsed } from './recently-used.ts';

interface Queued<C> {
  deps: Deps;
  command: C;
  who: Actor;
}

/** A stream folded up to `revision`, nothing more. */
interface Known<S> {
  state: S;
  revision: number;
}

/** What one process (one store) holds of the aggregate's streams. */
interface InProcess<S, C> {
  /** The streams with commands waiting or being written, each with its group commit. */
  queues: Map<string, { commits: GroupCommit<Queued<C>, Handled<S>>; pending: number }>;
  /** The streams last written here, each as its last group left it. */
  known: RecentlyUsed<string, Known<S>>;
}

/**
 * `commandHandler` for an aggregate whose one stream takes many commands at once (a contact list and
 * its items: agents adding, an import, WhatsApp's answers). Racing on one stream, only one append per
 * revision wins: the others re-read and re-decide, and past their attempts are refused. Instead, in a
 * process a stream's commands go through a group commit of their own: those that arrive while a group
 * is written wait, and are decided one after another, each against the state the one before it left,
 * and appended together in one append that names the revision the group read. A writer in another
 * process makes that append fail and the group is read and decided again: the stream decides, never
 * the memory. Each caller gets its own outcome (its events, or its own refusal). Only processes race
 * on a stream now, one group each at a time.
 *
 * The state a group leaves is kept for the next (of the `keep` streams last written), so a group reads
 * only what other processes appended since (see `copy` for a conflict). A command must never be sent
 * from inside another of the same stream (it would wait for itself). The state answered to callers is
 * the one the next group changes in place: read it at once.
 */
export function queuedCommandHandler<S, E extends DomainEvent, C>(
  aggregate: Aggregate<S, E>,
  streamIdOf: (id: string) => string,
  decide: (command: C, state: S) => E[],
  options: {
    maxAttempts: number;
    maxGroup: number;
    /** How many streams' states a process keeps between groups. */
    keep: number;
    /**
     * A copy of the state that evolve may change without changing the original. Without it, a
     * group's append that meets another process's write reads the whole stream again.
     */
    copy?: (state: S) => S;
  },
) {
  // A store stands for a process (tests run several against one database).
  const processes = new WeakMap<EventStore, InProcess<S, C>>();

  function processOf(store: EventStore): InProcess<S, C> {
    const known = processes.get(store);
    if (known) return known;
    const p: InProcess<S, C> = { queues: new Map(), known: new RecentlyUsed(options.keep) };
    processes.set(store, p);
    return p;
  }

  function queueOf(store: EventStore, p: InProcess<S, C>, streamId: string) {
    const queue = p.queues.get(streamId);
    if (queue) return queue;
    const commits = new GroupCommit((group: Queued<C>[]) => decideGroup(store, p, streamId, group), {
      inFlight: 1,
      maxGroup: options.maxGroup,
    });
    const created = { commits, pending: 0 };
    p.queues.set(streamId, created);
    return created;
  }

  /** The stream as stored, from what was kept of it and its tail (or read whole). */
  async function readKnown(store: EventStore, p: InProcess<S, C>, streamId: string): Promise<Known<S>> {
    // Out while the tail is folded into it in place: a fold that fails halfway is not kept.
    const kept = p.known.get(streamId);
    p.known.delete(streamId);
    // The tail is read even after a whole read: the shorter the time from read to append, the fewer
    // conflicts with other processes.
    const known = await loadSince(
      store,
      streamId,
      aggregate,
      kept ?? (await load(store, streamId, aggregate)),
    );
    p.known.set(streamId, known);
    return known;
  }

  function decideGroup(
    store: EventStore,
    p: InProcess<S, C>,
    streamId: string,
    group: Queued<C>[],
  ): Promise<PromiseSettledResult<Handled<S>>[]> {
    return retryOnConflict(options.maxAttempts, async () => {
      const clean = await readKnown(store, p, streamId);
      // The group folds its decisions into the state before the append, which may fail: into a copy,
      // or else into the kept state itself, taken out until the append succeeds.
      let { revision } = clean;
      let state = options.copy ? options.copy(clean.state) : clean.state;
      if (!options.copy) p.known.delete(streamId);
      const envelopes: NewEvent[] = [];
      const decided = group.map((q): { events: E[] } | { refused: unknown } => {
        let events: E[];
        try {
          events = decide(q.command, state);
          // Validated now: a decision that breaks its contract refuses its caller, not the group.
          envelopes.push(...recordable(q.deps, events, q.who));
        } catch (refused) {
          return { refused };
        }
        state = events.reduce(aggregate.evolve, state);
        return { events };
      });
      const written = envelopes.length
        ? await store.appendToStream(streamId, envelopes, expectedAfter(revision))
        : null;
      revision = written?.nextRevision ?? revision;
      p.known.set(streamId, { state, revision });
      return decided.map((d): PromiseSettledResult<Handled<S>> => {
        if ('refused' in d) return { status: 'rejected', reason: d.refused };
        // The group is one transaction: its last position is when each caller's events are readable.
        const position = d.events.length ? (written?.position ?? null) : null;
        return { status: 'fulfilled', value: { state, revision, appended: d.events, position } };
      });
    });
  }

  return (deps: Deps, id: string, command: C, who: Actor): Promise<Handled<S>> => {
    const streamId = streamIdOf(id);
    const p = processOf(deps.store);
    const queue = queueOf(deps.store, p, streamId);
    queue.pending++;
    return queue.commits.submit({ deps, command, who }).finally(() => {
      if (--queue.pending === 0) p.queues.delete(streamId);
    });
  };
}
