import { slaBadge } from '@zelo/contracts/sla/alerts';
import type { SlaClock, SlaContext, SlaPolicy, SlaStep, SlaTicket } from '@zelo/contracts/sla/clocks';
import type { WeeklyHours } from '@zelo/contracts/weekly-hours';
import type pg from 'pg';
import { write } from '../write-buffer.ts';

// One batch's worth of the SLA projection in memory: the companies' policies and hours and the tickets'
// states are read once, the events folded in order, and every row written once at the end. A batch
// leaves the rows that one event at a time would (batch-equivalence.int.spec.ts).

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const badgeKey = (t: SlaTicket | null) => JSON.stringify(slaBadge(t));

interface PolicyRow {
  companyId: string;
  policy: SlaPolicy;
}

export class SlaBatch implements SlaContext {
  private policiesOf = new Map<string, SlaPolicy[]>();
  private hoursOfCompany = new Map<string, WeeklyHours>();
  private hoursOfQueue = new Map<string, WeeklyHours>();
  private tickets = new Map<string, SlaTicket | null>();
  /** Each ticket's state as stored, to write only the ones that changed. */
  private stored = new Map<string, string>();
  private deleted = new Set<string>();
  /** Clock rows to write, by ticket and clock id. */
  private rows = new Map<string, { companyId: string; ticketId: string; clock: SlaClock }>();

  constructor(readonly timeZone: string) {}

  policies = (companyId: string) => this.policiesOf.get(companyId) ?? [];
  companyHours = (companyId: string) => this.hoursOfCompany.get(companyId) ?? [];
  queueHours = (queueId: string) => this.hoursOfQueue.get(queueId) ?? [];

  /** The companies' policies and hours, and the tickets' states, in three reads. */
  async load(tx: pg.PoolClient, companyIds: string[], ticketIds: string[]) {
    const policies = await tx.query(
      `SELECT company_id, policy_id, queue_id, whatsapp_id, first_response_minutes, next_response_minutes,
              resolution_minutes, clock FROM sla_policies WHERE company_id = ANY($1::uuid[]) ORDER BY policy_id`,
      [companyIds],
    );
    for (const r of policies.rows) this.putPolicy(policyOf(r));
    const hours = await tx.query(
      `SELECT company_id, NULL::uuid AS queue_id, hours FROM sla_company_hours WHERE company_id = ANY($1::uuid[])
       UNION ALL SELECT company_id, queue_id, hours FROM sla_queue_hours WHERE company_id = ANY($1::uuid[])`,
      [companyIds],
    );
    for (const r of hours.rows) {
      if (r.queue_id) this.hoursOfQueue.set(r.queue_id, r.hours);
      else this.hoursOfCompany.set(r.company_id, r.hours);
    }
    if (ticketIds.length) await this.loadTickets(tx, 'ticket_id = ANY($1::uuid[])', [ticketIds]);
  }

  private async loadTickets(tx: pg.PoolClient, where: string, params: unknown[]) {
    const { rows } = await tx.query(`SELECT ticket_id, state FROM sla_tickets WHERE ${where}`, params);
    for (const r of rows) {
      // What this batch already changed is newer than the stored row.
      if (this.tickets.has(r.ticket_id)) continue;
      this.tickets.set(r.ticket_id, r.state);
      this.stored.set(r.ticket_id, JSON.stringify(r.state));
    }
  }

  ticket(ticketId: string): SlaTicket | null {
    return this.tickets.get(ticketId) ?? null;
  }

  /** Applies a fold step to a ticket; whether its badge changed (its list row must be pushed again). */
  apply(ticketId: string, companyId: string, step: SlaStep): boolean {
    const before = badgeKey(this.ticket(ticketId));
    this.tickets.set(ticketId, step.state);
    for (const clock of step.changed)
      this.rows.set(`${ticketId} ${clock.clockId}`, { companyId, ticketId, clock });
    return before !== badgeKey(step.state);
  }

