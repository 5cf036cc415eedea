import { EventEmitter } from 'node:events';
import type { AnyEvent, EventOfType, EventType } from '@zelo/contracts/events';
import type { ChangeAction, ChangeKind } from '@zelo/contracts/realtime/frames';
import type { SlaTarget } from '@zelo/contracts/tickets/events';
import type pg from 'pg';
import { inTransaction } from './pg-listener.ts';
import { applyAround, describeFault, isEventFault, recordFaults } from './projection-faults.ts';
import { startBatch } from './runner-lock.ts';
import { withWriteBuffer } from './write-buffer.ts';

export interface EventMetadata {
  companyId: string | null;
  actor: string;
  correlationId: string;
  at: string;
}
/** Where and when an event was recorded: what a projection reads beside the event itself. */
export interface RecordedAt {
  id: string;
  metadata: EventMetadata;
  streamId: string;
  streamRevision: number;
  position: string;
}
/** An event as the store recorded it, before the runner gives it its contract's type. */
export interface StoredEvent extends RecordedAt {
  type: string;
  data: object;
}
/** A recorded event as projections read it: a union on `type`, `data` typed by the event's contract. */
export type ProjectionEvent = AnyEvent & RecordedAt;
/** One event type's recorded envelope, for helpers that serve a single case of a projection's switch. */
export type ProjectionEventOf<T extends EventType> = EventOfType<T> & RecordedAt;
/** Any recorded event whose data carries these fields, for helpers that several cases share. */
export type EventWith<D> = RecordedAt & { data: D };

/**
 * The one place a stored event becomes a ProjectionEvent. Every event was decided as its contract's
 * type and checked against its schema by the command handler when appended, so the read path trusts
 * the type rather than parsing each event again: a replay reads millions of them.
 */
const asProjectionEvents = (stored: StoredEvent[]): ProjectionEvent[] =>
  stored as unknown as ProjectionEvent[];

// Structurally the services' EventStore: projections depend on contracts, never on services.
export interface EventSource {
  readAll(after: string | null, limit: number): Promise<StoredEvent[]>;
  onAppended(listener: () => void): () => void;
  comparePositions(a: string, b: string): number;
}

/** What a projection changed, pushed to browsers by the API's socket gateway. */
export interface Change {
  companyId: string;
  kind: ChangeKind;
  action: ChangeAction;
  id: string;
  ticketId?: string;
  /** A deleted ticket's last queue and agent: who may hear of the deletion (its row is gone). */
  placement?: { queueId: string | null; userId: string | null };
  /** A chat deleted, or members removed from it: the users to tell (they are no longer in its row). */
  audience?: string[];
  /** A campaign shipment's recipient index (kind campaignShipment; `id` is its campaign). */
  index?: number;
  /** Ms since epoch when the underlying event was decided, for latency measurement. */
  at?: number;
  /** A ticket's SLA clock warned or breached (kind sla; `id` is the ticket): the admins' notification. */
  sla?: { action: 'warned' | 'breached'; target: SlaTarget; dueAt: string };
}

export interface Projection {
  name: string;
  /** Tables this projection owns; a rebuild builds new ones beside them and swaps them in. */
  tables: string[];
  /**
   * Columns a consumer writes rather than the events (the delivery worker's claim on a queued message):
   * a rebuild's swap carries them from the live rows to the rebuilt ones with the same key, so that
   * swapping in never re-opens work that is in hand.
   */
  preserve?: { table: string; key: string[]; columns: string[] }[];
  /**
   * The event types this projection acts on, when it says (a reactor): it is given no others, and a
   * batch none of its group acts on costs no transaction (the checkpoints move with the next batch that
   * does, or a few seconds later). Left out: every event.
   */
  handles?: ReadonlySet<string>;
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that changes nothing simply returns
  handle(tx: pg.PoolClient, event: ProjectionEvent): Promise<Change[] | undefined | void>;
  /** Optional bulk path: same effect as calling `handle` for each event in order, in fewer round trips. */
  handleBatch?(tx: pg.PoolClient, events: ProjectionEvent[]): Promise<Change[]>;
  /**
   * Events were applied without this process seeing them (another process's runner applied them, or a
   * rebuild's swap moved the checkpoint): a projection that keeps state folded from the events it saw
   * (a reactor's followed tickets) drops it here, or it would act on a past that moved on.
   */
  skipped?(): void;
}

