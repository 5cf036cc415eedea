import { comparePositions } from '@zelo/contracts/event-store/positions';
import { PgListener } from '@zelo/projections/pg-listener';
import type { Pool } from '../platform/db.ts';
import { GroupCommit } from '../platform/group-commit.ts';
import type { Migration } from '../platform/migrate.ts';
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

// Global order is (transaction_id, global_position). A catch-up reader only reads transactions
// older than the oldest one still running (the horizon), so an event whose transaction
// commits late can never be skipped by a reader that already moved past its global_position.
//
// The horizon is this database's, not the server's: pg_snapshot_xmin counts the transactions of every
// database on the server, so one long transaction of another application (or of another Zelo on the
// same server) held every projection back for its whole duration. Only transactions connected to this
// database can append here, so the horizon is the oldest of those still running among the snapshot's
// in-progress ones (pg_stat_activity.backend_xid, shown to every role; prepared transactions too), or
// the snapshot's xmax when there is none. Why that is safe: the snapshot is the statement's, taken
// before pg_stat_activity is read. A transaction below the horizon either had finished at the snapshot,
// or belongs to another database, or had finished when pg_stat_activity was read (a running one would
// have lowered the horizon); the events are then read by a second statement, whose snapshot sees all of
// those committed. (Done in one statement, a transaction finishing between the two moments would be
// invisible to the read yet below the horizon, and skipped for good.)
// The same statement says whether its own snapshot holds any event to read (after $1:$2, below the
// horizon): when none, the read is skipped, so an idle poll costs one round trip. It asks for the first
// such event in index order rather than EXISTS: PostgreSQL drops ORDER BY and LIMIT from an EXISTS, and
// then expects a row comparison to match a sixth of the table and scans it whole, on every poll (9 ms
// per poll at 100 000 events, half of PostgreSQL's time under load). Skipping is what an
// instant-earlier poll would have seen; the position does not move, so nothing is passed over.
const HORIZON = `
  WITH snap AS MATERIALIZED (SELECT pg_current_snapshot() AS s),
  ours AS MATERIALIZED (
    SELECT backend_xid::text AS x FROM pg_stat_activity
     WHERE datname = current_database() AND backend_xid IS NOT NULL
    UNION ALL
    SELECT transaction::text FROM pg_prepared_xacts WHERE database = current_database()
  ),
  h AS MATERIALIZED (
    SELECT COALESCE(
      (SELECT min(x8) FROM snap, pg_snapshot_xip(snap.s) AS x8
        WHERE (x8::text::numeric % 4294967296)::text IN (SELECT x FROM ours)),
      (SELECT pg_snapshot_xmax(s) FROM snap)
    ) AS horizon
  )
  SELECT horizon::text AS horizon,
         COALESCE((SELECT true FROM es_events
                    WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
                      AND transaction_id < horizon
                    ORDER BY transaction_id, global_position LIMIT 1), false) AS pending
    FROM h`;

export const eventStoreMigrations: Migration[] = [
  {
    id: 'event-store/001-events',
    sql: `
      CREATE TABLE es_events (
        global_position bigserial PRIMARY KEY,
        stream_id text NOT NULL,
        stream_position bigint NOT NULL,
        event_id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        UNIQUE (stream_id, stream_position)
      );
      CREATE INDEX es_events_order ON es_events (transaction_id, global_position);
      CREATE FUNCTION es_notify_appended() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('es_appended', ''); RETURN NULL; END $$;
      CREATE TRIGGER es_events_appended AFTER INSERT ON es_events
        FOR EACH STATEMENT EXECUTE FUNCTION es_notify_appended();
    `,
  },
  {
    // A NOTIFY inside every append serialises the appenders' commits on PostgreSQL's notify queue
    // lock; the store now wakes local readers directly and other processes with a throttled NOTIFY.
    id: 'event-store/002-notify-outside-appends',
    sql: `DROP TRIGGER es_events_appended ON es_events; DROP FUNCTION es_notify_appended();`,
  },
];

/** Other processes' readers are woken at most this often; their poll is the fallback. */
const NOTIFY_THROTTLE_MS = 5;

const expectedAsNumber = (e: ExpectedRevision): number | null =>
  e === 'no_stream' ? -1 : typeof e === 'number' ? e : null;