  delete(ticketId: string) {
    this.tickets.set(ticketId, null);
    this.deleted.add(ticketId);
    for (const key of this.rows.keys()) if (key.startsWith(`${ticketId} `)) this.rows.delete(key);
  }

  /**
   * A warning or breach of a clock the state no longer holds (it stopped meanwhile): the fact is kept
   * on its row, pending in this batch or stored.
   */
  async alertedElsewhere(
    tx: pg.PoolClient,
    ticketId: string,
    clockId: string,
    breached: boolean,
    at: number,
  ) {
    const pending = this.rows.get(`${ticketId} ${clockId}`)?.clock;
    const column = breached ? 'breachedAt' : 'warnedAt';
    if (pending) pending[column] ??= at;
    else
      await write(
        tx,
        `UPDATE sla_clocks SET ${breached ? 'breached_at' : 'warned_at'} = coalesce(${breached ? 'breached_at' : 'warned_at'}, $3)
          WHERE ticket_id = $1 AND clock_id = $2`,
        [ticketId, clockId, iso(at)],
      );
  }

  putPolicy({ companyId, policy }: PolicyRow) {
    const others = this.policies(companyId).filter((p) => p.policyId !== policy.policyId);
    this.policiesOf.set(companyId, [...others, policy]);
  }

  dropPolicies(companyId: string, gone: (p: SlaPolicy) => boolean): SlaPolicy[] {
    const all = this.policies(companyId);
    this.policiesOf.set(
      companyId,
      all.filter((p) => !gone(p)),
    );
    return all.filter(gone);
  }

  setCompanyHours(companyId: string, hours: WeeklyHours) {
    this.hoursOfCompany.set(companyId, hours);
  }
  setQueueHours(queueId: string, hours: WeeklyHours | null) {
    if (hours) this.hoursOfQueue.set(queueId, hours);
    else this.hoursOfQueue.delete(queueId);
  }

  /** The tickets with a live clock of these policies: stored ones, and this batch's. */
  async ticketsOfPolicies(tx: pg.PoolClient, policyIds: string[]): Promise<string[]> {
    await this.loadTickets(
      tx,
      'ticket_id IN (SELECT ticket_id FROM sla_clocks WHERE policy_id = ANY($1::uuid[]) AND stopped_at IS NULL)',
      [policyIds],
    );
    return [...this.tickets]
      .filter(([, t]) => t?.clocks.some((c) => policyIds.includes(c.policyId)))
      .map(([id]) => id)
      .sort();
  }

  /** Every row this batch changed, in one statement per table. */
  async flush(tx: pg.PoolClient) {
    const gone = [...this.deleted];
    if (gone.length)
      for (const table of ['sla_clocks', 'sla_tickets', 'ticket_sla'])
        await write(tx, `DELETE FROM ${table} WHERE ticket_id = ANY($1::uuid[])`, [gone]);
    const changed = [...this.tickets].filter(
      (e): e is [string, SlaTicket] => !!e[1] && this.stored.get(e[0]) !== JSON.stringify(e[1]),
    );
    if (changed.length)
      await write(
        tx,
        `INSERT INTO sla_tickets (ticket_id, company_id, state)
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::jsonb[])
         ON CONFLICT (ticket_id) DO UPDATE SET state = EXCLUDED.state`,
        [
          changed.map(([id]) => id),
          changed.map(([, t]) => t.companyId),
          changed.map(([, t]) => JSON.stringify(t)),
        ],
      );
    await this.writeClocks(tx);
    const badges = changed.map(([id, t]) => ({ id, companyId: t.companyId, badge: slaBadge(t) }));
    const shown = badges.filter((b) => b.badge !== null);
    const hidden = badges.filter((b) => b.badge === null).map((b) => b.id);
    if (hidden.length) await write(tx, 'DELETE FROM ticket_sla WHERE ticket_id = ANY($1::uuid[])', [hidden]);
    if (shown.length)
      await write(
        tx,
        `INSERT INTO ticket_sla (ticket_id, company_id, target, state, due_at, warn_at)
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[])
         ON CONFLICT (ticket_id) DO UPDATE SET target = EXCLUDED.target, state = EXCLUDED.state,
           due_at = EXCLUDED.due_at, warn_at = EXCLUDED.warn_at`,
        [
          shown.map((b) => b.id),
          shown.map((b) => b.companyId),
          shown.map((b) => b.badge?.target),
          shown.map((b) => b.badge?.state),
          shown.map((b) => iso(b.badge?.dueAt ?? null)),
          shown.map((b) => iso(b.badge?.warnAt ?? null)),
        ],
      );
  }

