import pg from 'pg';

export interface ListenerOptions {
  /** Called for every notification on any of the channels. */
  onNotification: (n: pg.Notification) => void;
  /**
   * Called after the connection was lost and is subscribed again (never after the first connection):
   * notifications sent while it was down are gone, so catch up here (re-read, sync, poll).
   */
  onReconnect?: () => void | Promise<void>;
  /** Told when the connection is lost, with the reason. */
  onLost?: (err: Error) => void;
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * A LISTEN connection that survives the database: when the connection ends (pg_terminate_backend,
 * a restart, a network cut), it reconnects with backoff (100 ms doubling to 5 s), LISTENs again to
 * every channel and calls onReconnect so that what was missed meanwhile is caught up. TCP keep-alive
 * finds a half-open connection. Never throws into the process: errors only lead to a reconnect.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;
  private everConnected = false;
  private first: Promise<void> | null = null;
  private resolveFirst: (() => void) | null = null;
  /** How many times the connection was re-established (for operators and tests). */
  reconnects = 0;

  constructor(
    private readonly connectionString: string,
    private readonly channels: string[],
    private readonly options: ListenerOptions,
  ) {}

  /** Resolves once subscribed the first time (retrying meanwhile), or when stopped before that. */
  start(): Promise<void> {
    if (!this.first) {
      this.first = new Promise((resolve) => {
        this.resolveFirst = resolve;
      });
      void this.connect();
    }
    return this.first;
  }

  get connected(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
    let lost = false;
    const onDown = (err: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (this.stopped) return;
      this.options.onLost?.(err);
      this.retry();
    };
    client.on('error', onDown);
    client.on('end', () => onDown(new Error('connection ended')));
    client.on('notification', (n) => this.options.onNotification(n));
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      onDown(err as Error);
      return;
    }
    if (lost) return;
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempt = 0;
    if (this.everConnected) {
      this.reconnects++;
      try {
        await this.options.onReconnect?.();
      } catch (err) {
        this.options.onLost?.(err as Error);
      }
    }
    this.everConnected = true;
    this.resolveFirst?.();
    this.resolveFirst = null;
  }

  private retry(): void {
    if (this.stopped || this.timer) return;
    const min = this.options.minDelayMs ?? 100;
    const max = this.options.maxDelayMs ?? 5000;
    const delay = Math.min(max, min * 2 ** this.attempt++);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.resolveFirst?.();
    this.resolveFirst = null;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }
}

/**
 * pool.connect() with an error listener for the time the client is checked out: a connection cut
 * then fails the query in flight instead of ending the process ('error' with no listener throws).
 * Call the returned release instead of client.release().
 */
export async function checkOut(
  pool: pg.Pool,
  label: string,
): Promise<{ client: pg.PoolClient; release: (destroy?: boolean) => void }> {
  const client = await pool.connect();
  const onError = (err: Error) => console.error(`[db] connection lost (${label})`, err.message);
  client.on('error', onError);
  return {
    client,
    release: (destroy = false) => {
      client.off('error', onError);
      client.release(destroy);
    },
  };
}

/** Runs `work` in a transaction on a client checked out as above: committed, or rolled back when it throws. */
export async function inTransaction<T>(
  pool: pg.Pool,
  label: string,
  work: (tx: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const { client, release } = await checkOut(pool, label);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    release();
  }
}