interface Row {
  global_position: number;
  stream_id: string;
  stream_position: number;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: RecordedEvent['metadata'];
  /** The xid8 as text; aliased so that ORDER BY still sees the numeric column, not this text. */
  tx: string;
}

const toRecorded = (r: Row): RecordedEvent =>
  upcast({
    id: r.event_id,
    type: r.type,
    data: r.data,
    metadata: r.metadata,
    streamId: r.stream_id,
    // Number(): bigint columns arrive as strings unless platform/db.ts's type parser was loaded.
    streamRevision: Number(r.stream_position),
    position: `${r.tx}:${r.global_position}`,
  });

const parsePosition = (p: string): [bigint, bigint] => {
  const [tx, gp] = p.split(':');
  return [BigInt(tx), BigInt(gp)];
};

/**
 * Every stream of a group of writes is read (its current revision) and checked in the same statement;
 * a write whose streams all pass is inserted, the others are not, and every stream's row comes back in
 * order with its write's verdict. Events are inserted in the writes' order, so each write's events are
 * contiguous in the global order.
 */
const APPEND = `
  WITH s AS MATERIALIZED (
    SELECT s.idx, s.stream_id, s.grp, s.expected, s.must_exist,
           (SELECT coalesce(max(e.stream_position), -1) FROM es_events e WHERE e.stream_id = s.stream_id) AS rev
      FROM unnest($1::text[], $2::int[], $3::bigint[], $4::boolean[])
           WITH ORDINALITY AS s(stream_id, grp, expected, must_exist, idx)
  ), g AS MATERIALIZED (
    SELECT grp, bool_and((expected IS NULL OR rev = expected) AND (NOT must_exist OR rev >= 0)) AS ok
      FROM s GROUP BY grp
  ), ins AS (
    INSERT INTO es_events (stream_id, stream_position, event_id, type, data, metadata)
    SELECT s.stream_id, s.rev + n.ord, n.id, n.type, n.data, n.metadata
      FROM unnest($5::int[], $6::int[], $7::uuid[], $8::text[], $9::jsonb[], $10::jsonb[])
           AS n(sidx, ord, id, type, data, metadata)
      JOIN s ON s.idx = n.sidx
      JOIN g ON g.grp = s.grp AND g.ok
     ORDER BY n.sidx, n.ord
    RETURNING stream_id, stream_position, global_position, transaction_id::text AS tx
  )
  SELECT s.stream_id, s.rev, g.ok, i.last_rev, i.last_global, i.tx
    FROM s JOIN g USING (grp)
    LEFT JOIN (SELECT stream_id, max(stream_position) AS last_rev, max(global_position) AS last_global,
                      min(tx) AS tx
                 FROM ins GROUP BY stream_id) i USING (stream_id)
   ORDER BY s.idx`;

/** Statements of appends in flight at once; callers arriving meanwhile wait and go in the next group. */
const GROUP_COMMITS_IN_FLIGHT = 2;
/** Writes per group: a bound on one statement's size. */
const MAX_GROUP = 256;

interface PendingWrite {
  appends: StreamAppend[];
  checks: StreamCheck[];
}

/** Two writes appending to one stream both decided from its same revision: they go in separate groups. */
const appendsToSameStream = (w: PendingWrite, group: PendingWrite[]) =>
  w.appends.some((a) => group.some((g) => g.appends.some((b) => b.streamId === a.streamId)));

interface AppendRow {
  stream_id: string;
  rev: number;
  ok: boolean;
  last_rev: number | null;
  last_global: number | null;
  tx: string | null;
}

/** The write's first stream that was not where it expected, in the order the write named them. */
function firstConflict(w: PendingWrite, rows: AppendRow[]): WrongExpectedRevisionError {
  const wanted: ExpectedRevision[] = [
    ...w.appends.map((a) => a.expected),
    ...w.checks.map((c) => c.revision),
  ];
  for (const [i, r] of rows.entries()) {
    const rev = Number(r.rev);
    const e = wanted[i];
    const fails =
      e === 'no_stream' ? rev !== -1 : e === 'stream_exists' ? rev < 0 : typeof e === 'number' && rev !== e;
    if (fails) return new WrongExpectedRevisionError(r.stream_id, e, rev);
  }
  return new WrongExpectedRevisionError(rows[0].stream_id, wanted[0], Number(rows[0].rev));
}

/**
 * The event store on PostgreSQL. Its statements are named, so each connection prepares them once:
 * planning the horizon took four times as long as running it.
 */