  private async writeClocks(tx: pg.PoolClient) {
    const rows = [...this.rows.values()].sort((a, b) =>
      `${a.ticketId} ${a.clock.clockId}`.localeCompare(`${b.ticketId} ${b.clock.clockId}`),
    );
    if (rows.length === 0) return;
    const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
    await write(
      tx,
      `INSERT INTO sla_clocks (company_id, ticket_id, clock_id, target, policy_id, queue_id, whatsapp_id, user_id,
                               started_at, due_at, warn_at, stopped_at, warned_at, breached_at, cancelled,
                               elapsed_ms, running_since)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::uuid[], $7::uuid[],
                              $8::uuid[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[],
                              $12::timestamptz[], $13::timestamptz[], $14::timestamptz[], $15::boolean[],
                              $16::bigint[], $17::timestamptz[])
       ON CONFLICT (ticket_id, clock_id) DO UPDATE SET
         target = EXCLUDED.target, policy_id = EXCLUDED.policy_id, queue_id = EXCLUDED.queue_id,
         whatsapp_id = EXCLUDED.whatsapp_id, user_id = EXCLUDED.user_id, started_at = EXCLUDED.started_at,
         due_at = EXCLUDED.due_at, warn_at = EXCLUDED.warn_at, stopped_at = EXCLUDED.stopped_at,
         warned_at = EXCLUDED.warned_at, breached_at = EXCLUDED.breached_at, cancelled = EXCLUDED.cancelled,
         elapsed_ms = EXCLUDED.elapsed_ms, running_since = EXCLUDED.running_since`,
      [
        col((r) => r.companyId),
        col((r) => r.ticketId),
        col((r) => r.clock.clockId),
        col((r) => r.clock.target),
        col((r) => r.clock.policyId),
        col((r) => r.clock.queueId),
        col((r) => r.clock.whatsappId),
        col((r) => r.clock.userId),
        col((r) => iso(r.clock.startedAt)),
        col((r) => iso(r.clock.dueAt)),
        col((r) => iso(r.clock.warnAt)),
        col((r) => iso(r.clock.stoppedAt)),
        col((r) => iso(r.clock.warnedAt)),
        col((r) => iso(r.clock.breachedAt)),
        col((r) => r.clock.cancelled),
        col((r) => Math.round(r.clock.elapsedMs)),
        col((r) => iso(r.clock.runningSince)),
      ],
    );
  }
}

interface PolicyColumns {
  company_id: string;
  policy_id: string;
  queue_id: string;
  whatsapp_id: string | null;
  first_response_minutes: number | null;
  next_response_minutes: number | null;
  resolution_minutes: number | null;
  clock: SlaPolicy['clock'];
}

export function policyOf(r: PolicyColumns): PolicyRow {
  return {
    companyId: r.company_id,
    policy: {
      policyId: r.policy_id,
      queueId: r.queue_id,
      whatsappId: r.whatsapp_id,
      firstResponseMinutes: r.first_response_minutes,
      nextResponseMinutes: r.next_response_minutes,
      resolutionMinutes: r.resolution_minutes,
      clock: r.clock,
    },
  };
}