export const CHANGES_CHANNEL = 'zelo_changes';
export const CHECKPOINT_CHANNEL = 'zelo_checkpoints';

export const checkpointMigration = {
  id: 'projections/000-checkpoints',
  sql: `CREATE TABLE projection_checkpoints (
          name text PRIMARY KEY,
          position text,
          events_applied bigint NOT NULL DEFAULT 0,
          updated_at timestamptz NOT NULL DEFAULT now()
        );`,
};

/** The changes as NOTIFY payloads: each under the 8000-byte cap, in order. */
function changeChunks(changes: Change[]): string[] {
  const chunks: string[] = [];
  let chunk: Change[] = [];
  let size = 2;
  for (const c of changes) {
    const s = JSON.stringify(c).length + 1;
    if (size + s > 7500 && chunk.length) {
      chunks.push(JSON.stringify(chunk));
      chunk = [];
      size = 2;
    }
    chunk.push(c);
    size += s;
  }
  if (chunk.length) chunks.push(JSON.stringify(chunk));
  return chunks;
}

/** Applies one batch of events to a projection and moves its checkpoint, in one transaction. */
export async function applyBatch(
  pool: pg.Pool,
  projection: Projection,
  events: StoredEvent[],
): Promise<Change[]> {
  return (await applyToGroup(pool, [{ projection, events }], { lock: false })).changes;
}

/** Runs a projection's handlers over events in the caller's transaction; the changes they report. */
export async function applyEvents(
  client: pg.PoolClient,
  projection: Projection,
  stored: StoredEvent[],
): Promise<Change[]> {
  const handles = projection.handles;
  // A company's erasure reaches every projection that keeps rows, whatever it handles.
  const events = handles
    ? stored.filter(
        (e) => handles.has(e.type) || (e.type === 'CompanyErased' && projection.tables.length > 0),
      )
    : stored;
  if (events.length === 0) return [];
  // Writes whose result a handler does not read go to the server together, in order (write-buffer.ts).
  return withWriteBuffer(client, (tx) => applyInOrder(tx, projection, asProjectionEvents(events)));
}

async function applyInOrder(tx: pg.PoolClient, projection: Projection, events: ProjectionEvent[]) {
  const changes: Change[] = [];
  // A company erased: its rows leave every table of every projection at that point of the history,
  // so a rebuild (which replays it in order) ends with the same rows as the live tables.
  let from = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.type !== 'CompanyErased') continue;
    changes.push(...(await applyRun(tx, projection, events.slice(from, i + 1))));
    await eraseCompanyRows(tx, projection, e.data.companyId);
    from = i + 1;
  }
  changes.push(...(await applyRun(tx, projection, events.slice(from))));
  return changes;
}

async function applyRun(tx: pg.PoolClient, projection: Projection, events: ProjectionEvent[]) {
  if (events.length === 0) return [];
  if (projection.handleBatch) return projection.handleBatch(tx, events);
  const changes: Change[] = [];
  for (const e of events) {
    const c = await projection.handle(tx, e);
    if (c) changes.push(...c);
  }
  return changes;
}

/**
 * Deletes a company's rows from each of the projection's tables that has a company_id column. The
 * names are unqualified: a rebuild's search_path points them at its shadow copies.
 */
export async function eraseCompanyRows(tx: pg.PoolClient, projection: Projection, companyId: string) {
  if (projection.tables.length === 0) return;
  const { rows } = await tx.query<{ table_name: string }>(
    `SELECT DISTINCT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'company_id' AND table_name = ANY($1)`,
    [projection.tables],
  );
  for (const { table_name } of rows) {
    await tx.query(`DELETE FROM "${table_name.replaceAll('"', '""')}" WHERE company_id = $1`, [companyId]);
  }
}

export interface GroupResult {
  changes: Change[];
  /** Projections left out because a rebuild's swap held them. */
  locked: string[];
  /** Where each projection that applied events now stands. */
  applied: Map<string, string>;
  /**
   * Projections whose stored checkpoint was past the caller's position (a rebuild swapped in newer
   * tables): the events up to it were skipped, and this is where the projection stands.
   */
  ahead: Map<string, string>;
}

