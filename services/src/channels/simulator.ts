import type { Pool } from '../platform/db.ts';
import { GroupCommit } from '../platform/group-commit.ts';
import { newId } from '../platform/ids.ts';
import type { Migration } from '../platform/migrate.ts';
import { storableText } from '../platform/text.ts';
import {
  type ChannelAdapter,
  type ChannelEvents,
  ChannelNotConnectedError,
  type OutboundPayload,
} from './port.ts';

// The embedded WhatsApp stand-in: a fake phone network kept in PostgreSQL so that the simulator page,
// the tests and the channel worker (possibly different processes) see the same phones.
export const simulatorMigrations: Migration[] = [
  {
    id: 'simulator/001-phones',
    sql: `
      CREATE TABLE sim_messages (
        id bigserial PRIMARY KEY, whatsapp_id uuid NOT NULL, number text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
        wa_message_id text NOT NULL UNIQUE, name text NOT NULL DEFAULT '', body text NOT NULL,
        media_type text NOT NULL DEFAULT 'chat', media_url text, ack int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX sim_messages_phone ON sim_messages (whatsapp_id, number, id);`,
  },
  {
    // The simulated phone's pairing, the simulator's "saved session": kept by stop, wiped by logout,
    // shared by every process so that a connection moving to another channel worker stays paired.
    id: 'simulator/002-pairings',
    sql: `CREATE TABLE sim_pairings (
            whatsapp_id uuid PRIMARY KEY, number text NOT NULL, paired_at timestamptz NOT NULL DEFAULT now()
          );`,
  },
  {
    // The message a business reply quotes, as the customer's phone shows it.
    id: 'simulator/003-quoted',
    sql: `ALTER TABLE sim_messages ADD COLUMN quoted_wa_message_id text;`,
  },
  {
    // The network's phones: the numbers that have WhatsApp. A customer who writes has one; the
    // simulator page and POST /simulator/phones add others (a contact list's numbers, for campaigns).
    id: 'simulator/004-phones',
    sql: `CREATE TABLE sim_phones (
            number text PRIMARY KEY, name text NOT NULL DEFAULT '', created_at timestamptz NOT NULL DEFAULT now()
          );
          INSERT INTO sim_phones (number, name)
            SELECT DISTINCT ON (number) number, name FROM sim_messages WHERE direction = 'inbound'
             ORDER BY number, id DESC
          ON CONFLICT DO NOTHING;`,
  },
];

const SIMULATED_NUMBER = '5511900000000';
/** About 45 s of retries (250 ms doubling, capped at 10 s) before a delivery receipt is given up. */
const ACK_RETRIES = 9;

/** One message a customer's phone sent, as the simulator's log keeps it. */
interface SimInboundRow {
  whatsappId: string;
  number: string;
  waMessageId: string;
  name: string;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
}

interface SimOutboundRow {
  whatsappId: string;
  number: string;
  waMessageId: string;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  quotedWaMessageId: string | null;
}

export interface SimulatorOptions {
  /** Demo mode pairs at once; otherwise the connection shows a QR until someone "scans" it. */
  autoPair: boolean;
  /** Delay before the simulated phone reports delivery (ack 2). */
  deliveryDelayMs?: number;
}

export class SimulatorChannel implements ChannelAdapter {
  readonly provider = 'simulator' as const;
  /** Sessions opened in this process (showing a QR or connected). */
  private opened = new Set<string>();
  private connected = new Set<string>();

  constructor(
    private readonly pool: Pool,
    private readonly events: ChannelEvents,
    private readonly options: SimulatorOptions,
  ) {}

  /**
   * What the customers' phones sent, written before the channel hears of it. A real channel keeps no
   * such log, so the simulator's should cost next to nothing beside the message itself: concurrent
   * sends are written together, one statement for their phones and messages.
   */
  private readonly phoneLog = new GroupCommit<SimInboundRow, void>((rows) => this.writePhoneLog(rows), {
    inFlight: 2,
    maxGroup: 200,
  });

