import pg from 'pg';
import { CHECKPOINT_CHANNEL } from './runner.ts';

type Compare = (a: string, b: string) => number;
interface Waiter {
  names: string[];
  position: string;
  resolve: (reached: boolean) => void;
}

/**
 * Read-your-writes: a command's response waits until the projections it reads from have applied
 * the command's last event. Works across processes via the checkpoint NOTIFY channel.
 */
export class CheckpointWatcher {
  private latest = new Map<string, string>();
  private waiters = new Set<Waiter>();
  private client: pg.Client | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly compare: Compare,
  ) {}

  async start(pool: pg.Pool): Promise<void> {
    const { rows } = await pool.query(
      'SELECT name, position FROM projection_checkpoints WHERE position IS NOT NULL',
    );
    for (const r of rows) this.record(r.name, r.position);
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (n) => {
      for (const line of (n.payload ?? '').split('\n')) {
        const [name, position] = line.split(' ');
        if (name && position) this.record(name, position);
      }
    });
    client.on('error', () => {});
    await client.connect();
    await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
    this.client = client;
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

  /** Resolves true once every named projection passed `position`, false after the timeout. */
  waitFor(position: string | null, names: string[], timeoutMs = 3000): Promise<boolean> {
    if (!position) return Promise.resolve(true);
    const w: Waiter = { names, position, resolve: () => {} };
    if (this.reached(w)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(w);
        resolve(false);
      }, timeoutMs);
      w.resolve = (ok) => {
        clearTimeout(timer);
        resolve(ok);
      };
      this.waiters.add(w);
    });
  }

  async stop(): Promise<void> {
    for (const w of this.waiters) w.resolve(false);
    this.waiters.clear();
    await this.client?.end().catch(() => {});
  }
}
