import { randomBytes } from 'node:crypto';
import { inTransaction, PgListener } from '@zelo/projections/pg-listener';
import type { Pool } from '../platform/db.ts';
import type { Migration } from '../platform/migrate.ts';

// The keys that seal personal data in events, one per subject (subjects.ts), in PostgreSQL beside the
// read models. Destroying a key (erasure, retention) makes what it sealed unreadable everywhere, for
// good: the row stays with key NULL, so a subject once destroyed is never given a key again and data
// written for it later is redacted as it is written.

export const keyVaultMigrations: Migration[] = [
  {
    id: 'privacy/001-personal-data-keys',
    sql: `
      CREATE TABLE personal_data_keys (
        subject text PRIMARY KEY,
        company_id text,
        key bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        destroyed_at timestamptz
      );
      -- Retention destroys a company's days before a date: its day keys in byte order.
      CREATE INDEX personal_data_keys_days ON personal_data_keys (company_id, (subject COLLATE "C"))
        WHERE subject LIKE 'day:%';
    `,
  },
  {
    // seal-recorded-history.ts: the one-off sealing of events recorded before issue 25 ran.
    id: 'privacy/002-history-sealed',
    sql: 'CREATE TABLE privacy_history_sealed (id text PRIMARY KEY, done_at timestamptz NOT NULL DEFAULT now());',
  },
];

/** A subject's key, or null once destroyed. */
export type SubjectKey = Buffer | null;

/** Other processes drop a destroyed key from their cache on this channel; '*' drops every key. */
const CHANNEL = 'personal_keys_destroyed';
/** NOTIFY payloads must stay under 8 000 bytes. */
const NOTIFY_BYTES = 7_000;
/** Beyond this many payloads one destroy tells the others to drop their whole cache instead. */
const MAX_NOTIFIES = 20;

export interface KeysOptions {
  /** Give a key to subjects that have none yet (writing); a destroyed one stays destroyed. */
  create?: boolean;
  /** The company the created keys belong to. */
  companyId?: string | null;
}

export class KeyVault {
  /** Known keys, so that the hot path (every inbound message) asks the database nothing. */
  private readonly cache = new Map<string, SubjectKey>();
  /** Bumped by every destroy heard: a fetch that started before it must not cache what it read. */
  private generation = 0;
  private listener: PgListener | null = null;

  constructor(
    private readonly pool: Pool,
    /** Where to LISTEN for other processes' destroys; null: this process is the only one. */
    private readonly listenUrl: string | null,
    private readonly maxCached = 200_000,
  ) {}

  /** Subscribes to other processes' destroys (before any key is cached, so none is missed). */
  async start(): Promise<void> {
    if (!this.listenUrl || this.listener) return;
    this.listener = new PgListener(this.listenUrl, [CHANNEL], {
      onNotification: (n) => this.forget(n.payload ?? '*'),
      // Destroys announced while the connection was down are unknown: forget everything.
      onReconnect: () => this.forget('*'),
      onLost: (err) => console.error('[key-vault] LISTEN connection lost, reconnecting:', err.message),
    });
    await this.listener.start();
  }

  async close(): Promise<void> {
    const l = this.listener;
    this.listener = null;
    await l?.stop();
  }