/** A projection's share of a batch; with `fault`, its events are parked with that error instead of applied. */
export interface GroupWork {
  projection: Projection;
  events: StoredEvent[];
  fault?: Error;
}

/**
 * Applies each projection's share of a batch and moves their checkpoints, all in one transaction:
 * one read and one commit serve every projection that is caught up, instead of one per projection.
 * With `compare`, each projection's stored checkpoint is read under its lock and events at or before
 * it are skipped, so that a caller whose idea of the position is stale never applies an event twice.
 */
export async function applyToGroup(
  pool: pg.Pool,
  work: GroupWork[],
  options: { lock: boolean; compare?: (a: string, b: string) => number } = { lock: true },
): Promise<GroupResult> {
  const result: GroupResult = { changes: [], locked: [], applied: new Map(), ahead: new Map() };
  const moved = await inTransaction(pool, 'projection batch', async (tx) => {
    let todo = work.filter((w) => w.events.length > 0);
    if (todo.length === 0) return [];
    // No WAL flush wait, the locks and the checkpoints: one round trip (runner-lock.ts).
    const { locked, stored } = await startBatch(
      tx,
      todo.map((w) => w.projection.name),
      options.lock,
    );
    // A rebuild swapping its tables in holds this projection: leave it out, it moves on its own.
    result.locked = locked;
    todo = todo.filter((w) => !locked.includes(w.projection.name));
    const compare = options.compare;
    if (compare) {
      todo = todo.map((w) => {
        const at = stored.get(w.projection.name);
        if (!at || compare(w.events[0].position, at) > 0) return w;
        result.ahead.set(w.projection.name, at);
        w.projection.skipped?.();
        return { ...w, events: w.events.filter((e) => compare(e.position, at) > 0) };
      });
    }
    const moved: { name: string; position: string; count: number }[] = [];
    for (const { projection, events, fault } of todo) {
      if (events.length === 0) continue;
      if (fault) await recordFaults(tx, projection.name, [{ event: events[0], error: fault }]);
      else result.changes.push(...(await applyEvents(tx, projection, events)));
      moved.push({
        name: projection.name,
        position: events[events.length - 1].position,
        count: fault ? 0 : events.length,
      });
    }
    // Every checkpoint in one write, after every projection ran: a transaction gets its xid at its first
    // write, and an open xid holds back pg_snapshot_xmin, which every catch-up reader on this server
    // waits for. Reactors (the chatbot, greetings) spend seconds in their handlers without writing
    // through this transaction; had the first reactor's checkpoint been written before the second one
    // ran, the read models would have waited for it (pushes seconds late under load).
    if (moved.length) {
      // The checkpoints and every notification in one statement: the changes for the socket gateway
      // (sent only if the transaction commits), then where each projection now stands.
      const notices = [
        ...changeChunks(result.changes).map((payload) => [CHANGES_CHANNEL, payload]),
        [CHECKPOINT_CHANNEL, moved.map((m) => `${m.name} ${m.position}`).join('\n')],
      ];
      await tx.query(
        `WITH saved AS (
           INSERT INTO projection_checkpoints (name, position, events_applied, updated_at)
           SELECT name, position, applied, now()
             FROM unnest($1::text[], $2::text[], $3::int[]) AS m(name, position, applied)
           ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position,
             events_applied = projection_checkpoints.events_applied + EXCLUDED.events_applied, updated_at = now()
         )
         SELECT pg_notify(channel, payload) FROM unnest($4::text[], $5::text[]) AS n(channel, payload)`,
        [
          moved.map((m) => m.name),
          moved.map((m) => m.position),
          moved.map((m) => m.count),
          notices.map((n) => n[0]),
          notices.map((n) => n[1]),
        ],
      );
    }
    return moved;
  });
  for (const m of moved) result.applied.set(m.name, m.position);
  return result;
}

/**
 * After a group's batch failed by an event's fault: each projection's share on its own, a share that
 * fails halved until the event is found (projection-faults.ts), which is parked for that projection
 * alone; every other projection and event is applied. What is not an event's fault is thrown.
 */
