import { businessMsBetween } from '@zelo/contracts/business-time';
import type { WeeklyHours } from '@zelo/contracts/weekly-hours';
import type pg from 'pg';
import { write } from '../write-buffer.ts';

// What the reports projection holds in memory during a batch: the rows of the tickets its events
// touch (read in one query at the start), changed in place, and written back in one round trip at the
// end. Inbound messages arrive at 1 000/s, and most of them change nothing (the customer was already
// waiting): they cost a share of one read per batch, not a write each.

export interface TicketRow {
  ticketId: string;
  companyId: string;
  contactId: string;
  whatsappId: string;
  queueId: string | null;
  userId: string | null;
  opening: number;
  open: boolean;
  waitingSince: string | null;
  deleted: boolean;
}

export interface OpeningRow {
  ticketId: string;
  opening: number;
  companyId: string;
  contactId: string;
  whatsappId: string;
  queueId: string | null;
  userId: string | null;
  openedAt: string;
  reopened: boolean;
  firstResponseAt: string | null;
  firstResponseSecs: number | null;
  firstResponseUserId: string | null;
  answeredByPerson: boolean;
  closedAt: string | null;
  closeReason: string | null;
  resolutionSecs: number | null;
  ratingAskedAt: string | null;
  ratedUserId: string | null;
  rating: number | null;
  deleted: boolean;
}

export interface ResponseRow {
  messageId: string;
  companyId: string;
  ticketId: string;
  opening: number;
  kind: 'first' | 'next';
  customerAt: string;
  answeredAt: string;
  secs: number;
  userId: string | null;
  queueId: string | null;
  whatsappId: string;
}

