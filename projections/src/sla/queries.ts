import type { TimedSlaClock } from '@zelo/contracts/sla/alerts';
import type { SlaPolicyView } from '@zelo/contracts/sla/read-models';
import type pg from 'pg';

// The SLA projection's questions: the admin page's policies (with their queue and connection), and the
// running clocks a ticket's timer arms for and records.

const policySelect = `
  SELECT p.policy_id AS id, p.name, p.queue_id AS "queueId", p.whatsapp_id AS "whatsappId",
         p.first_response_minutes AS "firstResponseMinutes", p.next_response_minutes AS "nextResponseMinutes",
         p.resolution_minutes AS "resolutionMinutes", p.clock,
         json_build_object('id', p.queue_id, 'name', coalesce(q.name, ''), 'color', coalesce(q.color, '')) AS queue,
         CASE WHEN p.whatsapp_id IS NULL THEN NULL
              ELSE json_build_object('id', p.whatsapp_id, 'name', coalesce(w.name, '')) END AS whatsapp,
         p.created_at AS "createdAt", p.updated_at AS "updatedAt"
    FROM sla_policies p
    LEFT JOIN queues q ON q.id = p.queue_id
    LEFT JOIN whatsapps w ON w.id = p.whatsapp_id`;

type PolicyRow = Omit<SlaPolicyView, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toView = (r: PolicyRow): SlaPolicyView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A company's policies, by queue name, the queue-wide one before those of single connections. */
export async function listSlaPolicies(pool: pg.Pool, companyId: string): Promise<SlaPolicyView[]> {
  const { rows } = await pool.query<PolicyRow>(
    `${policySelect} WHERE p.company_id = $1
      ORDER BY lower(q.name), p.whatsapp_id NULLS FIRST, lower(w.name), p.policy_id`,
    [companyId],
  );
  return rows.map(toView);
}

export async function getSlaPolicy(pool: pg.Pool, companyId: string, policyId: string) {
  const { rows } = await pool.query<PolicyRow>(
    `${policySelect} WHERE p.company_id = $1 AND p.policy_id = $2`,
    [companyId, policyId],
  );
  return rows[0] ? toView(rows[0]) : null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A ticket's clocks that run (paused ones included: they are due nowhere), as its timer reads them. */
export async function runningSlaClocks(pool: pg.Pool, ticketId: string): Promise<TimedSlaClock[]> {
  const { rows } = await pool.query<TimedSlaClock>(
    `SELECT clock_id AS "clockId", target, policy_id AS "policyId", ${iso('started_at')} AS "startedAt",
            ${iso('warn_at')} AS "warnAt", ${iso('due_at')} AS "dueAt", ${iso('warned_at')} AS "warnedAt",
            ${iso('breached_at')} AS "breachedAt"
       FROM sla_clocks WHERE ticket_id = $1 AND stopped_at IS NULL ORDER BY clock_id`,
    [ticketId],
  );
  return rows;
}

/**
 * Each ticket's next instant with something to record (a warning or a breach not recorded yet), for
 * the tickets that have one.
 */
export async function nextSlaInstants(pool: pg.Pool, ticketIds: string[]): Promise<Map<string, number>> {
  if (ticketIds.length === 0) return new Map();
  const { rows } = await pool.query<{ ticketId: string; next: Date }>(
    `SELECT ticket_id AS "ticketId",
            min(least(CASE WHEN warned_at IS NULL THEN warn_at END, CASE WHEN breached_at IS NULL THEN due_at END)) AS next
       FROM sla_clocks WHERE ticket_id = ANY($1::uuid[]) AND stopped_at IS NULL
      GROUP BY ticket_id`,
    [ticketIds],
  );
  return new Map(rows.filter((r) => r.next !== null).map((r) => [r.ticketId, r.next.getTime()]));
}

/** The tickets whose clocks run under one of these policies (a policy changed: their instants moved). */
export async function ticketsTimedBy(pool: pg.Pool, policyIds: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ ticketId: string }>(
    `SELECT DISTINCT ticket_id AS "ticketId" FROM sla_clocks
      WHERE policy_id = ANY($1::uuid[]) AND stopped_at IS NULL`,
    [policyIds],
  );
  return rows.map((r) => r.ticketId);
}
