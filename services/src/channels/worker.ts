import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DomainError } from '@zelo/contracts/errors';
import type { MediaType } from '@zelo/contracts/messaging/events';
import { type ConnectionSessionRow, connectionSessions } from '@zelo/projections/connections/queries';
import { PgListener } from '@zelo/projections/pg-listener';
import { waMessageIdOf } from '@zelo/projections/tickets/queries';
import type { MessageState } from '../messaging/domain/message.ts';
import { recordOutboundOutcome, runMessageCommand } from '../messaging/handlers.ts';
import type { Actor, Deps, Loaded } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import {
  defaultLeaseTiming,
  fairShare,
  LEASES_CHANNEL,
  type LeaseState,
  Leases,
  type LeaseTiming,
} from './leases.ts';
import { type ChannelAdapter, ChannelNotConnectedError } from './port.ts';

const channelActor: Actor = { companyId: null, actor: 'system:channel' };
const MAX_ATTEMPTS = 8;
/** Backoff between attempts: 1 s, 2 s, 4 s … capped at 60 s. */
const backoffMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** (attempts - 1));
/**
 * A write after the send (recording it sent, failed or due again): a cut connection fails one attempt,
 * the pool's fresh connection the next, so the outcome is recorded at once rather than after the claim
 * lapses (and the message is sent again, same WhatsApp id). A refusal of the domain is final.
 */
async function persist<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (err instanceof DomainError || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}
/** How long a claimed delivery stays ours before another worker may retry it (a crashed worker's claim). */
const LEASE_SECONDS = 30;

export interface ChannelWorkerOptions extends Partial<LeaseTiming> {
  /** Unique among the workers sharing the database; a fresh one per process by default. */
  workerId?: string;
}

/** A claimed row of outbound_queue. */
interface QueuedRow {
  message_id: string;
  ticket_id: string;
  company_id: string;
  whatsapp_id: string;
  contact_id: string;
  wa_message_id: string;
  body: string;
  media_type: MediaType;
  media_url: string | null;
  quoted_msg_id: string | null;
  attempts: number;
  queued_at: Date;
}

/** Where a claimed batch's messages go: each contact's number, each connection's provider. */
interface Recipients {
  contacts: Map<string, { number: string; isGroup: boolean }>;
  /** Contacts erased (LGPD): their messages still queued have nobody to go to. */
  erased: Set<string>;
  providers: Map<string, string>;
}