export class PostgresEventStore implements EventStore {
  readonly name = 'postgres';
  readonly atomicMultiStream = true;
  private listeners = new Set<() => void>();
  private listener: PgListener | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly connectionString: string,
  ) {}

  async readStream(streamId: string, after = -1): Promise<StreamRead> {
    const { rows } = await this.pool.query<Row>({
      name: 'es_read_stream',
      text: `SELECT global_position, stream_id, stream_position, event_id, type, data, metadata, transaction_id::text AS tx
               FROM es_events WHERE stream_id = $1 AND stream_position > $2 ORDER BY stream_position`,
      values: [streamId, after],
    });
    const events = rows.map(toRecorded);
    return { revision: events.length ? events[events.length - 1].streamRevision : after, events };
  }

  async readStreams(streamIds: string[]): Promise<Map<string, StreamRead>> {
    const { rows } = await this.pool.query<Row>({
      name: 'es_read_streams',
      text: `SELECT global_position, stream_id, stream_position, event_id, type, data, metadata, transaction_id::text AS tx
               FROM es_events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_position`,
      values: [streamIds],
    });
    const reads = new Map<string, StreamRead>(streamIds.map((id) => [id, { revision: -1, events: [] }]));
    for (const r of rows) {
      const read = reads.get(r.stream_id)!;
      const e = toRecorded(r);
      read.events.push(e);
      read.revision = e.streamRevision;
    }
    return reads;
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const [result] = await this.appendToStreams([{ streamId, events, expected }]);
    return result;
  }

  /**
   * All the appends and checks of one caller in one statement: a failing one (a conflict, a bad value)
   * writes none of them. Callers arriving while earlier statements are in flight are committed together
   * (group commit: one statement and one WAL flush for many messages), each answered with its own
   * result or its own conflict; a group that fails as a whole is retried caller by caller.
   */
  async appendToStreams(appends: StreamAppend[], checks: StreamCheck[] = []): Promise<AppendResult[]> {
    if (appends.length === 0 || appends.some((a) => a.events.length === 0))
      throw new Error('appendToStreams needs at least one event per stream');
    const ids = [...appends, ...checks].map((a) => a.streamId);
    if (new Set(ids).size !== ids.length) throw new Error('appendToStreams names a stream twice');
    const results = await this.writes.submit({ appends, checks });
    // Readers in this process wake at once; other processes wake on the NOTIFY (or their poll).
    for (const l of this.listeners) l();
    this.notifyOthers();
    return results;
  }

  private readonly writes = new GroupCommit<PendingWrite, AppendResult[]>((group) => this.commit(group), {
    inFlight: GROUP_COMMITS_IN_FLIGHT,
    maxGroup: MAX_GROUP,
    clashes: appendsToSameStream,
  });

  /** One group's statement, and each write's outcome; a group that fails as a whole, write by write. */
  private async commit(group: PendingWrite[]): Promise<PromiseSettledResult<AppendResult[]>[]> {
    let rows: AppendRow[];
    try {
      rows = await this.appendStatement(group);
    } catch (err) {
      // A unique-key race with another process, or one caller's bad value: each on its own.
      if (group.length > 1) return (await Promise.all(group.map((w) => this.commit([w])))).flat();
      return [await this.settleAlone(group[0], err)];
    }
    let at = 0;
    return group.map((w): PromiseSettledResult<AppendResult[]> => {
      const mine = rows.slice(at, at + w.appends.length + w.checks.length);
      at += mine.length;
      if (!mine[0].ok) return { status: 'rejected', reason: firstConflict(w, mine) };
      const value = mine.slice(0, w.appends.length).map((r) => ({
        nextRevision: Number(r.last_rev),
        position: `${r.tx}:${r.last_global}`,
      }));
      return { status: 'fulfilled', value };
    });
  }

  /** A single write's statement failed: a racing writer took a position it wanted, or a bad value. */
  private async settleAlone(w: PendingWrite, err: unknown): Promise<PromiseSettledResult<AppendResult[]>> {
    const raced =
      (err as { code?: string }).code === '23505' && String((err as Error).message).includes('stream_id');
    if (!raced) return { status: 'rejected', reason: err };
    // 'any' just tries again; a named revision conflicts.
    if (w.checks.length === 0 && w.appends.every((a) => a.expected === 'any'))
      return (await this.commit([w]))[0];
    const racing = w.appends.find((a) => a.expected !== 'any') ?? w.appends[0];
    return {
      status: 'rejected',
      reason: await this.conflict(racing.streamId, racing.expected).catch((e) => e),
    };
  }

  /** One statement for a group of writes: each write's streams are checked, and written only if all pass. */
  private async appendStatement(group: PendingWrite[]): Promise<AppendRow[]> {
    const streams = {
      id: [] as string[],
      grp: [] as number[],
      expected: [] as (number | null)[],
      exists: [] as boolean[],
    };
    const ev = {
      sidx: [] as number[],
      ord: [] as number[],
      id: [] as string[],
      type: [] as string[],
      data: [] as string[],
      meta: [] as string[],
    };
    group.forEach((w, grp) => {
      for (const a of w.appends) {
        streams.id.push(a.streamId);
        streams.grp.push(grp);
        streams.expected.push(expectedAsNumber(a.expected));
        streams.exists.push(a.expected === 'stream_exists');
        a.events.forEach((e, i) => {
          ev.sidx.push(streams.id.length);
          ev.ord.push(i + 1);
          ev.id.push(e.id);
          ev.type.push(e.type);
          ev.data.push(JSON.stringify(e.data));
          ev.meta.push(JSON.stringify(e.metadata));
        });
      }
      for (const c of w.checks) {
        streams.id.push(c.streamId);
        streams.grp.push(grp);
        streams.expected.push(c.revision);
        streams.exists.push(false);
      }
    });
    const { rows } = await this.pool.query<AppendRow>({ name: 'es_append', text: APPEND }, [
      streams.id,
      streams.grp,
      streams.expected,
      streams.exists,
      ev.sidx,
      ev.ord,
      ev.id,
      ev.type,
      ev.data,
      ev.meta,
    ]);
    return rows;
  }

  private async conflict(streamId: string, expected: ExpectedRevision) {
    const { rows } = await this.pool.query<{ rev: number }>(
      'SELECT coalesce(max(stream_position), -1) AS rev FROM es_events WHERE stream_id = $1',
      [streamId],
    );
    return new WrongExpectedRevisionError(streamId, expected, Number(rows[0].rev));
  }

  async readAll(after: string | null, limit: number): Promise<RecordedEvent[]> {
    const [tx, gp] = after ? parsePosition(after) : [0n, 0n];
    // Two statements, in this order: the horizon, then the events under a later snapshot (see HORIZON).
    const [{ horizon, pending }] = (
      await this.pool.query<{ horizon: string; pending: boolean }>({ name: 'es_horizon', text: HORIZON }, [
        tx.toString(),
        gp.toString(),
      ])
    ).rows;
    if (!pending) return [];
    const { rows } = await this.pool.query<Row>({
      name: 'es_read_all',
      text: `SELECT global_position, stream_id, stream_position, event_id, type, data, metadata, transaction_id::text AS tx
         FROM es_events
        WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < $4::text::xid8
        ORDER BY transaction_id, global_position
        LIMIT $3`,
      values: [tx.toString(), gp.toString(), limit, horizon],
    });
    return rows.map(toRecorded);
  }

  private notifyPending = false;
  private notifyOthers(): void {
    if (this.notifyPending) return;
    this.notifyPending = true;
    setTimeout(() => {
      this.notifyPending = false;
      this.pool.query(`SELECT pg_notify('es_appended', '')`).catch(() => {});
    }, NOTIFY_THROTTLE_MS).unref();
  }

  comparePositions(a: string, b: string): number {
    return comparePositions(a, b);
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    this.listener ??= this.startListening();
    return () => this.listeners.delete(listener);
  }

  /**
   * Wakes readers when another process appends. A lost LISTEN connection only costs latency (readers
   * keep polling); it reconnects with backoff and wakes every reader once, for what it did not hear.
   */
  private startListening(): PgListener {
    const wake = () => {
      for (const l of this.listeners) l();
    };
    const listener = new PgListener(this.connectionString, ['es_appended'], {
      onNotification: wake,
      onReconnect: wake,
      onLost: (err) => console.error('[event-store] LISTEN connection lost, reconnecting:', err.message),
    });
    void listener.start();
    return listener;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const l = this.listener;
    this.listener = null;
    await l?.stop();
  }
}
