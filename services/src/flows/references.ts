import type { FlowGraphFinding, FlowGraphInput } from '@zelo/contracts/flows/graph';
import { mediaOf } from '@zelo/contracts/flows/graph';
import { campaignsStartingFlow } from '@zelo/projections/flows/queries';
import type pg from 'pg';
import type { MediaStorage } from '../media/storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const OWNED = {
  queues: 'SELECT id FROM queues WHERE company_id = $1 AND id = ANY($2::uuid[])',
  typebots: `SELECT id FROM queue_integrations
              WHERE type = 'typebot' AND company_id = $1 AND id = ANY($2::uuid[])`,
};

/** Which of `ids` are the company's queues (resp. Typebot integrations). */
async function owned(pool: pg.Pool, what: keyof typeof OWNED, companyId: string, ids: string[]) {
  const wanted = ids.filter((id) => UUID.test(id));
  if (wanted.length === 0) return new Set<string>();
  const { rows } = await pool.query<{ id: string }>(OWNED[what], [companyId, wanted]);
  return new Set(rows.map((r) => r.id));
}

const refOf = (data: Record<string, unknown>, key: 'queue' | 'typebotIntegration') => {
  const id = (data[key] as { id?: unknown } | undefined)?.id;
  return id === undefined || id === null ? null : String(id);
};

/**
 * What a graph names outside itself, checked against the company's data: a ticket node's queue, a
 * typebot node's integration, every media file (still stored). A run would otherwise fail on them, or
 * reach another company's queue. Graph-shape rules are validateFlowGraph's.
 */
export async function foreignReferences(
  pool: pg.Pool,
  storage: MediaStorage,
  companyId: string,
  graph: FlowGraphInput,
): Promise<FlowGraphFinding[]> {
  const tickets = graph.nodes.filter((n) => n.type === 'ticket' && refOf(n.data, 'queue'));
  const typebots = graph.nodes.filter((n) => n.type === 'typebot' && refOf(n.data, 'typebotIntegration'));
  const queues = await owned(
    pool,
    'queues',
    companyId,
    tickets.map((n) => refOf(n.data, 'queue') ?? ''),
  );
  const integrations = await owned(
    pool,
    'typebots',
    companyId,
    typebots.map((n) => refOf(n.data, 'typebotIntegration') ?? ''),
  );
  const findings: FlowGraphFinding[] = [];
  for (const n of tickets)
    if (!queues.has(refOf(n.data, 'queue') ?? ''))
      findings.push({
        nodeId: n.id,
        code: 'QUEUE_REQUIRED',
        message: 'the queue is not one of the company’s',
      });
  for (const n of typebots)
    if (!integrations.has(refOf(n.data, 'typebotIntegration') ?? ''))
      findings.push({
        nodeId: n.id,
        code: 'INVALID_NODE_DATA',
        message: 'the Typebot integration was not found',
      });
  const prefix = `/public/${companyId}/`;
  for (const n of graph.nodes)
    for (const url of mediaOf(n))
      if (url.startsWith(prefix) && !(await storage.exists(url)))
        findings.push({
          nodeId: n.id,
          code: 'MEDIA_NOT_UPLOADED',
          message: `${url} is not stored (upload it again)`,
        });
  return findings;
}

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/**
 * What still starts a flow, for ERR_FLOW_IN_USE: its phrase campaigns, the connections that greet a
 * first contact with it (`flowIdWelcome`) and the flowbuilder queue integrations that run it. Null:
 * nothing, it may go.
 */
export async function whatStartsFlow(pool: pg.Pool, companyId: string, flowId: string) {
  const names = async (sql: string) =>
    (await pool.query<{ name: string }>(sql, [companyId, flowId])).rows.map((r) => r.name);
  const [campaigns, connections, integrations] = await Promise.all([
    campaignsStartingFlow(pool, companyId, flowId),
    names(`SELECT name FROM whatsapps WHERE company_id = $1 AND settings->>'flowIdWelcome' = $2::text
            ORDER BY lower(name)`),
    names(`SELECT name FROM queue_integrations
            WHERE company_id = $1 AND type = 'flowbuilder' AND fields->>'flowId' = $2::text
            ORDER BY lower(name)`),
  ]);
  const uses = [
    campaigns.length ? `the phrase campaign(s) ${quoted(campaigns)}` : null,
    connections.length ? `the connection(s) ${quoted(connections)} (welcome flow)` : null,
    integrations.length ? `the queue integration(s) ${quoted(integrations)}` : null,
  ].filter((u): u is string => u !== null);
  return uses.length ? uses.join(', ') : null;
}