  /**
   * What reaches the customers' phones, written together as the phone log is (sends side by side were
   * one statement each, each waiting for its own WAL flush). True for a message the phone did not have.
   */
  private readonly phoneInbox = new GroupCommit<SimOutboundRow, boolean>(
    async (rows) => {
      const column = <K extends keyof SimOutboundRow>(k: K) => rows.map((r) => r[k]);
      const { rows: inserted } = await this.pool.query<{ wa_message_id: string }>(
        `INSERT INTO sim_messages (whatsapp_id, number, direction, wa_message_id, body, media_type, media_url, ack, quoted_wa_message_id)
         SELECT whatsapp_id, number, 'outbound', wa_message_id, body, media_type, media_url, 1, quoted
           FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async,
                unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
                WITH ORDINALITY AS r(whatsapp_id, number, wa_message_id, body, media_type, media_url, quoted, ord)
          ORDER BY ord
         ON CONFLICT (wa_message_id) DO NOTHING RETURNING wa_message_id`,
        [
          column('whatsappId'),
          column('number'),
          column('waMessageId'),
          column('body'),
          column('mediaType'),
          column('mediaUrl'),
          column('quotedWaMessageId'),
        ],
      );
      const added = new Set(inserted.map((r) => r.wa_message_id));
      // A waMessageId twice in one group: the first is the new one.
      return rows.map((r) => {
        const value = added.delete(r.waMessageId);
        return { status: 'fulfilled' as const, value };
      });
    },
    { inFlight: 2, maxGroup: 200 },
  );

  /**
   * The phones' delivery ticks, written together as the phone log is (a campaign's thousand receipts
   * were a thousand single statements, each waiting for its own WAL flush).
   */
  private readonly receipts = new GroupCommit<string, void>(
    async (ids) => {
      await this.pool.query(
        `UPDATE sim_messages s SET ack = GREATEST(s.ack, 2)
           FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async, unnest($1::text[]) AS r(id)
          WHERE s.wa_message_id = r.id`,
        [ids],
      );
      return ids.map(() => ({ status: 'fulfilled', value: undefined }));
    },
    { inFlight: 2, maxGroup: 200 },
  );

  private async writePhoneLog(rows: SimInboundRow[]): Promise<PromiseSettledResult<void>[]> {
    const column = <K extends keyof SimInboundRow>(k: K) => rows.map((r) => r[k]);
    // Whoever writes has WhatsApp: the phone is added with its first message; a message sent again under
    // its id (the first answer was lost) is already in the log. The log is the simulated
    // phones', not Zelo's record: it commits without waiting for the WAL flush (set_config is local to
    // this statement's transaction).
    await this.pool.query(
      `WITH r AS MATERIALIZED (
         SELECT r.* FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async,
           unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           WITH ORDINALITY AS r(whatsapp_id, number, wa_message_id, name, body, media_type, media_url, ord)
       ), phones AS (
         INSERT INTO sim_phones (number, name)
         SELECT DISTINCT ON (number) number, name FROM r ORDER BY number, ord ON CONFLICT DO NOTHING
       )
       INSERT INTO sim_messages (whatsapp_id, number, direction, wa_message_id, name, body, media_type, media_url, ack)
       SELECT whatsapp_id, number, 'inbound', wa_message_id, name, body, media_type, media_url, 1 FROM r ORDER BY ord
       ON CONFLICT (wa_message_id) DO NOTHING`,
      [
        column('whatsappId'),
        column('number'),
        column('waMessageId'),
        column('name'),
        column('body'),
        column('mediaType'),
        column('mediaUrl'),
      ],
    );
    return rows.map(() => ({ status: 'fulfilled', value: undefined }));
  }

  /** A paired phone reconnects without a QR; otherwise a QR (or, in demo mode, an instant pairing). */
  async start(whatsappId: string, _companyId: string): Promise<void> {
    this.opened.add(whatsappId);
    const paired = await this.pairedNumber(whatsappId);
    if (paired) return this.connect(whatsappId, paired);
    if (this.options.autoPair) return this.pair(whatsappId);
    await this.events.status(whatsappId, 'qrcode', `zelo-simulator:${whatsappId}:${newId()}`, 0);
  }

