import { FlowGraph } from '@zelo/contracts/flows/graph';
import type {
  FlowCampaignView,
  FlowPage,
  FlowView,
  FlowWithGraph,
  StoredFlowGraph,
} from '@zelo/contracts/flows/read-models';
import type pg from 'pg';
import * as v from 'valibot';
import { containsPattern } from '../sql.ts';

type Db = pg.Pool | pg.PoolClient;

const flowSelect = `
  SELECT f.id, f.name, true AS active, f.user_id AS "userId", f.version,
         f.created_at AS "createdAt", f.updated_at AS "updatedAt"
    FROM flows f`;

type Dated<T> = Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const dated = <T>(r: Dated<T>) =>
  ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }) as T;

/** GET /flowbuilder: search by name, 20 per page, by name. */
export async function searchFlows(
  db: Db,
  companyId: string,
  q: { searchParam?: string; pageNumber: number },
  pageSize = 20,
): Promise<FlowPage> {
  const params: unknown[] = [companyId];
  let where = 'f.company_id = $1';
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where += ` AND lower(f.name) LIKE $${params.length}`;
  }
  params.push(pageSize + 1, (q.pageNumber - 1) * pageSize);
  const { rows } = await db.query<Dated<FlowView>>(
    `${flowSelect} WHERE ${where} ORDER BY lower(f.name), f.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { flows: rows.slice(0, pageSize).map((r) => dated<FlowView>(r)), hasMore: rows.length > pageSize };
}

export async function getFlow(db: Db, companyId: string, flowId: string): Promise<FlowView | null> {
  const { rows } = await db.query<Dated<FlowView>>(`${flowSelect} WHERE f.company_id = $1 AND f.id = $2`, [
    companyId,
    flowId,
  ]);
  return rows[0] ? dated<FlowView>(rows[0]) : null;
}

/** GET /flowbuilder/flow/{id}: the flow and its latest drawing as the editor posted it (null: never saved). */
export async function getFlowWithGraph(
  db: Db,
  companyId: string,
  flowId: string,
): Promise<FlowWithGraph | null> {
  const flow = await getFlow(db, companyId, flowId);
  if (!flow) return null;
  const { rows } = await db.query<{ graph: StoredFlowGraph }>(
    'SELECT graph FROM flow_versions WHERE flow_id = $1 AND version = $2',
    [flowId, flow.version],
  );
  return { ...flow, flow: rows[0]?.graph ?? null };
}

/**
 * The runtime's read of a flow of `companyId` when a run starts: its latest graph, typed per node, and
 * the version to pin. Null when the flow is not the company's, is deleted, or was never saved.
 */
export async function loadFlowGraph(
  db: Db,
  companyId: string,
  flowId: string,
): Promise<{ flowId: string; name: string; version: number; graph: FlowGraph } | null> {
  const { rows } = await db.query<{ name: string; version: number; graph: unknown }>(
    `SELECT f.name, f.version, v.graph FROM flows f
       JOIN flow_versions v ON v.flow_id = f.id AND v.version = f.version
      WHERE f.company_id = $1 AND f.id = $2`,
    [companyId, flowId],
  );
  const row = rows[0];
  return row ? { flowId, name: row.name, version: row.version, graph: v.parse(FlowGraph, row.graph) } : null;
}

/** One saved version of a flow, typed per node (a run reads the version it started on, even if deleted since). */
export async function loadFlowVersion(db: Db, flowId: string, version: number): Promise<FlowGraph | null> {
  const { rows } = await db.query<{ graph: unknown }>(
    'SELECT graph FROM flow_versions WHERE flow_id = $1 AND version = $2',
    [flowId, version],
  );
  return rows[0] ? v.parse(FlowGraph, rows[0].graph) : null;
}

const campaignSelect = `
  SELECT c.id, c.name, c.phrase, c.status, c.flow_id AS "flowId", c.whatsapp_id AS "whatsappId",
         f.name AS "flowName", w.name AS "whatsappName", c.created_at AS "createdAt", c.updated_at AS "updatedAt"
    FROM flow_campaigns c
    LEFT JOIN flows f ON f.id = c.flow_id
    LEFT JOIN whatsapps w ON w.id = c.whatsapp_id`;

/** GET /flowcampaign: every phrase campaign of the company, by name. */
export async function listFlowCampaigns(db: Db, companyId: string): Promise<FlowCampaignView[]> {
  const { rows } = await db.query<Dated<FlowCampaignView>>(
    `${campaignSelect} WHERE c.company_id = $1 ORDER BY lower(c.name), c.id`,
    [companyId],
  );
  return rows.map((r) => dated<FlowCampaignView>(r));
}

export async function getFlowCampaign(
  db: Db,
  companyId: string,
  id: string,
): Promise<FlowCampaignView | null> {
  const { rows } = await db.query<Dated<FlowCampaignView>>(
    `${campaignSelect} WHERE c.company_id = $1 AND c.id = $2`,
    [companyId, id],
  );
  return rows[0] ? dated<FlowCampaignView>(rows[0]) : null;
}

/** The phrase campaigns that start a flow, named for ERR_FLOW_IN_USE; [] when none does. */
export async function campaignsStartingFlow(db: Db, companyId: string, flowId: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM flow_campaigns WHERE company_id = $1 AND flow_id = $2 ORDER BY lower(name)',
    [companyId, flowId],
  );
  return rows.map((r) => r.name);
}

/** A connection's active phrase campaign whose flow exists. */
export interface PhraseCampaign {
  campaignId: string;
  flowId: string;
  phrase: string;
}

/** The connection's active phrase campaigns whose flow exists, oldest first (the oldest wins a tie). */
export async function listPhraseCampaigns(
  db: Db,
  companyId: string,
  whatsappId: string,
): Promise<PhraseCampaign[]> {
  const { rows } = await db.query<PhraseCampaign>(
    `SELECT c.id AS "campaignId", c.flow_id AS "flowId", c.phrase FROM flow_campaigns c
       JOIN flows f ON f.id = c.flow_id AND f.company_id = c.company_id
      WHERE c.company_id = $1 AND c.whatsapp_id = $2 AND c.status
      ORDER BY c.created_at, c.id`,
    [companyId, whatsappId],
  );
  return rows;
}

/** The campaign a customer's message starts: the message, trimmed, is its phrase ignoring case. */
export function phraseCampaignFor(
  campaigns: PhraseCampaign[],
  body: string,
): { campaignId: string; flowId: string } | null {
  const phrase = body.trim().toLowerCase();
  if (!phrase) return null;
  const found = campaigns.find((c) => c.phrase.toLowerCase() === phrase);
  return found ? { campaignId: found.campaignId, flowId: found.flowId } : null;
}

/**
 * The runtime's trigger (BEHAVIOUR.md Flow builder runtime): the active phrase campaign of that
 * connection whose phrase is the whole message, trimmed, case-insensitively, and whose flow still
 * exists. Two campaigns with the same phrase: the oldest wins.
 */
export async function matchPhraseCampaign(
  db: Db,
  companyId: string,
  whatsappId: string,
  body: string,
): Promise<{ campaignId: string; flowId: string } | null> {
  if (!body.trim()) return null;
  return phraseCampaignFor(await listPhraseCampaigns(db, companyId, whatsappId), body);
}