/** Claimed rows split per conversation (connection and contact), each oldest first. */
function byConversation(rows: QueuedRow[]): QueuedRow[][] {
  const groups = new Map<string, QueuedRow[]>();
  for (const r of rows) {
    const key = `${r.whatsapp_id}:${r.contact_id}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((g) => g.sort((a, b) => a.queued_at.getTime() - b.queued_at.getTime()));
}

type ConnectionRow = ConnectionSessionRow;

/**
 * The message as its stream stands when nothing followed its queueing (revision 0), from the claimed
 * row: recording it sent appends at that revision without reading the stream; anything recorded since
 * (an edit, a receipt) fails the append, and the command reads the stream and decides again.
 */
function justQueued(r: QueuedRow): Loaded<MessageState> {
  const ref = {
    messageId: r.message_id,
    companyId: r.company_id,
    ticketId: r.ticket_id,
    contactId: r.contact_id,
    whatsappId: r.whatsapp_id,
  };
  const state: MessageState = {
    kind: 'exists',
    ref,
    direction: 'outbound',
    fromPhone: false,
    userId: null,
    delivery: 'queued',
    ack: 0,
    deleted: false,
    body: r.body,
    edited: false,
  };
  return { state, revision: 0, events: [] };
}

/**
 * Owns a share of the connections' sessions and delivers their queued outbound messages. Workers split
 * the connections through leases in PostgreSQL (leases.ts): each holds about connections / live workers,
 * renews its leases, takes over expired ones and hands back what is above its share. For each connection
 * it holds, it reconciles the session towards what the admin asked (desired_session,
 * session_generation). Delivery: claim a due row of an owned connection with a per-message lease, send
 * with the message's own WhatsApp id, record Sent (once) or back off and retry.
 */
export class ChannelWorker {
  readonly id: string;
  private readonly timing: LeaseTiming;
  private readonly leases: Leases;
  /** Sessions open in this process (started here, not stopped or logged out since), by adapter. */
  private readonly open = new Map<string, ChannelAdapter>();
  private listen: PgListener | null = null;
  private timers: NodeJS.Timeout[] = [];
  private delivering: Promise<void> | null = null;
  private again = false;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private stopped = false;
  private renewedAt = 0;

  constructor(
    private readonly deps: Deps,
    private readonly pool: Pool,
    private readonly databaseUrl: string,
    private readonly adapterFor: (provider: string) => ChannelAdapter | undefined,
    options: ChannelWorkerOptions = {},
  ) {
    this.id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.timing = { ...defaultLeaseTiming, ...options };
    this.leases = new Leases(pool, this.id, this.timing.ttlMs);
  }

  async start(): Promise<void> {
    // LISTEN first, then sync: a connection projected in between is caught by one or the other.
    // After a cut it reconnects with backoff; what it missed meanwhile is caught up by a sync and a
    // delivery pass at once (the timers below would also catch it, later).
    this.listen = new PgListener(this.databaseUrl, ['zelo_outbound', 'zelo_changes', LEASES_CHANNEL], {
      onNotification: (n) => {
        if (n.channel === LEASES_CHANNEL) {
          if (n.payload !== this.id) void this.sync();
        } else if (n.channel === 'zelo_changes' && n.payload?.includes('"whatsapp"')) void this.sync();
        else this.kick();
      },
      onReconnect: () => {
        void this.sync();
        this.kick();
      },
      onLost: (err) => console.error('[channel] LISTEN connection lost, reconnecting:', err.message),
    });
    await this.listen.start();
    // A worker of this machine that died without handing its leases back (the previous run of this
    // process, killed) holds nothing: take its connections now, not when its leases lapse.
    const gone = await this.leases.releaseGone(hostname());
    if (gone.length)
      console.log(`[channel] took over the connections of stopped worker(s) ${gone.join(', ')}`);
    // Count as live before the first sync, and tell the others so they hand over their excess now.
    await this.leases.renew();
    this.renewedAt = Date.now();
    await this.leases.notify();
    await this.sync();
    this.timers.push(setInterval(() => this.kick(), 500));
    // Renewal has its own beat so that a slow reconciliation never lets the leases lapse; the periodic
    // sync also repairs a lost notification (the LISTEN connection dropped).
    this.timers.push(
      setInterval(() => {
        if (this.stopped) return;
        void this.leases
          .renew()
          .then(() => {
            this.renewedAt = Date.now();
          })
          .catch((err) => {
            console.error('[channel] lease renewal failed', (err as Error).message);
            // Cut off from the database past the TTL: another worker may hold these connections now,
            // and two sockets on one number make WhatsApp drop one of them. Close ours.
            if (Date.now() - this.renewedAt > this.timing.ttlMs)
              for (const id of [...this.open.keys()]) void this.close(id);
          })
          .then(() => this.sync());
      }, this.timing.renewMs),
    );
    this.kick();
  }

  /** The connections this worker holds a lease on right now (for operators and tests). */
  async ownedConnections(): Promise<string[]> {
    return [...(await this.leases.mine()).keys()];
  }

  /** Runs a rebalance-and-reconcile pass; one at a time, a request during a pass runs one more. */
  private sync(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        do {
          this.syncAgain = false;
          await this.syncOnce().catch((err) =>
            console.error('[channel] sync failed', (err as Error).message),
          );
        } while (this.syncAgain && !this.stopped);
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    if (this.stopped) return;
    const live = await this.leases.renew();
    const rows = await connectionSessions(this.pool);
    const connections = new Map(rows.filter((r) => this.adapterFor(r.provider)).map((r) => [r.id, r]));
    const mine = await this.leases.mine();
    if (this.stopped) return;

    // A session whose lease is no longer ours (this worker stalled past the TTL and another took it).
    for (const id of [...this.open.keys()]) if (!mine.has(id)) await this.close(id);
    // A deleted connection: close its session and hand the lease back.
    const deleted = [...mine.keys()].filter((id) => !connections.has(id));
    for (const id of deleted) {
      await this.close(id);
      mine.delete(id);
    }
    await this.leases.release(deleted);

    const share = fairShare(connections.size, live);
    let claimed = 0;
    if (mine.size > share) {
      // Above the fair share (a worker joined): hand back, closed sessions first, then open ones.
      const excess = [...mine.keys()]
        .sort((a, b) => Number(this.open.has(a)) - Number(this.open.has(b)))
        .slice(share);
      for (const id of excess) {
        await this.close(id);
        mine.delete(id);
      }
      await this.leases.release(excess);
    } else if (mine.size < share) {
      const free = [...connections.keys()].filter((id) => !mine.has(id));
      for (const [id, state] of await this.leases.claim(free, share - mine.size)) {
        mine.set(id, state);
        claimed++;
      }
    }

    for (const [id, state] of mine) {
      if (this.stopped) return;
      await this.reconcile(connections.get(id)!, state).catch((err) =>
        console.error('[channel] session reconciliation failed', id, (err as Error).message),
      );
    }
    if (claimed > 0) this.kick();
  }

  /**
   * Brings one held session to what the admin asked: disconnected → logged out (saved session wiped);
   * connected → started (a saved session reconnects, none shows a QR); a "new QR" request (generation
   * grew) → logged out, then started afresh.
   */
  private async reconcile(c: ConnectionRow, state: LeaseState): Promise<void> {
    const adapter = this.adapterFor(c.provider)!;
    const generation = c.session_generation;
    if (c.desired_session === 'disconnected') {
      if (this.open.has(c.id) || !state.loggedOut) {
        this.open.delete(c.id);
        await adapter.logout(c.id);
      }
      if (!state.loggedOut || generation !== state.generation)
        await this.leases.record(c.id, { generation, loggedOut: true });
      return;
    }
    let loggedOut = state.loggedOut;
    if (generation > state.generation) {
      this.open.delete(c.id);
      await adapter.logout(c.id);
      await this.leases.record(c.id, { generation, loggedOut: true });
      loggedOut = true;
    }
    if (this.open.has(c.id)) return;
    this.open.set(c.id, adapter);
    try {
      await adapter.start(c.id, c.company_id);
    } catch (err) {
      this.open.delete(c.id); // tried again at the next sync
      throw err;
    }
    if (loggedOut) await this.leases.record(c.id, { generation, loggedOut: false });
  }

  /** Closes this process's socket and keeps the saved session (the lease moves, or shutdown). */
  private async close(whatsappId: string): Promise<void> {
    const adapter = this.open.get(whatsappId);
    this.open.delete(whatsappId);
    await adapter
      ?.stop(whatsappId)
      .catch((err) => console.error('[channel] stop failed', whatsappId, (err as Error).message));
  }

  kick(): void {
    if (this.stopped) return;
    if (this.delivering) {
      this.again = true;
      return;
    }
    this.delivering = this.deliverDue()
      .catch((err) => console.error('[delivery]', (err as Error).message))
      .finally(() => {
        this.delivering = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * Claims due rows of the connections this worker holds a live lease on (a connection that no longer
   * exists may be failed by anyone), so that a message goes out through the one socket of its number.
   */
  private async deliverDue(): Promise<void> {
    while (!this.stopped) {
      const { rows } = await this.pool.query<QueuedRow>(
        `UPDATE outbound_queue SET next_attempt_at = now() + make_interval(secs => $1), attempts = attempts + 1
          WHERE message_id IN (
            SELECT q.message_id FROM outbound_queue q
             WHERE q.next_attempt_at <= now()
               AND (EXISTS (SELECT 1 FROM channel_leases l WHERE l.whatsapp_id = q.whatsapp_id
                                AND l.owner = $2 AND l.expires_at > now())
                    OR NOT EXISTS (SELECT 1 FROM whatsapps w WHERE w.id = q.whatsapp_id))
             ORDER BY q.queued_at LIMIT 50 FOR UPDATE OF q SKIP LOCKED)
          RETURNING *`,
        [LEASE_SECONDS, this.id],
      );
      if (rows.length === 0) return;
      const recipients = this.recipientsOf(rows);
      // A failed lookup is each message's failure (backed off in deliverOne), never an unhandled one.
      recipients.catch(() => {});
      await Promise.all(byConversation(rows).map((messages) => this.deliverInOrder(messages, recipients)));
    }
  }

  /**
   * One conversation's messages go out one after the other, oldest first: sent side by side, a flow's
   * greeting and its first question could reach the phone swapped. When one must wait for a retry, the
   * ones after it wait with it rather than overtake it.
   */
  private async deliverInOrder(messages: QueuedRow[], recipients: Promise<Recipients>): Promise<void> {
    for (const [i, r] of messages.entries()) {
      if ((await this.deliverOne(r, recipients)) !== 'retry') continue;
      const rest = messages.slice(i + 1).map((m) => m.message_id);
      if (rest.length === 0) return;
      await persist(() =>
        this.pool.query(
          `UPDATE outbound_queue SET attempts = attempts - 1,
                  next_attempt_at = (SELECT next_attempt_at FROM outbound_queue WHERE message_id = $1)
            WHERE message_id = ANY($2)`,
          [r.message_id, rest],
        ),
      );
      return;
    }
  }

  /** The quoted message's WhatsApp id, so the customer's phone shows the reply as a reply. */
  private async quotedWaMessageId(quotedMsgId: string | null, companyId: string): Promise<string | null> {
    if (!quotedMsgId) return null;
    return waMessageIdOf(this.pool, quotedMsgId, companyId);
  }

  /** The contacts and connection providers of a claimed batch, in one query. */
  private async recipientsOf(rows: QueuedRow[]): Promise<Recipients> {
    const { rows: found } = await this.pool.query<{
      kind: 'contact' | 'connection';
      id: string;
      number: string | null;
      is_group: boolean | null;
      erased: boolean | null;
      provider: string | null;
    }>(
      `SELECT 'contact' AS kind, id, number, is_group, erased, NULL AS provider FROM contacts WHERE id = ANY($1::uuid[])
       UNION ALL
       SELECT 'connection', id, NULL, NULL, NULL, provider FROM whatsapps WHERE id = ANY($2::uuid[])`,
      [[...new Set(rows.map((r) => r.contact_id))], [...new Set(rows.map((r) => r.whatsapp_id))]],
    );
    const out: Recipients = { contacts: new Map(), providers: new Map(), erased: new Set() };
    for (const f of found) {
      if (f.kind === 'contact' && f.erased) out.erased.add(f.id);
      else if (f.kind === 'contact')
        out.contacts.set(f.id, { number: f.number ?? '', isGroup: !!f.is_group });
      else out.providers.set(f.id, f.provider ?? '');
    }
    return out;
  }

  private async deliverOne(
    r: QueuedRow,
    recipients: Promise<Recipients>,
  ): Promise<'sent' | 'failed' | 'retry'> {
    const who: Actor = { ...channelActor, companyId: r.company_id };
    try {
      // Inside the try: a lookup failing (a cut connection) backs the message off for a retry in
      // seconds, instead of leaving it claimed until its lease lapses.
      const { contacts, providers, erased } = await recipients;
      // Failed at once, not retried for minutes: the erasure blanked the number it would go to.
      if (erased.has(r.contact_id)) throw new DomainError('ERR_NO_CONTACT_FOUND', 'the contact was erased');
      const to = contacts.get(r.contact_id);
      const adapter = this.adapterFor(providers.get(r.whatsapp_id) ?? '');
      if (!adapter || !to)
        throw new DomainError('ERR_NO_WAPP_FOUND', 'connection or contact no longer exists');
      await adapter.send(r.whatsapp_id, {
        waMessageId: r.wa_message_id,
        to,
        body: r.body,
        mediaType: r.media_type,
        mediaUrl: r.media_url,
        quotedWaMessageId: await this.quotedWaMessageId(r.quoted_msg_id, r.company_id),
      });
      await persist(() =>
        recordOutboundOutcome(
          this.deps,
          r.message_id,
          { type: 'RecordSent', sentAt: this.deps.clock.now().toISOString(), attempts: r.attempts },
          who,
          justQueued(r),
        ),
      );
      return 'sent';
    } catch (err) {
      const reason =
        err instanceof ChannelNotConnectedError ? 'ERR_WAPP_NOT_INITIALIZED' : (err as Error).message;
      if (err instanceof DomainError || r.attempts >= MAX_ATTEMPTS) {
        await persist(() =>
          runMessageCommand(
            this.deps,
            r.message_id,
            { type: 'RecordFailed', reason, attempts: r.attempts },
            who,
          ),
        );
        return 'failed';
      }
      await persist(() =>
        this.pool.query(
          `UPDATE outbound_queue SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE message_id = $1`,
          [r.message_id, reason, backoffMs(r.attempts) / 1000],
        ),
      );
      return 'retry';
    }
  }

  /**
   * A clean stop closes the sessions (saved sessions kept) and hands every lease back at once, so that
   * another worker takes over without waiting for the TTL. `release: false` stops as a crash would:
   * nothing is closed or handed back, and the leases lapse after the TTL (tests use it).
   */
  async stop(options: { release?: boolean } = {}): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.listen?.stop();
    if (options.release === false) return;
    await this.syncing;
    await this.delivering;
    for (const id of [...this.open.keys()]) await this.close(id);
    await this.leases.leave().catch((err) => console.error('[channel] lease release failed', err.message));
  }
}