async function applyParking(
  pool: pg.Pool,
  work: GroupWork[],
  options: { lock: boolean; compare?: (a: string, b: string) => number },
  onParked: (projection: string, event: StoredEvent, error: Error) => void,
): Promise<GroupResult> {
  const total: GroupResult = { changes: [], locked: [], applied: new Map(), ahead: new Map() };
  const run = async (w: GroupWork) => {
    const r = await applyToGroup(pool, [w], options);
    total.changes.push(...r.changes);
    total.locked.push(...r.locked);
    // Within one result the applied position is past the ahead one: the latest wins.
    for (const [name, at] of r.ahead) {
      total.applied.delete(name);
      total.ahead.set(name, at);
    }
    for (const [name, at] of r.applied) {
      total.ahead.delete(name);
      total.applied.set(name, at);
    }
    if (w.fault && r.applied.has(w.projection.name)) onParked(w.projection.name, w.events[0], w.fault);
    return r.locked.length === 0;
  };
  for (const { projection, events } of work)
    await applyAround(
      events,
      (some) => run({ projection, events: some }),
      (event, fault) => run({ projection, events: [event], fault }),
    );
  return total;
}

export async function readCheckpoint(pool: pg.Pool, name: string): Promise<string | null> {
  const { rows } = await pool.query('SELECT position FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0]?.position ?? null;
}

export interface RunnerOptions {
  batchSize?: number;
  pollMs?: number;
  /**
   * The least time between two reads while events keep coming (a backlog is read without a pause). For
   * reactors whose work can wait a moment (timers, billing, a safety net): under load every append
   * wakes every runner, and each read is a round trip or four to PostgreSQL.
   */
  paceMs?: number;
  /** How long the runner sits out after finding its batch applied by another process's runner. */
  standbyMs?: number;
  /** How long checkpoints may stay behind batches none of the projections acts on (`handles`). */
  checkpointEveryMs?: number;
}

const STANDBY_MS = 1_000;
/** How long checkpoints may stay behind batches that none of a runner's projections acts on. */
const CHECKPOINT_EVERY_MS = 5_000;

/** Whether any of `projections` acts on one of `events` (those that do not say act on all). */
const actsOnAny = (projections: Projection[], events: StoredEvent[]) =>
  projections.some((p) => !p.handles || events.some((e) => p.handles!.has(e.type)));

/**
 * Keeps a group of projections up to date: read once after the lowest checkpoint, give each projection
 * the events past its own checkpoint, commit them together; sleep until the store says something was
 * appended, or the poll interval passes (LISTEN is a hint, polling the rule). A projection that is
 * behind (new, or replayed) catches up inside the same loop. An event a projection cannot store is
 * parked for it (projection-faults.ts, emitted as 'parked'); a failure that is not the event's is
 * retried after a second.
 */
export class ProjectionRunner extends EventEmitter {
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Set by a wake-up that arrived while a batch was being applied, so it is not lost. */
  private dirty = false;
  private lastWake = 0;
  private lastRead = 0;
  /** When the checkpoints were last written (batches nobody acts on move them only in memory). */
  private lastSaved = Date.now();
  /** The last event of batches nobody acted on since the checkpoints were written. */
  private unsaved: StoredEvent | null = null;
  /** Ends a pace's pause or a standby early: only stop() does (an append must not). */
  private interrupt: (() => void) | null = null;
  private loopDone: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  readonly positions = new Map<string, string | null>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly source: EventSource,
    readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    super();
    this.setMaxListeners(0);
  }

  start(): void {
    this.unsubscribe = this.source.onAppended(() => {
      this.lastWake = Date.now();
      if (this.wake) this.wake();
      else this.dirty = true;
    });
    this.loopDone = this.loop();
  }

  private lowest(): string | null {
    let low: string | null | undefined;
    for (const p of this.projections) {
      const at = this.positions.get(p.name) ?? null;
      if (at === null) return null;
      if (low == null || this.source.comparePositions(at, low) < 0) low = at;
    }
    return low ?? null;
  }

  private async loop(): Promise<void> {
    for (const p of this.projections) this.positions.set(p.name, await readCheckpoint(this.pool, p.name));
    const batchSize = this.options.batchSize ?? 500;
    let backlog = false;
    while (!this.stopped) {
      const pause = backlog ? 0 : this.lastRead + (this.options.paceMs ?? 0) - Date.now();
      if (pause > 0) await this.sitOut(pause);
      if (this.stopped) break;
      this.lastRead = Date.now();
      backlog = false;
      try {
        const read = await this.source.readAll(this.lowest(), batchSize);
        const saveDue =
          Date.now() - this.lastSaved >= (this.options.checkpointEveryMs ?? CHECKPOINT_EVERY_MS);
        const acts = read.length > 0 && actsOnAny(this.projections, read);
        if (read.length > 0 && !acts && !saveDue) {
          // Nothing here for this group: move on without a transaction (a restart reads these again,
          // and again acts on none of them).
          const last = read[read.length - 1];
          for (const p of this.projections) {
            const at = this.positions.get(p.name) ?? null;
            if (at === null || this.source.comparePositions(last.position, at) > 0)
              this.positions.set(p.name, last.position);
          }
          this.unsaved = last;
          backlog = read.length === batchSize;
          if (backlog) continue;
        }
        // Idle after such batches: their last event moves the checkpoints (acting on nothing).
        const events =
          acts || (read.length > 0 && saveDue)
            ? read
            : read.length === 0 && saveDue && this.unsaved
              ? [this.unsaved]
              : [];
        if (events.length > 0) {
          this.lastSaved = Date.now();
          this.unsaved = null;
          const work = this.projections.map((projection) => {
            const at = this.positions.get(projection.name) ?? null;
            return {
              projection,
              events:
                // The checkpoints' catch-up event acts on nobody: the stored checkpoint alone decides.
                at === null || read.length === 0
                  ? events
                  : events.filter((e) => this.source.comparePositions(e.position, at) > 0),
            };
          });
          const options = {
            lock: true,
            compare: (a: string, b: string) => this.source.comparePositions(a, b),
          };
          const { changes, locked, applied, ahead } = await applyToGroup(this.pool, work, options).catch(
            (err) => {
              if (!isEventFault(err)) throw err;
              // One of the batch's events cannot be stored: park it for its projection, apply the rest.
              return applyParking(this.pool, work, options, (name, event, error) => {
                console.error(`[projections] ${describeFault(name, event, error)}`);
                this.emit('parked', name, event, error);
              });
            },
          );
          for (const name of locked) this.catchUpTo(name, await readCheckpoint(this.pool, name));
          for (const [name, position] of ahead) this.positions.set(name, position);
          for (const [name, position] of applied) {
            this.positions.set(name, position);
            this.emit('applied', name, position);
          }
          this.emit('changes', changes);
          // Another process's runner applied everything this one read (or held the lock): that one
          // keeps these projections current. Reading every append again only to find it done cost each
          // further process of a role a whole read and decryption of the event stream (bench:cluster),
          // so this one sits out a moment; a look after it finds the other gone (killed) and takes over.
          if (applied.size === 0 && (locked.length > 0 || ahead.size > 0)) {
            await this.sitOut(this.options.standbyMs ?? STANDBY_MS);
            continue;
          }
          backlog = events.length === batchSize;
          if (backlog) continue;
        }
      } catch (err) {
        console.error('[projections]', (err as Error).message);
        await this.sleep(1000);
        for (const p of this.projections)
          this.catchUpTo(
            p.name,
            await readCheckpoint(this.pool, p.name).catch(() => this.positions.get(p.name) ?? null),
          );
        continue;
      }
      if (this.dirty) {
        this.dirty = false;
        continue;
      }
      // Right after activity an event may still be invisible behind an older open transaction
      // (the xmin rule): look again soon rather than waiting for the idle poll.
      await this.sleep(Date.now() - this.lastWake < 1000 ? 20 : (this.options.pollMs ?? 1000));
    }
  }

  /** Moves a projection to its stored checkpoint; one that moved without it was skipped past events. */
  private catchUpTo(name: string, stored: string | null): void {
    if (stored !== (this.positions.get(name) ?? null))
      this.projections.find((p) => p.name === name)?.skipped?.();
    this.positions.set(name, stored);
  }

  /** A pause only stop() ends (an append must not). */
  private async sitOut(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.interrupt = () => {
        clearTimeout(t);
        resolve();
      };
    });
    this.interrupt = null;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(t);
        self.wake = null;
        resolve();
      }
      this.wake = done;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wake?.();
    this.interrupt?.();
    await this.loopDone;
  }
}
