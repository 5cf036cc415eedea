import {
  evolveSlaTicket,
  reevaluateSlaTicket,
  SLA_INPUT_TYPES,
  type SlaInput,
  type SlaPolicy,
} from '@zelo/contracts/sla/clocks';
import type pg from 'pg';
import type { Change, Projection, ProjectionEvent, ProjectionEventOf } from '../runner.ts';
import { write } from '../write-buffer.ts';
import { SlaBatch } from './batch.ts';

// Every ticket's SLA clocks (issue 24), folded by contracts/src/sla/clocks.ts from the tickets' and
// messages' events, with the policies and hours this projection copies from their own events. Its rows
// are what the ticket list's badge, the SLA timer and the reports read; a ticket whose badge changes is
// pushed again, and each warning or breach is pushed to the company's admins (`sla` change).

/**
 * The zone business hours are read in: services' COMPANY_TIME_ZONE (platform/time-zone.ts), which a
 * projection may not import; the same setting, so that both read one wall clock.
 */
export const SLA_TIME_ZONE = process.env.ZELO_TIME_ZONE ?? 'America/Sao_Paulo';

const OTHER_TYPES: ReadonlySet<string> = new Set([
  'SlaPolicyCreated',
  'SlaPolicyUpdated',
  'SlaPolicyDeleted',
  'QueueSchedulesChanged',
  'CompanySchedulesChanged',
  'QueueDeleted',
  'ConnectionDeleted',
]);

const concerns = (e: ProjectionEvent) => SLA_INPUT_TYPES.has(e.type) || OTHER_TYPES.has(e.type);
const isTicketInput = (e: ProjectionEvent): e is ProjectionEvent & SlaInput => SLA_INPUT_TYPES.has(e.type);

export const slaClocksProjection: Projection = {
  name: 'sla-clocks',
  tables: ['sla_policies', 'sla_company_hours', 'sla_queue_hours', 'sla_tickets', 'sla_clocks', 'ticket_sla'],
  async handleBatch(tx, all) {
    const events = all.filter(concerns);
    if (events.length === 0) return [];
    const batch = new SlaBatch(SLA_TIME_ZONE);
    const companies = [...new Set(events.map((e) => (e.data as { companyId: string }).companyId))];
    const tickets = [...new Set(events.filter(isTicketInput).map((e) => e.data.ticketId))];
    await batch.load(tx, companies.sort(), tickets.sort());
    const changes: Change[] = [];
    for (const e of events) changes.push(...(await applyOne(tx, batch, e)));
    await batch.flush(tx);
    return changes;
  },
  async handle(tx, e) {
    return slaClocksProjection.handleBatch?.(tx, [e]);
  },
};

const ticketChange = (companyId: string, ticketId: string, at: number): Change => ({
  companyId,
  kind: 'ticket',
  action: 'update',
  id: ticketId,
  at,
});

async function applyOne(tx: pg.PoolClient, batch: SlaBatch, e: ProjectionEvent): Promise<Change[]> {
  const at = Date.parse(e.metadata.at);
  if (isTicketInput(e)) {
    const { ticketId, companyId } = e.data;
    if (e.type === 'TicketDeleted') {
      batch.delete(ticketId);
      return [];
    }
    const before = batch.ticket(ticketId);
    const step = evolveSlaTicket(before, e, at, batch);
    const changes = batch.apply(ticketId, companyId, step) ? [ticketChange(companyId, ticketId, at)] : [];
    if (e.type === 'TicketSlaWarned' || e.type === 'TicketSlaBreached') {
      const breached = e.type === 'TicketSlaBreached';
      if (!before?.clocks.some((c) => c.clockId === e.data.clockId))
        await batch.alertedElsewhere(tx, ticketId, e.data.clockId, breached, at);
      const { target, dueAt } = e.data;
      const sla = { action: breached ? ('breached' as const) : ('warned' as const), target, dueAt };
      changes.push({ companyId, kind: 'sla', action: 'update', id: ticketId, ticketId, at, sla });
    }
    return changes;
  }
  return applyCompanyEvent(tx, batch, e, at);
}