  /** The simulator page's "scan the QR" button. */
  async pair(whatsappId: string): Promise<void> {
    await this.pool.query(
      'INSERT INTO sim_pairings (whatsapp_id, number) VALUES ($1, $2) ON CONFLICT (whatsapp_id) DO NOTHING',
      [whatsappId, SIMULATED_NUMBER],
    );
    this.opened.add(whatsappId);
    await this.connect(whatsappId, SIMULATED_NUMBER);
  }

  private async connect(whatsappId: string, number: string): Promise<void> {
    await this.events.status(whatsappId, 'OPENING', '', 0);
    this.connected.add(whatsappId);
    await this.events.status(whatsappId, 'CONNECTED', '', 0, number);
  }

  private async pairedNumber(whatsappId: string): Promise<string | undefined> {
    const { rows } = await this.pool.query('SELECT number FROM sim_pairings WHERE whatsapp_id = $1', [
      whatsappId,
    ]);
    return rows[0]?.number;
  }

  /**
   * Closes the socket and keeps the pairing: the connection moves to another channel worker (which
   * reports OPENING then CONNECTED as it reconnects without a QR), or the worker shuts down.
   */
  async stop(whatsappId: string): Promise<void> {
    this.opened.delete(whatsappId);
    this.connected.delete(whatsappId);
    await this.events.status(whatsappId, 'DISCONNECTED', '', 0);
  }

  /** Unlinks the phone: the pairing is forgotten and the next start shows a QR (unless autoPair). */
  async logout(whatsappId: string): Promise<void> {
    this.opened.delete(whatsappId);
    this.connected.delete(whatsappId);
    await this.pool.query('DELETE FROM sim_pairings WHERE whatsapp_id = $1', [whatsappId]);
    await this.events.status(whatsappId, 'DISCONNECTED', '', 0);
  }

  isConnected(whatsappId: string): boolean {
    return this.connected.has(whatsappId);
  }

  async send(whatsappId: string, p: OutboundPayload): Promise<void> {
    // Showing a QR here while the simulator page (another process) scanned it: paired now.
    if (
      !this.connected.has(whatsappId) &&
      this.opened.has(whatsappId) &&
      (await this.pairedNumber(whatsappId))
    )
      this.connected.add(whatsappId);
    if (!this.connected.has(whatsappId)) throw new ChannelNotConnectedError(whatsappId);
    // The same waMessageId twice is one message on the phone: a retried send is not a duplicate.
    const fresh = await this.phoneInbox.submit({
      whatsappId,
      number: p.to.number,
      waMessageId: p.waMessageId,
      body: storableText(p.body),
      mediaType: p.mediaType,
      mediaUrl: p.mediaUrl ?? null,
      quotedWaMessageId: p.quotedWaMessageId ?? null,
    });
    if (!fresh) return;
    const timer = setTimeout(
      () => void this.deliver(whatsappId, p.waMessageId),
      this.options.deliveryDelayMs ?? 150,
    );
    timer.unref();
  }

  /**
   * The phone reports delivery. A real phone's receipt comes again until WhatsApp has it, so a failed
   * write (a cut database connection) is retried with backoff rather than leaving the message at one tick.
   */
  private async deliver(whatsappId: string, waMessageId: string, attempt = 0): Promise<void> {
    try {
      await this.receipts.submit(waMessageId);
      await this.events.ack(whatsappId, waMessageId, 2);
    } catch (err) {
      if (attempt >= ACK_RETRIES) {
        console.error('[simulator] ack failed for good', waMessageId, (err as Error).message);
        return;
      }
      const timer = setTimeout(
        () => void this.deliver(whatsappId, waMessageId, attempt + 1),
        Math.min(250 * 2 ** attempt, 10_000),
      );
      timer.unref();
    }
  }

  /** A simulated customer writes to the business. Resolves once Zelo stored the message. */
  /** The simulated phone's address book: every customer who has written to this connection. */
  async phoneContacts(whatsappId: string): Promise<{ number: string; name: string }[]> {
    if (!this.connected.has(whatsappId)) throw new ChannelNotConnectedError(whatsappId);
    const { rows } = await this.pool.query(
      `SELECT DISTINCT ON (number) number, name FROM sim_messages
        WHERE whatsapp_id = $1 AND direction = 'inbound' ORDER BY number, id DESC`,
      [whatsappId],
    );
    return rows.map((r) => ({ number: r.number, name: r.name || r.number }));
  }

