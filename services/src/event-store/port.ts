// The event store port. Two adapters implement it: PostgreSQL (the embedded default) and
// EventStoreDB/KurrentDB (scale-out). Positions are "major:minor" pairs of unsigned integers that
// contracts' `comparePositions` orders (a workflow compares them without the store); a position means
// something only to the adapter that produced it, so checkpoints survive a change of adapter only by
// a replay.

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface EventMetadata {
  companyId: string | null;
  /** The acting user id, or `system:<actor>` for workflows, channels and reactors. */
  actor: string;
  correlationId: string;
  /** ISO time the command was decided at (the handler's clock, not the database's). */
  at: string;
}

export interface NewEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  streamId: string;
  streamRevision: number;
  /** Global order, comparable with `EventStore.comparePositions`. */
  position: string;
}

export interface StreamRead {
  /** Revision of the last event, or -1 when the stream does not exist. */
  revision: number;
  events: RecordedEvent[];
}

export interface AppendResult {
  nextRevision: number;
  /** Position of the last appended event. */
  position: string;
}

/** One stream's share of a multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

/**
 * A stream the decision read but does not write: the append fails with WrongExpectedRevisionError if
 * the stream is no longer at `revision` (-1: it must still not exist). A process that keeps stream
 * state in memory decides from it and lets the append check it, instead of reading the stream first.
 */
export interface StreamCheck {
  streamId: string;
  revision: number;
}

export interface EventStore {
  readonly name: string;
  /**
   * True when `appendToStreams` is all-or-nothing (PostgreSQL: one transaction). EventStoreDB has no
   * multi-stream transactions: it appends in order, and a crash between two appends can leave the
   * first without the second, which its readers must heal (see command-handler's `handleAll`).
   */
  readonly atomicMultiStream: boolean;
  /**
   * The stream's events in order; with `after`, only those after that revision (a caller that kept the
   * state folded up to `after` reads just the tail). Nothing after it answers `after` as the revision.
   */
  readStream(streamId: string, after?: number): Promise<StreamRead>;
  /** Several whole streams at once (one round trip where the store can), keyed by stream id. */
  readStreams(streamIds: string[]): Promise<Map<string, StreamRead>>;
  appendToStream(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams as one command's write, in the order given, each with its own expected
   * revision; results in the same order. Atomic where `atomicMultiStream` says so. `checks` are
   * streams that must still be at the revision the caller decided from (checked in the same
   * transaction on PostgreSQL; read just before the appends on EventStoreDB).
   */
  appendToStreams(appends: StreamAppend[], checks?: StreamCheck[]): Promise<AppendResult[]>;
  /** Every committed event after `after` (null = from the start), in global order, at most `limit`. */
  readAll(after: string | null, limit: number): Promise<RecordedEvent[]>;
  comparePositions(a: string, b: string): number;
  /** A hint that new events may be readable; readers must still poll. Returns an unsubscribe. */
  onAppended(listener: () => void): () => void;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number,
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
