import type pg from 'pg';

// An event a projection cannot store must not stop it. When a runner's batch fails because of one of
// its events (a value a read model's column refuses, a handler's own mistake on a value it did not
// expect), that event is parked for that projection alone: recorded in projection_faults, the
// projection's checkpoint moved past it, every other projection and event applied. A failure that is
// not the event's (the connection cut, the server shutting down, a timeout, a deadlock) parks nothing:
// the runner retries the batch as it always did. A replay re-reads every event: it clears the
// projection's faults and parks again only what still fails.

export const projectionFaultsMigration = {
  id: 'projections/001-faults',
  sql: `CREATE TABLE projection_faults (
          projection text NOT NULL,
          position text NOT NULL,
          event_id text NOT NULL,
          event_type text NOT NULL,
          stream_id text NOT NULL,
          error text NOT NULL,
          code text, -- the SQLSTATE (22001), else the error's name (TypeError)
          at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (projection, event_id)
        );`,
};

/** Where an event was recorded: what a fault names. */
export interface FaultyEvent {
  id: string;
  type: string;
  streamId: string;
  position: string;
}

/** SQLSTATE classes an event's own values cause: 22 data exception (too long, out of range, a bad
 * date or uuid), 23 integrity constraint violation (a NOT NULL, a CHECK, a unique key). */
const EVENT_CLASSES = ['22', '23'];
/** What JavaScript throws when a handler meets a value it did not expect. */
const CODE_ERRORS = [TypeError, RangeError, ReferenceError, SyntaxError];

/** Whether applying the same event again would fail the same way: the event's fault, not the moment's. */
export function isEventFault(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const { code, cause } = err as Error & { code?: unknown; cause?: unknown };
  // PostgreSQL's own errors: a SQLSTATE and a severity. Any other class (08 connection, 40 deadlock,
  // 53 resources, 57 shutdown or timeout, 42 a statement of ours) is retried.
  if ('severity' in err && typeof code === 'string') return EVENT_CLASSES.includes(code.slice(0, 2));
  // A failure underneath (ECONNRESET, fetch's "fetch failed" TypeError around a socket's error).
  if (code !== undefined || cause !== undefined) return false;
  return CODE_ERRORS.some((E) => err instanceof E);
}

/**
 * Applies `events` in order through `apply`. When a run fails by an event's fault, it is halved until
 * the one event that fails alone is found, which goes to `park`, and the events around it are applied:
 * a few runs more per bad event, none while nothing fails. Any other failure is thrown. `apply` and
 * `park` answer false to stop (a rebuild's swap holds the projection): nothing after is applied, so
 * nothing is passed over.
 */
export async function applyAround<E>(
  events: E[],
  apply: (events: E[]) => Promise<boolean>,
  park: (event: E, err: Error) => Promise<boolean>,
): Promise<boolean> {
  if (events.length === 0) return true;
  try {
    return await apply(events);
  } catch (err) {
    if (!isEventFault(err)) throw err;
    if (events.length === 1) return park(events[0], err as Error);
    const half = Math.ceil(events.length / 2);
    return (
      (await applyAround(events.slice(0, half), apply, park)) && applyAround(events.slice(half), apply, park)
    );
  }
}

/** Records parked events in the caller's transaction (again: the newer error replaces the older). */
export async function recordFaults(
  tx: pg.PoolClient,
  projection: string,
  faults: { event: FaultyEvent; error: Error }[],
): Promise<void> {
  if (faults.length === 0) return;
  await tx.query(
    `INSERT INTO projection_faults (projection, position, event_id, event_type, stream_id, error, code, at)
     SELECT $1::text, f.*, clock_timestamp()
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS f
     ON CONFLICT (projection, event_id) DO UPDATE SET position = EXCLUDED.position, error = EXCLUDED.error,
       code = EXCLUDED.code, at = EXCLUDED.at`,
    [
      projection,
      faults.map((f) => f.event.position),
      faults.map((f) => f.event.id),
      faults.map((f) => f.event.type),
      faults.map((f) => f.event.streamId),
      faults.map((f) => f.error.message),
      faults.map((f) => errorCode(f.error)),
    ],
  );
}

const errorCode = (err: Error): string => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : err.name;
};

/** The one log line of a parked event. */
export const describeFault = (projection: string, event: FaultyEvent, error: Error) =>
  `${projection} parked event ${event.position} (${event.type} ${event.id}, stream ${event.streamId}): ` +
  `${errorCode(error)} ${error.message}`;

export interface ProjectionFaults {
  projection: string;
  parked: number;
  /** The most recently parked event and why. */
  latest: {
    position: string;
    eventId: string;
    eventType: string;
    error: string;
    code: string | null;
    at: Date;
  };
}

/** Per projection with parked events: how many, and the latest. A database without the table has none. */
export async function projectionFaults(pool: pg.Pool): Promise<Map<string, ProjectionFaults>> {
  try {
    const { rows } = await pool.query<{
      projection: string;
      parked: number;
      position: string;
      event_id: string;
      event_type: string;
      error: string;
      code: string | null;
      at: Date;
    }>(
      `SELECT DISTINCT ON (projection) projection, count(*) OVER (PARTITION BY projection)::int AS parked,
              position, event_id, event_type, error, code, at
         FROM projection_faults ORDER BY projection, at DESC`,
    );
    return new Map(
      rows.map((r) => [
        r.projection,
        {
          projection: r.projection,
          parked: r.parked,
          latest: {
            position: r.position,
            eventId: r.event_id,
            eventType: r.event_type,
            error: r.error,
            code: r.code,
            at: r.at,
          },
        },
      ]),
    );
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return new Map(); // undefined_table: not migrated yet
    throw err;
  }
}