  /** Someone installs WhatsApp on a number: from now on the network knows that phone. */
  async addPhone(number: string, name = ''): Promise<{ number: string; name: string }> {
    const { rows } = await this.pool.query(
      `INSERT INTO sim_phones (number, name) VALUES ($1, $2)
       ON CONFLICT (number) DO UPDATE SET name = CASE WHEN $2 = '' THEN sim_phones.name ELSE $2 END
       RETURNING number, name`,
      [storableText(number), storableText(name)],
    );
    return rows[0];
  }

  async phones(): Promise<{ number: string; name: string }[]> {
    const { rows } = await this.pool.query('SELECT number, name FROM sim_phones ORDER BY created_at, number');
    return rows;
  }

  /** WhatsApp's "is this number on WhatsApp?": yes when the simulated network has that phone. */
  async checkNumbers(whatsappId: string, numbers: string[]): Promise<Map<string, boolean>> {
    if (!this.connected.has(whatsappId)) throw new ChannelNotConnectedError(whatsappId);
    const { rows } = await this.pool.query('SELECT number FROM sim_phones WHERE number = ANY($1::text[])', [
      numbers,
    ]);
    const known = new Set(rows.map((r) => r.number as string));
    return new Map(numbers.map((n) => [n, known.has(n)]));
  }

  /** Paired here, or (when the API and the channel worker are separate processes) paired by the worker. */
  private async connectedAnywhere(whatsappId: string): Promise<boolean> {
    if (this.connected.has(whatsappId)) return true;
    const { rows } = await this.pool.query(`SELECT status FROM whatsapps WHERE id = $1`, [whatsappId]);
    return rows[0]?.status === 'CONNECTED';
  }

  async customerSends(
    whatsappId: string,
    from: { number: string; name: string },
    body: string,
    media: {
      mediaType?: 'chat' | 'image' | 'audio' | 'video' | 'application' | 'locationMessage' | 'vcard';
      mediaUrl?: string | null;
      /** The customer replies to this message (swipe to reply). */
      quotedWaMessageId?: string | null;
      /** The phone's own id: a message sent again after a lost answer keeps it (WhatsApp does). */
      waMessageId?: string | null;
    } = {},
  ): Promise<{ waMessageId: string }> {
    if (!(await this.connectedAnywhere(whatsappId))) throw new ChannelNotConnectedError(whatsappId);
    // The phone's text is outside text: cleaned (NUL, lone surrogates) like Baileys', never refused.
    from = { number: storableText(from.number), name: storableText(from.name) };
    body = storableText(body);
    const waMessageId = media.waMessageId ?? `SIM${newId().replaceAll('-', '').toUpperCase()}`;
    await this.phoneLog.submit({
      whatsappId,
      number: from.number,
      waMessageId,
      name: from.name,
      body,
      mediaType: media.mediaType ?? 'chat',
      mediaUrl: media.mediaUrl ?? null,
    });
    await this.events.inbound({
      whatsappId,
      waMessageId,
      from: { ...from, isGroup: false },
      body,
      mediaType: media.mediaType ?? 'chat',
      mediaUrl: media.mediaUrl ?? null,
      timestamp: new Date(),
      quotedWaMessageId: media.quotedWaMessageId ?? null,
    });
    return { waMessageId };
  }

  /**
   * The business phone's owner types a message to a customer on the phone itself (not through Zelo):
   * WhatsApp reports it to the linked device as the business's own message (fromMe).
   */
  async phoneOwnerSends(
    whatsappId: string,
    to: { number: string },
    body: string,
    options: { quotedWaMessageId?: string | null } = {},
  ): Promise<{ waMessageId: string }> {
    if (!(await this.connectedAnywhere(whatsappId))) throw new ChannelNotConnectedError(whatsappId);
    to = { number: storableText(to.number) };
    body = storableText(body);
    const waMessageId = `SIMPHONE${newId().replaceAll('-', '').toUpperCase()}`;
    await this.pool.query(
      `INSERT INTO sim_messages (whatsapp_id, number, direction, wa_message_id, body, ack)
       VALUES ($1, $2, 'outbound', $3, $4, 1)`,
      [whatsappId, to.number, waMessageId, body],
    );
    await this.redeliver(whatsappId, waMessageId, options);
    return { waMessageId };
  }