  /**
   * The keys of these subjects (null: destroyed, or never created when not creating). All the misses
   * of a call cost one INSERT (when creating) and one SELECT (none when the insert created them all),
   * whatever their number.
   */
  async keysFor(subjects: Iterable<string>, options: KeysOptions = {}): Promise<Map<string, SubjectKey>> {
    const keys = new Map<string, SubjectKey>();
    const misses: string[] = [];
    for (const s of subjects) {
      if (keys.has(s)) continue;
      const k = this.cache.get(s);
      if (k === undefined) {
        keys.set(s, null);
        misses.push(s);
      } else keys.set(s, k);
    }
    if (misses.length === 0) return keys;
    const generation = this.generation;
    const found = (rows: { subject: string; key: Buffer | null }[]) => {
      for (const r of rows) {
        keys.set(r.subject, r.key);
        if (generation === this.generation) this.remember(r.subject, r.key);
      }
    };
    let unknown = misses;
    if (options.create) {
      // New subjects come back from the insert; only those that existed (or raced) are read after it.
      const { rows } = await this.pool.query<{ subject: string; key: Buffer }>(
        `INSERT INTO personal_data_keys (subject, company_id, key)
         SELECT s, $2, k FROM unnest($1::text[], $3::bytea[]) AS n(s, k)
         ON CONFLICT (subject) DO NOTHING RETURNING subject, key`,
        [misses, options.companyId ?? null, misses.map(() => randomBytes(32))],
      );
      found(rows);
      const created = new Set(rows.map((r) => r.subject));
      unknown = misses.filter((s) => !created.has(s));
      if (unknown.length === 0) return keys;
    }
    const { rows } = await this.pool.query<{ subject: string; key: Buffer | null }>(
      'SELECT subject, key FROM personal_data_keys WHERE subject = ANY($1::text[])',
      [unknown],
    );
    found(rows);
    return keys;
  }

  /**
   * Destroys the subjects' keys (idempotent), also those never created, so that nothing written for
   * them later is readable. Returns how many keys it destroyed.
   */
  async destroy(subjects: string[], companyId: string | null = null): Promise<number> {
    const unique = [...new Set(subjects)];
    if (unique.length === 0) return 0;
    return this.destroyWhere(
      `INSERT INTO personal_data_keys (subject, company_id, key, destroyed_at)
       SELECT s, $2, NULL, now() FROM unnest($1::text[]) AS s
       ON CONFLICT (subject) DO UPDATE SET key = NULL, destroyed_at = now()
        WHERE personal_data_keys.key IS NOT NULL
       RETURNING subject, (xmax <> 0) AS had_key`,
      [unique, companyId],
    );
  }

  /** Retention: destroys the company's message-day keys of every day before `isoDay` (yyyy-mm-dd). */
  async destroyDaysBefore(companyId: string, isoDay: string): Promise<number> {
    return this.destroyWhere(
      `UPDATE personal_data_keys SET key = NULL, destroyed_at = now()
        WHERE company_id = $1 AND subject LIKE 'day:%' AND key IS NOT NULL
          AND subject COLLATE "C" >= $2 AND subject COLLATE "C" < $3
       RETURNING subject, true AS had_key`,
      [companyId, `day:${companyId}:`, `day:${companyId}:${isoDay}`],
    );
  }

  /** A company's erasure: every key of the company's customers, tickets, lists and days goes. */
  async destroyCompany(companyId: string): Promise<number> {
    return this.destroyWhere(
      `UPDATE personal_data_keys SET key = NULL, destroyed_at = now()
        WHERE company_id = $1 AND key IS NOT NULL
       RETURNING subject, true AS had_key`,
      [companyId],
    );
  }

  /** Runs the destroying statement and tells every process, in its transaction (sent only if it commits). */
  private async destroyWhere(sql: string, values: unknown[]): Promise<number> {
    const rows = await inTransaction(this.pool, 'key-vault destroy', async (tx) => {
      const { rows } = await tx.query<{ subject: string; had_key: boolean }>(sql, values);
      const payloads = notifyPayloads(rows.map((r) => r.subject));
      for (const p of payloads.length > MAX_NOTIFIES ? ['*'] : payloads)
        await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, p]);
      return rows;
    });
    for (const r of rows) this.remember(r.subject, null);
    this.generation++;
    return rows.filter((r) => r.had_key).length;
  }

  private forget(payload: string): void {
    this.generation++;
    if (payload === '*') this.cache.clear();
    else for (const s of payload.split('\n')) if (this.cache.has(s)) this.cache.set(s, null);
  }

  private remember(subject: string, key: SubjectKey): void {
    if (!this.cache.has(subject) && this.cache.size >= this.maxCached) {
      // The oldest first: Map keeps insertion order.
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(subject, key);
  }
}

/** Subjects joined by newlines, in payloads NOTIFY accepts. */
function notifyPayloads(subjects: string[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const s of subjects) {
    if (current && current.length + s.length + 1 > NOTIFY_BYTES) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current}\n${s}` : s;
  }
  if (current) payloads.push(current);
  return payloads;
}
