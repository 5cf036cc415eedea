import { DomainError } from '@zelo/contracts/errors';
import type pg from 'pg';
import { PgListener } from './pg-listener.ts';
import { CHECKPOINT_CHANNEL } from './runner.ts';

type Compare = (a: string, b: string) => number;
interface Waiter {
  names: string[];
  position: string;
  resolve: (reached: boolean) => void;
}

/** How long a command's answer waits for the read model before it answers ERR_NOT_YET_VISIBLE. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 10_000;
/** While someone waits, the checkpoints are also read this often: a lost NOTIFY costs this, not the timeout. */
const POLL_MS = 200;

/**
 * Read-your-writes: a command's response waits until the projections it reads from have applied
 * the command's last event. Works across processes via the checkpoint NOTIFY channel; the LISTEN
 * connection reconnects after a cut and re-reads the checkpoints, and while anyone waits the
 * checkpoints are polled too, so a notification lost in a cut delays an answer by one poll at most.
 */
export class CheckpointWatcher {
  private latest = new Map<string, string>();
  private waiters = new Set<Waiter>();
  private listener: PgListener | null = null;
  private pool: pg.Pool | null = null;
  private poll: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(
    private readonly connectionString: string,
    private readonly compare: Compare,
  ) {}

  async start(pool: pg.Pool): Promise<void> {
    this.pool = pool;
    await this.refresh();
    this.listener = new PgListener(this.connectionString, [CHECKPOINT_CHANNEL], {
      onNotification: (n) => {
        for (const line of (n.payload ?? '').split('\n')) {
          const [name, position] = line.split(' ');
          if (name && position) this.record(name, position);
        }
      },
      // Checkpoints moved while the connection was down were never heard: read them.
      onReconnect: () => this.refresh(),
      onLost: (err) => console.error('[checkpoints] LISTEN connection lost, reconnecting:', err.message),
    });
    await this.listener.start();
  }

  /** Reads every checkpoint from the table (start, reconnect, and while waiters wait). */
  private async refresh(): Promise<void> {
    if (!this.pool) return;
    const { rows } = await this.pool.query(
      'SELECT name, position FROM projection_checkpoints WHERE position IS NOT NULL',
    );
    for (const r of rows) this.record(r.name, r.position);
  }

  private schedulePoll(): void {
    if (this.poll || this.waiters.size === 0) return;
    this.poll = setTimeout(() => {
      this.poll = null;
      if (this.polling || this.waiters.size === 0) return;
      this.polling = true;
      void this.refresh()
        .catch(() => {})
        .finally(() => {
          this.polling = false;
          this.schedulePoll();
        });
    }, POLL_MS);
    this.poll.unref();
  }

  /** Called by the in-process runner too, so an embedded API does not wait for the round trip. */
  record(name: string, position: string | null): void {
    if (!position) return;
    const prev = this.latest.get(name);
    if (prev && this.compare(prev, position) >= 0) return;
    this.latest.set(name, position);
    for (const w of this.waiters)
      if (this.reached(w)) {
        this.waiters.delete(w);
        w.resolve(true);
      }
  }

  private reached(w: Waiter): boolean {
    return w.names.every((n) => {
      const at = this.latest.get(n);
      return at !== undefined && this.compare(at, w.position) >= 0;
    });
  }

  /**
   * Resolves true once every named projection passed `position`. A command's answer must never be
   * empty or stale: after `timeoutMs` (a bounded fallback, the projections being far behind or stopped)
   * it rejects with ERR_NOT_YET_VISIBLE, which says the command was stored.
   */
  waitFor(position: string | null, names: string[], timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS): Promise<true> {
    if (!position) return Promise.resolve(true);
    const w: Waiter = { names, position, resolve: () => {} };
    if (this.reached(w)) return Promise.resolve(true);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(w);
        reject(
          new DomainError(
            'ERR_NOT_YET_VISIBLE',
            `stored, but ${names.join(', ')} did not show it within ${Math.round(timeoutMs / 1000)} s; it will appear shortly, do not send it again`,
          ),
        );
      }, timeoutMs);
      w.resolve = (ok) => {
        clearTimeout(timer);
        if (ok) resolve(true);
        else reject(new DomainError('ERR_NOT_YET_VISIBLE', 'stopping before the read model caught up'));
      };
      this.waiters.add(w);
      this.schedulePoll();
    });
  }

  async stop(): Promise<void> {
    for (const w of this.waiters) w.resolve(false);
    this.waiters.clear();
    if (this.poll) clearTimeout(this.poll);
    this.poll = null;
    await this.listener?.stop();
  }
}