/** A ticket as the batch holds it: its row and its current opening's (null: dropped). */
export interface Held {
  ticket: TicketRow;
  opening: OpeningRow | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export class ReportBatch {
  private readonly held = new Map<string, Held>();
  private readonly hours = new Map<string, WeeklyHours>();
  private readonly dirtyTickets = new Set<string>();
  private readonly dirtyOpenings = new Map<string, OpeningRow>();
  private readonly responses = new Map<string, ResponseRow>();
  private readonly dirtyHours = new Set<string>();
  /** Openings a campaign carried (closed with reason campaign): never reported. */
  private readonly dropped = new Map<string, { ticketId: string; opening: number }>();
  private readonly deletedTickets = new Set<string>();

  constructor(
    private readonly tx: pg.PoolClient,
    private readonly timeZone: string,
  ) {}

  /** Reads the rows of these tickets and their current openings, once for the batch. */
  async load(ticketIds: string[]): Promise<void> {
    if (ticketIds.length === 0) return;
    const { rows } = await this.tx.query(
      `SELECT t.ticket_id, t.company_id, t.contact_id, t.whatsapp_id, t.queue_id, t.user_id, t.opening, t.open,
              t.waiting_since, t.deleted, to_jsonb(o) AS o
         FROM report_tickets t
         LEFT JOIN report_openings o ON o.ticket_id = t.ticket_id AND o.opening = t.opening
        WHERE t.ticket_id = ANY($1::uuid[])`,
      [ticketIds],
    );
    for (const r of rows) {
      this.held.set(r.ticket_id, {
        ticket: {
          ticketId: r.ticket_id,
          companyId: r.company_id,
          contactId: r.contact_id,
          whatsappId: r.whatsapp_id,
          queueId: r.queue_id,
          userId: r.user_id,
          opening: r.opening,
          open: r.open,
          waitingSince: iso(r.waiting_since),
          deleted: r.deleted,
        },
        opening: r.o ? openingFromJson(r.o) : null,
      });
    }
  }

  get(ticketId: string): Held | undefined {
    return this.held.get(ticketId);
  }

  /** A new ticket (its first opening) or a reopen (the next one): held and written at the end. */
  open(ticket: TicketRow, opening: OpeningRow): Held {
    const held = { ticket, opening };
    this.held.set(ticket.ticketId, held);
    this.touchTicket(held);
    this.touchOpening(held);
    return held;
  }

  touchTicket(held: Held) {
    this.dirtyTickets.add(held.ticket.ticketId);
  }

  touchOpening(held: Held) {
    const o = held.opening;
    if (o) this.dirtyOpenings.set(`${o.ticketId}:${o.opening}`, o);
  }

  /** The current opening will never be reported: its row and its responses go. */
  drop(held: Held) {
    const o = held.opening;
    if (!o) return;
    const key = `${o.ticketId}:${o.opening}`;
    this.dirtyOpenings.delete(key);
    for (const [id, r] of this.responses)
      if (r.ticketId === o.ticketId && r.opening === o.opening) this.responses.delete(id);
    this.dropped.set(key, { ticketId: o.ticketId, opening: o.opening });
    held.opening = null;
  }

  markDeleted(held: Held) {
    held.ticket.deleted = true;
    if (held.opening) held.opening.deleted = true;
    this.touchTicket(held);
    this.touchOpening(held);
    this.deletedTickets.add(held.ticket.ticketId);
  }

  addResponse(r: ResponseRow) {
    this.responses.set(r.messageId, r);
  }

  setHours(companyId: string, hours: WeeklyHours) {
    this.hours.set(companyId, hours);
    this.dirtyHours.add(companyId);
  }

  /** Open time between two instants in seconds, with the company's hours as they stand now. */
  async businessSecs(companyId: string, from: string, to: string): Promise<number> {
    let hours = this.hours.get(companyId);
    if (!hours) {
      const { rows } = await this.tx.query('SELECT hours FROM report_company_hours WHERE company_id = $1', [
        companyId,
      ]);
      hours = (rows[0]?.hours ?? []) as WeeklyHours;
      this.hours.set(companyId, hours);
    }
    return businessMsBetween(hours, this.timeZone, Date.parse(from), Date.parse(to)) / 1000;
  }

  /** Everything the batch changed, in one round trip (the write buffer sends these together). */
  async flush(): Promise<void> {
    const tx = this.tx;
    const hours = [...this.dirtyHours].map((id) => ({ id, hours: this.hours.get(id) ?? [] }));
    await upsert(tx, 'report_company_hours', hourColumns, ['company_id'], hours);
    const tickets = [...this.dirtyTickets].flatMap((id) => {
      const h = this.held.get(id);
      return h ? [h.ticket] : [];
    });
    await upsert(tx, 'report_tickets', ticketColumns, ['ticket_id'], tickets);
    await upsert(
      tx,
      'report_openings',
      openingColumns,
      ['ticket_id', 'opening'],
      [...this.dirtyOpenings.values()],
    );
    await upsert(tx, 'report_responses', responseColumns, null, [...this.responses.values()]);
    if (this.dropped.size) {
      const gone = [...this.dropped.values()];
      const args = [gone.map((g) => g.ticketId), gone.map((g) => g.opening)];
      const where = '(ticket_id, opening) IN (SELECT * FROM unnest($1::uuid[], $2::int[]))';
      await write(tx, `DELETE FROM report_openings WHERE ${where}`, args);
      await write(tx, `DELETE FROM report_responses WHERE ${where}`, args);
    }
    // Last, so that nothing written above for a deleted ticket undoes it.
    if (this.deletedTickets.size) {
      const ids = [[...this.deletedTickets]];
      await write(tx, 'UPDATE report_openings SET deleted = true WHERE ticket_id = ANY($1::uuid[])', ids);
      await write(tx, 'UPDATE report_responses SET deleted = true WHERE ticket_id = ANY($1::uuid[])', ids);
    }
  }
}

function openingFromJson(o: Record<string, unknown>): OpeningRow {
  const at = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  return {
    ticketId: o.ticket_id as string,
    opening: o.opening as number,
    companyId: o.company_id as string,
    contactId: o.contact_id as string,
    whatsappId: o.whatsapp_id as string,
    queueId: o.queue_id as string | null,
    userId: o.user_id as string | null,
    openedAt: at(o.opened_at) as string,
    reopened: o.reopened as boolean,
    firstResponseAt: at(o.first_response_at),
    firstResponseSecs: o.first_response_secs as number | null,
    firstResponseUserId: o.first_response_user_id as string | null,
    answeredByPerson: o.answered_by_person as boolean,
    closedAt: at(o.closed_at),
    closeReason: o.close_reason as string | null,
    resolutionSecs: o.resolution_secs as number | null,
    ratingAskedAt: at(o.rating_asked_at),
    ratedUserId: o.rated_user_id as string | null,
    rating: o.rating as number | null,
    deleted: o.deleted as boolean,
  };
}

interface Column<R> {
  name: string;
  type: string;
  of: (r: R) => unknown;
}

const hourColumns: Column<{ id: string; hours: WeeklyHours }>[] = [
  { name: 'company_id', type: 'uuid', of: (r) => r.id },
  { name: 'hours', type: 'jsonb', of: (r) => JSON.stringify(r.hours) },
];

const ticketColumns: Column<TicketRow>[] = [
  { name: 'ticket_id', type: 'uuid', of: (r) => r.ticketId },
  { name: 'company_id', type: 'uuid', of: (r) => r.companyId },
  { name: 'contact_id', type: 'uuid', of: (r) => r.contactId },
  { name: 'whatsapp_id', type: 'uuid', of: (r) => r.whatsappId },
  { name: 'queue_id', type: 'uuid', of: (r) => r.queueId },
  { name: 'user_id', type: 'uuid', of: (r) => r.userId },
  { name: 'opening', type: 'int', of: (r) => r.opening },
  { name: 'open', type: 'bool', of: (r) => r.open },
  { name: 'waiting_since', type: 'timestamptz', of: (r) => r.waitingSince },
  { name: 'deleted', type: 'bool', of: (r) => r.deleted },
];

const openingColumns: Column<OpeningRow>[] = [
  { name: 'ticket_id', type: 'uuid', of: (r) => r.ticketId },
  { name: 'opening', type: 'int', of: (r) => r.opening },
  { name: 'company_id', type: 'uuid', of: (r) => r.companyId },
  { name: 'contact_id', type: 'uuid', of: (r) => r.contactId },
  { name: 'whatsapp_id', type: 'uuid', of: (r) => r.whatsappId },
  { name: 'queue_id', type: 'uuid', of: (r) => r.queueId },
  { name: 'user_id', type: 'uuid', of: (r) => r.userId },
  { name: 'opened_at', type: 'timestamptz', of: (r) => r.openedAt },
  { name: 'reopened', type: 'bool', of: (r) => r.reopened },
  { name: 'first_response_at', type: 'timestamptz', of: (r) => r.firstResponseAt },
  { name: 'first_response_secs', type: 'float8', of: (r) => r.firstResponseSecs },
  { name: 'first_response_user_id', type: 'uuid', of: (r) => r.firstResponseUserId },
  { name: 'answered_by_person', type: 'bool', of: (r) => r.answeredByPerson },
  { name: 'closed_at', type: 'timestamptz', of: (r) => r.closedAt },
  { name: 'close_reason', type: 'text', of: (r) => r.closeReason },
  { name: 'resolution_secs', type: 'float8', of: (r) => r.resolutionSecs },
  { name: 'rating_asked_at', type: 'timestamptz', of: (r) => r.ratingAskedAt },
  { name: 'rated_user_id', type: 'uuid', of: (r) => r.ratedUserId },
  { name: 'rating', type: 'int', of: (r) => r.rating },
  { name: 'deleted', type: 'bool', of: (r) => r.deleted },
];

const responseColumns: Column<ResponseRow>[] = [
  { name: 'message_id', type: 'uuid', of: (r) => r.messageId },
  { name: 'company_id', type: 'uuid', of: (r) => r.companyId },
  { name: 'ticket_id', type: 'uuid', of: (r) => r.ticketId },
  { name: 'opening', type: 'int', of: (r) => r.opening },
  { name: 'kind', type: 'text', of: (r) => r.kind },
  { name: 'customer_at', type: 'timestamptz', of: (r) => r.customerAt },
  { name: 'answered_at', type: 'timestamptz', of: (r) => r.answeredAt },
  { name: 'secs', type: 'float8', of: (r) => r.secs },
  { name: 'user_id', type: 'uuid', of: (r) => r.userId },
  { name: 'queue_id', type: 'uuid', of: (r) => r.queueId },
  { name: 'whatsapp_id', type: 'uuid', of: (r) => r.whatsappId },
];

/** Rows written as one statement over arrays; `key` null: rows already there are kept (DO NOTHING). */
async function upsert<R>(
  tx: pg.PoolClient,
  table: string,
  columns: Column<R>[],
  key: string[] | null,
  rows: R[],
) {
  if (rows.length === 0) return;
  const names = columns.map((c) => c.name);
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`);
  const onConflict = key
    ? `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${names
        .filter((n) => !key.includes(n))
        .map((n) => `${n} = EXCLUDED.${n}`)
        .join(', ')}`
    : 'ON CONFLICT DO NOTHING';
  await write(
    tx,
    `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')}) ${onConflict}`,
    columns.map((c) => rows.map(c.of)),
  );
}
