import { PgListener } from '@zelo/projections/pg-listener';
import { inTransaction, type Pool, type PoolClient } from '../platform/db.ts';
import type { Migration } from '../platform/migrate.ts';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  type StreamRead,
  WrongExpectedRevisionError,
} from './port.ts';

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
// horizon): when none, the read is skipped, so an idle poll costs one round trip. Skipping is what an
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
         EXISTS (SELECT 1 FROM es_events
                  WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
                    AND transaction_id < horizon) AS pending
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

const toRecorded = (r: Row): RecordedEvent => ({
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
    const { rows } = await this.pool.query<Row>(
      `SELECT global_position, stream_id, stream_position, event_id, type, data, metadata, transaction_id::text AS tx
         FROM es_events WHERE stream_id = $1 AND stream_position > $2 ORDER BY stream_position`,
      [streamId, after],
    );
    const events = rows.map(toRecorded);
    return { revision: events.length ? events[events.length - 1].streamRevision : after, events };
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const [result] = await this.appendToStreams([{ streamId, events, expected }]);
    return result;
  }

  /** All the appends in one transaction: a failing one (a conflict, a bad value) writes none of them. */
  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0 || appends.some((a) => a.events.length === 0))
      throw new Error('appendToStreams needs at least one event per stream');
    try {
      const results =
        appends.length === 1
          ? [await this.insert(this.pool, appends[0])]
          : await inTransaction(this.pool, async (client) => {
              const done: AppendResult[] = [];
              for (const a of appends) done.push(await this.insert(client, a));
              return done;
            });
      // Readers in this process wake at once; other processes wake on the NOTIFY (or their poll).
      for (const l of this.listeners) l();
      this.notifyOthers();
      return results;
    } catch (err) {
      if (
        (err as { code?: string }).code === '23505' &&
        String((err as Error).message).includes('stream_id')
      ) {
        // A racing writer took the next position: 'any' just tries again, a named revision conflicts.
        if (appends.every((a) => a.expected === 'any')) return this.appendToStreams(appends);
        const racing = appends.find((a) => a.expected !== 'any') ?? appends[0];
        throw await this.conflict(racing.streamId, racing.expected);
      }
      throw err;
    }
  }

  /**
   * One statement: read the stream's current revision, check it, insert. A racing writer with the
   * same expected revision hits the (stream_id, stream_position) unique key and fails.
   */
  private async insert(
    db: Pick<Pool, 'query'> | PoolClient,
    { streamId, events, expected }: StreamAppend,
  ): Promise<AppendResult> {
    const { rows } = await db.query<{
      stream_position: number;
      global_position: number;
      tx: string;
    }>(
      `WITH cur AS (SELECT coalesce(max(stream_position), -1) AS rev FROM es_events WHERE stream_id = $1)
       INSERT INTO es_events (stream_id, stream_position, event_id, type, data, metadata)
       SELECT $1, cur.rev + e.ord, e.id, e.type, e.data, e.metadata
         FROM cur, unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ord)
        WHERE ($6::bigint IS NULL OR cur.rev = $6)
          AND ($7::boolean IS FALSE OR cur.rev >= 0)
        ORDER BY e.ord
       RETURNING stream_position, global_position, transaction_id::text AS tx`,
      [
        streamId,
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata)),
        expectedAsNumber(expected),
        expected === 'stream_exists',
      ],
    );
    if (rows.length === 0) throw await this.conflict(streamId, expected, db);
    const last = rows.reduce((a, b) => (Number(b.stream_position) > Number(a.stream_position) ? b : a));
    return { nextRevision: Number(last.stream_position), position: `${last.tx}:${last.global_position}` };
  }

  private async conflict(
    streamId: string,
    expected: ExpectedRevision,
    db: Pick<Pool, 'query'> | PoolClient = this.pool,
  ) {
    const { rows } = await db.query<{ rev: number }>(
      'SELECT coalesce(max(stream_position), -1) AS rev FROM es_events WHERE stream_id = $1',
      [streamId],
    );
    return new WrongExpectedRevisionError(streamId, expected, Number(rows[0].rev));
  }

  async readAll(after: string | null, limit: number): Promise<RecordedEvent[]> {
    const [tx, gp] = after ? parsePosition(after) : [0n, 0n];
    // Two statements, in this order: the horizon, then the events under a later snapshot (see HORIZON).
    const [{ horizon, pending }] = (
      await this.pool.query<{ horizon: string; pending: boolean }>(HORIZON, [tx.toString(), gp.toString()])
    ).rows;
    if (!pending) return [];
    const { rows } = await this.pool.query<Row>(
      `SELECT global_position, stream_id, stream_position, event_id, type, data, metadata, transaction_id::text AS tx
         FROM es_events
        WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < $4::text::xid8
        ORDER BY transaction_id, global_position
        LIMIT $3`,
      [tx.toString(), gp.toString(), limit, horizon],
    );
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
    const [ta, ga] = parsePosition(a);
    const [tb, gb] = parsePosition(b);
    if (ta !== tb) return ta < tb ? -1 : 1;
    return ga === gb ? 0 : ga < gb ? -1 : 1;
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