/** Policies and hours: copied for later clocks; a changed or removed policy re-evaluates its clocks. */
async function applyCompanyEvent(tx: pg.PoolClient, batch: SlaBatch, e: ProjectionEvent, at: number) {
  switch (e.type) {
    case 'SlaPolicyCreated':
    case 'SlaPolicyUpdated':
      await savePolicy(tx, e, at);
      batch.putPolicy({ companyId: e.data.companyId, policy: policyIn(e.data) });
      if (e.type === 'SlaPolicyCreated') return [];
      return reevaluate(tx, batch, e.data.companyId, [e.data.policyId], at);
    case 'SlaPolicyDeleted':
      return removePolicies(tx, batch, e.data.companyId, (p) => p.policyId === e.data.policyId, at);
    case 'QueueDeleted':
      batch.setQueueHours(e.data.queueId, null);
      await write(tx, 'DELETE FROM sla_queue_hours WHERE queue_id = $1', [e.data.queueId]);
      return removePolicies(tx, batch, e.data.companyId, (p) => p.queueId === e.data.queueId, at);
    case 'ConnectionDeleted':
      return removePolicies(tx, batch, e.data.companyId, (p) => p.whatsappId === e.data.whatsappId, at);
    case 'QueueSchedulesChanged':
      batch.setQueueHours(e.data.queueId, e.data.schedules);
      await write(
        tx,
        `INSERT INTO sla_queue_hours (queue_id, company_id, hours) VALUES ($1, $2, $3)
         ON CONFLICT (queue_id) DO UPDATE SET hours = EXCLUDED.hours`,
        [e.data.queueId, e.data.companyId, JSON.stringify(e.data.schedules)],
      );
      return [];
    case 'CompanySchedulesChanged':
      batch.setCompanyHours(e.data.companyId, e.data.schedules);
      await write(
        tx,
        `INSERT INTO sla_company_hours (company_id, hours) VALUES ($1, $2)
         ON CONFLICT (company_id) DO UPDATE SET hours = EXCLUDED.hours`,
        [e.data.companyId, JSON.stringify(e.data.schedules)],
      );
      return [];
    default:
      return [];
  }
}

type PolicySaved = ProjectionEventOf<'SlaPolicyCreated'> | ProjectionEventOf<'SlaPolicyUpdated'>;
const policyIn = (d: PolicySaved['data']): SlaPolicy => ({
  policyId: d.policyId,
  queueId: d.queueId,
  whatsappId: d.whatsappId,
  firstResponseMinutes: d.firstResponseMinutes,
  nextResponseMinutes: d.nextResponseMinutes,
  resolutionMinutes: d.resolutionMinutes,
  clock: d.clock,
});

async function savePolicy(tx: pg.PoolClient, e: PolicySaved, at: number) {
  const d = e.data;
  await write(
    tx,
    `INSERT INTO sla_policies (policy_id, company_id, name, queue_id, whatsapp_id, first_response_minutes,
                               next_response_minutes, resolution_minutes, clock, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
     ON CONFLICT (policy_id) DO UPDATE SET name = EXCLUDED.name, queue_id = EXCLUDED.queue_id,
       whatsapp_id = EXCLUDED.whatsapp_id, first_response_minutes = EXCLUDED.first_response_minutes,
       next_response_minutes = EXCLUDED.next_response_minutes, resolution_minutes = EXCLUDED.resolution_minutes,
       clock = EXCLUDED.clock, updated_at = EXCLUDED.updated_at`,
    [
      d.policyId,
      d.companyId,
      d.name,
      d.queueId,
      d.whatsappId,
      d.firstResponseMinutes,
      d.nextResponseMinutes,
      d.resolutionMinutes,
      d.clock,
      new Date(at).toISOString(),
    ],
  );
}

async function removePolicies(
  tx: pg.PoolClient,
  batch: SlaBatch,
  companyId: string,
  gone: (p: SlaPolicy) => boolean,
  at: number,
) {
  const removed = batch.dropPolicies(companyId, gone).map((p) => p.policyId);
  if (removed.length === 0) return [];
  await write(tx, 'DELETE FROM sla_policies WHERE policy_id = ANY($1::uuid[])', [removed]);
  return reevaluate(tx, batch, companyId, removed, at);
}

/** The tickets with clocks of these policies, against the policies as they are now. */
async function reevaluate(
  tx: pg.PoolClient,
  batch: SlaBatch,
  companyId: string,
  policyIds: string[],
  at: number,
) {
  const changes: Change[] = [];
  for (const ticketId of await batch.ticketsOfPolicies(tx, policyIds)) {
    const ticket = batch.ticket(ticketId);
    if (!ticket || ticket.companyId !== companyId) continue;
    if (batch.apply(ticketId, companyId, reevaluateSlaTicket(ticket, at, batch)))
      changes.push(ticketChange(companyId, ticketId, at));
  }
  return changes;
}
