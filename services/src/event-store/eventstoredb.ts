// The EventStoreDB adapter of the event store port. Deliberately thin: every call into
// `@eventstore/db-client` is in this file, so moving to `@kurrent/kurrentdb-client` (which renames
// `expectedRevision` to `streamState` and returns async iterables) is a change here only.
import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  type Position,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { comparePositions } from '@zelo/contracts/event-store/positions';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  type StreamCheck,
  type StreamRead,
  WrongExpectedRevisionError,
} from './port.ts';
import { upcast } from './upcast.ts';

type Subscription = ReturnType<EventStoreDBClient['subscribeToAll']>;

// A position is "commit:prepare" of the $all log, each zero-padded to 20 digits (the width of a
// uint64), so that positions also sort as plain strings; contracts' comparePositions orders them.
const formatPosition = (p: Position): string =>
  `${p.commit.toString().padStart(20, '0')}:${p.prepare.toString().padStart(20, '0')}`;

const parsePosition = (s: string): Position => {
  const [commit, prepare] = s.split(':');
  if (commit === undefined || prepare === undefined) throw new Error(`not an EventStoreDB position: ${s}`);
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
};

/** Whether `a` is at or before `b` in $all (compared as read, without formatting every event's position). */
const atOrBefore = (a: Position, b: Position) =>
  a.commit < b.commit || (a.commit === b.commit && a.prepare <= b.prepare);

const toExpected = (e: ExpectedRevision): AppendExpectedRevision =>
  e === 'any'
    ? ANY
    : e === 'no_stream'
      ? NO_STREAM
      : e === 'stream_exists'
        ? STREAM_EXISTS
        : e < 0
          ? NO_STREAM
          : BigInt(e);

/** System events ($metadata, $statsCollected, projection links `$>`...) are not the application's. */
const isSystemType = (type: string) => type.startsWith('$');

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const e = resolved.event;
  if (!e?.isJson) return null;
  const position =
    e.position ??
    (resolved.commitPosition !== undefined
      ? { commit: resolved.commitPosition, prepare: resolved.commitPosition }
      : undefined);
  if (!position)
    throw new Error(`EventStoreDB returned event ${e.id} without a position (server older than 21.10?)`);
  return upcast({
    id: e.id,
    type: e.type,
    data: e.data as Record<string, unknown>,
    metadata: e.metadata as unknown as RecordedEvent['metadata'],
    streamId: e.streamId,
    streamRevision: Number(e.revision),
    position: formatPosition(position),
  });
}

export class EventStoreDBEventStore implements EventStore {
  readonly name = 'eventstoredb';
  readonly atomicMultiStream = false;
  private readonly client: EventStoreDBClient;
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  private resubscribeTimer: NodeJS.Timeout | null = null;
  private closed = false;

  /** `connectionString`: e.g. `esdb://localhost:2113?tls=false`. */
  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async readStream(streamId: string, after = -1): Promise<StreamRead> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: after < 0 ? START : BigInt(after + 1),
        direction: FORWARDS,
      })) {
        const recorded = toRecorded(resolved);
        if (recorded) events.push(recorded);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return { revision: after, events: [] };
      throw err;
    }
    return { revision: events.length ? events[events.length - 1].streamRevision : after, events };
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })),
        { expectedRevision: toExpected(expected) },
      );
      const position = result.position ?? (await this.lastPositionOf(streamId));
      return { nextRevision: Number(result.nextExpectedRevision), position: formatPosition(position) };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        const actual = err.actualVersion === NO_STREAM ? -1 : Number(err.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw err;
    }
  }

  /**
   * EventStoreDB appends to one stream at a time: the appends go in order and stop at the first that
   * fails. What a crash between two of them leaves (a uniqueness claim without its owner) is healed by
   * the command handler, which takes over a claim whose owner never appeared (`handleAll`).
   */
  async appendToStreams(appends: StreamAppend[], checks: StreamCheck[] = []): Promise<AppendResult[]> {
    // No transaction spans streams here: the checks are read just before the appends.
    for (const c of checks) {
      const actual = await this.lastRevisionOf(c.streamId);
      if (actual !== c.revision) throw new WrongExpectedRevisionError(c.streamId, c.revision, actual);
    }
    const results: AppendResult[] = [];
    for (const a of appends) results.push(await this.appendToStream(a.streamId, a.events, a.expected));
    return results;
  }

  async readStreams(streamIds: string[]): Promise<Map<string, StreamRead>> {
    const reads = await Promise.all(streamIds.map((id) => this.readStream(id)));
    return new Map(streamIds.map((id, i) => [id, reads[i]]));
  }

  private async lastRevisionOf(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
      })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return -1;
      throw err;
    }
    return -1;
  }

  /** Only for servers that do not report the position of an append. */
  private async lastPositionOf(streamId: string): Promise<Position> {
    for await (const resolved of this.client.readStream(streamId, {
      fromRevision: END,
      direction: BACKWARDS,
      maxCount: 1,
    })) {
      if (resolved.event?.position) return resolved.event.position;
    }
    throw new Error(`cannot find the position of the last event of ${streamId}`);
  }

  async readAll(after: string | null, limit: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    if (limit <= 0) return out;
    const afterPos = after ? parsePosition(after) : null;
    let from: Position | typeof START = afterPos ?? START;
    // Reading $all from a position includes the event at that position, and system events count
    // against maxCount, so read pages until `limit` application events are found or $all ends.
    const page = Math.max(limit + 1, 100);
    for (;;) {
      let seen = 0;
      let last: Position | null = null;
      const read = this.client.readAll({ fromPosition: from, maxCount: page, direction: FORWARDS });
      for await (const resolved of read) {
        seen++;
        const e = resolved.event;
        if (!e) continue;
        last = e.position;
        if (afterPos && atOrBefore(e.position, afterPos)) continue;
        if (isSystemType(e.type)) continue;
        const recorded = toRecorded(resolved);
        if (!recorded) continue;
        out.push(recorded);
        if (out.length >= limit) {
          await read.cancel();
          return out;
        }
      }
      if (seen < page || !last) return out;
      from = last;
    }
  }

  comparePositions(a: string, b: string): number {
    return comparePositions(a, b);
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.subscription) this.subscribe();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.unsubscribe();
    };
  }

  // A live subscription to $all without system events, used only as a wake-up: readers still poll
  // readAll, so a dropped subscription costs latency, never events. It is re-established after errors.
  private subscribe(): void {
    if (this.closed || this.subscription) return;
    const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = sub;
    sub.on('data', () => {
      for (const l of this.listeners) l();
    });
    const restart = () => {
      if (this.subscription !== sub) return;
      this.subscription = null;
      if (this.closed || this.listeners.size === 0 || this.resubscribeTimer) return;
      this.resubscribeTimer = setTimeout(() => {
        this.resubscribeTimer = null;
        if (this.listeners.size > 0) this.subscribe();
      }, 1000);
    };
    sub.on('error', restart);
    sub.on('end', restart);
  }

  private unsubscribe(): void {
    const sub = this.subscription;
    this.subscription = null;
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = null;
    if (sub) void sub.unsubscribe().catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.unsubscribe();
    await this.client.dispose();
  }
}