  /**
   * WhatsApp delivers a message again (it does after a reconnection, or when history syncs): the same
   * WhatsApp id reported a second time. Customers' messages come as theirs, the phone's as fromMe.
   */
  async redeliver(
    whatsappId: string,
    waMessageId: string,
    options: { quotedWaMessageId?: string | null } = {},
  ): Promise<void> {
    const m = await this.simMessage(whatsappId, waMessageId);
    const fromMe = m.direction === 'outbound';
    await this.events.inbound({
      whatsappId,
      waMessageId,
      from: { number: m.number, name: fromMe ? 'Business phone' : m.name || m.number, isGroup: false },
      body: m.body,
      mediaType: m.media_type,
      mediaUrl: m.media_url,
      timestamp: new Date(m.created_at),
      fromMe,
      quotedWaMessageId: options.quotedWaMessageId ?? null,
    });
  }

  /** Someone edits a message's text on WhatsApp (the customer, or the phone's owner). */
  async editMessage(whatsappId: string, waMessageId: string, body: string): Promise<void> {
    if (!(await this.connectedAnywhere(whatsappId))) throw new ChannelNotConnectedError(whatsappId);
    await this.simMessage(whatsappId, waMessageId);
    await this.pool.query('UPDATE sim_messages SET body = $3 WHERE whatsapp_id = $1 AND wa_message_id = $2', [
      whatsappId,
      waMessageId,
      body,
    ]);
    await this.events.edited(whatsappId, waMessageId, body, new Date());
  }

  /** Someone deletes a message for everyone on WhatsApp: it disappears from the simulated phone too. */
  async revokeMessage(whatsappId: string, waMessageId: string): Promise<void> {
    if (!(await this.connectedAnywhere(whatsappId))) throw new ChannelNotConnectedError(whatsappId);
    await this.simMessage(whatsappId, waMessageId);
    await this.pool.query('DELETE FROM sim_messages WHERE whatsapp_id = $1 AND wa_message_id = $2', [
      whatsappId,
      waMessageId,
    ]);
    await this.events.revoked(whatsappId, waMessageId, new Date());
  }

  /** One message of the simulated phone network; an unknown id is a 404 for the simulator routes. */
  private async simMessage(whatsappId: string, waMessageId: string) {
    const { rows } = await this.pool.query(
      'SELECT * FROM sim_messages WHERE whatsapp_id = $1 AND wa_message_id = $2',
      [whatsappId, waMessageId],
    );
    if (!rows[0]) throw new SimMessageNotFoundError(waMessageId);
    return rows[0];
  }

  /** What the customer's phone shows; reading it marks the business's messages read (ack 3). */
  async phoneMessages(whatsappId: string, number: string) {
    const { rows } = await this.pool.query(
      `SELECT id, direction, wa_message_id AS "waMessageId", body, media_type AS "mediaType", media_url AS "mediaUrl", ack, created_at AS "createdAt",
              quoted_wa_message_id AS "quotedWaMessageId"
         FROM sim_messages WHERE whatsapp_id = $1 AND number = $2 ORDER BY id`,
      [whatsappId, number],
    );
    const unread = rows.filter((r) => r.direction === 'outbound' && r.ack < 3);
    // Zelo hears the read receipt first, the phone's row is marked after: a failure on the way leaves
    // the row unread, so the next look at the phone reports it again.
    const read: string[] = [];
    for (const r of unread) {
      const heard = await this.events.ack(whatsappId, r.waMessageId, 3).then(
        () => true,
        () => false,
      );
      if (heard) read.push(r.waMessageId);
    }
    if (read.length)
      await this.pool.query('UPDATE sim_messages SET ack = 3 WHERE wa_message_id = ANY($1)', [read]);
    return rows;
  }
}

export class SimMessageNotFoundError extends Error {
  constructor(waMessageId: string) {
    super(`no message ${waMessageId} on the simulated phone`);
    this.name = 'SimMessageNotFoundError';
  }
}
