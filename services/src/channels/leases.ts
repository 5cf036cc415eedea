import type { Pool } from '../platform/db.ts';
import type { Migration } from '../platform/migrate.ts';

// Which channel worker holds which connection's socket. A lease is renewed every few seconds; a
// worker that stops renewing (crashed, frozen) loses its connections to the others once it expires.
// A lease row outlives its owner: it remembers what was last done to the saved session (the "new QR"
// generation honoured, logged out or not), so that the next owner reconciles from there.
export const leaseMigrations: Migration[] = [
  {
    id: 'channels/001-leases',
    sql: `
      CREATE TABLE channel_workers (
        id text PRIMARY KEY, heartbeat_at timestamptz NOT NULL, started_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE channel_leases (
        whatsapp_id uuid PRIMARY KEY, owner text, expires_at timestamptz NOT NULL DEFAULT now(),
        generation int NOT NULL DEFAULT 0, logged_out boolean NOT NULL DEFAULT false
      );
      CREATE INDEX channel_leases_owner ON channel_leases (owner);`,
  },
];

/** Workers tell each other at once when they join, leave or hand connections back. */
export const LEASES_CHANNEL = 'zelo_channel_leases';

export interface LeaseTiming {
  /** A lease not renewed for this long is free for another worker to take. */
  ttlMs: number;
  /** How often a worker renews its leases and rebalances. */
  renewMs: number;
}
export const defaultLeaseTiming: LeaseTiming = { ttlMs: 15_000, renewMs: 5_000 };

/** What the last owner did to a connection's saved session. */
export interface LeaseState {
  /** The session_generation last honoured (a "new QR" request above it is still to do). */
  generation: number;
  /** The session was logged out (wiped) because the admin asked to disconnect. */
  loggedOut: boolean;
}

/** Each worker's share: enough that the live workers together hold every connection. */
export const fairShare = (connections: number, liveWorkers: number) =>
  Math.ceil(connections / Math.max(1, liveWorkers));

const toState = (r: { generation: number; logged_out: boolean }): LeaseState => ({
  generation: r.generation,
  loggedOut: r.logged_out,
});

/** One worker's view of the lease table. */
export class Leases {
  constructor(
    private readonly pool: Pool,
    readonly workerId: string,
    private readonly ttlMs: number,
  ) {}

  /**
   * Heartbeat and renewal at the same instant, so that a worker stops counting as live exactly when
   * its leases expire. Returns how many workers are live (this one included).
   */
  async renew(): Promise<number> {
    const { rows } = await this.pool.query(
      `WITH beat AS (
         INSERT INTO channel_workers (id, heartbeat_at) VALUES ($1, now())
         ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()
       ), pruned AS (
         DELETE FROM channel_workers WHERE id <> $1 AND heartbeat_at < now() - interval '1 day'
       ), renewed AS (
         UPDATE channel_leases SET expires_at = now() + make_interval(secs => $2) WHERE owner = $1
       )
       SELECT count(*)::int AS live FROM channel_workers
        WHERE id <> $1 AND heartbeat_at + make_interval(secs => $2) > now()`,
      [this.workerId, this.ttlMs / 1000],
    );
    return rows[0].live + 1;
  }

  /** The leases this worker holds now. */
  async mine(): Promise<Map<string, LeaseState>> {
    const { rows } = await this.pool.query(
      'SELECT whatsapp_id, generation, logged_out FROM channel_leases WHERE owner = $1 AND expires_at > now()',
      [this.workerId],
    );
    return new Map(rows.map((r) => [r.whatsapp_id as string, toState(r)]));
  }

  /**
   * Takes up to `n` of the given connections whose lease is free (never taken, released or expired).
   * Two workers racing for the same row: the insert or update of one wins, the other skips it.
   */
  async claim(candidates: string[], n: number): Promise<Map<string, LeaseState>> {
    if (n <= 0 || candidates.length === 0) return new Map();
    const { rows } = await this.pool.query(
      `WITH free AS (
         SELECT id FROM unnest($3::uuid[]) AS c(id)
          WHERE NOT EXISTS (SELECT 1 FROM channel_leases l
                             WHERE l.whatsapp_id = c.id AND l.owner IS NOT NULL AND l.expires_at > now())
          ORDER BY md5(c.id::text || $1) LIMIT $4
       )
       INSERT INTO channel_leases (whatsapp_id, owner, expires_at)
       SELECT id, $1, now() + make_interval(secs => $2) FROM free
       ON CONFLICT (whatsapp_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
        WHERE channel_leases.owner IS NULL OR channel_leases.expires_at <= now()
       RETURNING whatsapp_id, generation, logged_out`,
      [this.workerId, this.ttlMs / 1000, candidates, n],
    );
    return new Map(rows.map((r) => [r.whatsapp_id as string, toState(r)]));
  }

  /** Remembers what this owner did to the session (only while it still holds the lease). */
  async record(whatsappId: string, state: LeaseState): Promise<void> {
    await this.pool.query(
      'UPDATE channel_leases SET generation = $3, logged_out = $4 WHERE whatsapp_id = $1 AND owner = $2',
      [whatsappId, this.workerId, state.generation, state.loggedOut],
    );
  }

  /** Hands leases back at once (the row and its session state stay for the next owner). */
  async release(whatsappIds: string[]): Promise<void> {
    if (whatsappIds.length === 0) return;
    await this.pool.query(
      'UPDATE channel_leases SET owner = NULL, expires_at = now() WHERE owner = $1 AND whatsapp_id = ANY($2::uuid[])',
      [this.workerId, whatsappIds],
    );
    await this.notify();
  }

  /** A clean stop: every lease back, and this worker no longer counts as live. */
  async leave(): Promise<void> {
    await this.pool.query(
      `WITH gone AS (DELETE FROM channel_workers WHERE id = $1)
       UPDATE channel_leases SET owner = NULL, expires_at = now() WHERE owner = $1`,
      [this.workerId],
    );
    await this.notify();
  }

  /**
   * Frees at once the leases of workers of this machine whose process is gone (a crash, a kill -9, an
   * `npm start` stopped before it handed its leases back), so that a restart holds its connections and
   * answers its first customer now rather than when the dead worker's leases lapse. Worker ids are
   * `<host>:<pid>:<random>`: a pid that exists (or was reused) keeps its leases until they lapse, as
   * before; a worker of another machine is never judged from here.
   */
  async releaseGone(host: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ owner: string }>(
      `SELECT DISTINCT owner FROM channel_leases WHERE owner LIKE $1 || ':%' AND owner <> $2 AND expires_at > now()`,
      [host.replace(/[\\%_]/g, (c) => `\\${c}`), this.workerId],
    );
    const gone = rows.map((r) => r.owner).filter((owner) => !processAlive(owner.slice(host.length + 1)));
    if (gone.length === 0) return [];
    await this.pool.query(
      `WITH left_workers AS (DELETE FROM channel_workers WHERE id = ANY($1))
       UPDATE channel_leases SET owner = NULL, expires_at = now() WHERE owner = ANY($1)`,
      [gone],
    );
    return gone;
  }

  /** Wakes the other workers up (they rebalance now rather than at their next renewal). */
  async notify(): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [LEASES_CHANNEL, this.workerId]);
  }
}

/** Whether the process of `<pid>:<random>` still exists on this machine (EPERM: it does, not ours). */
function processAlive(rest: string): boolean {
  const pid = Number(rest.split(':')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
