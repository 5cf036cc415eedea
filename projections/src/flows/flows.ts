import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const flowsMigrations = [
  {
    id: 'projections/flows-001',
    sql: `
      CREATE TABLE flows (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, user_id uuid NOT NULL, name text NOT NULL,
        version int NOT NULL DEFAULT 0, duplicated_from uuid,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX flows_company ON flows (company_id, lower(name));
      CREATE TABLE flow_versions (
        flow_id uuid NOT NULL, company_id uuid NOT NULL, version int NOT NULL, graph jsonb NOT NULL,
        saved_at timestamptz NOT NULL, PRIMARY KEY (flow_id, version)
      );
      CREATE TABLE flow_campaigns (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, user_id uuid NOT NULL, name text NOT NULL,
        phrase text NOT NULL, flow_id uuid NOT NULL, whatsapp_id uuid NOT NULL, status boolean NOT NULL,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX flow_campaigns_company ON flow_campaigns (company_id, lower(name));
      CREATE INDEX flow_campaigns_phrase ON flow_campaigns (whatsapp_id, lower(phrase)) WHERE status;`,
  },
];

/**
 * Flows (doc 2 §2.15) with every saved version of their graph, and phrase campaigns (§2.14). A deleted
 * flow's versions stay: a run that started on one reads it to the end (queries.ts loadFlowVersion).
 */
export const flowsProjection: Projection = {
  name: 'flows',
  tables: ['flows', 'flow_versions', 'flow_campaigns'],
  async handle(tx, e) {
    const flowChange = (d: { companyId: string; flowId: string }, action: 'create' | 'update' | 'delete') => [
      { companyId: d.companyId, kind: 'flowbuilder' as const, action, id: d.flowId },
    ];
    const campaignChange = (
      d: { companyId: string; flowCampaignId: string },
      action: 'create' | 'update' | 'delete',
    ) => [{ companyId: d.companyId, kind: 'flowcampaign' as const, action, id: d.flowCampaignId }];
    const at = e.metadata.at;
    switch (e.type) {
      case 'FlowCreated': {
        const d = e.data;
        await write(
          tx,
          `INSERT INTO flows (id, company_id, user_id, name, duplicated_from, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$6) ON CONFLICT (id) DO NOTHING`,
          [d.flowId, d.companyId, d.userId, d.name, d.duplicatedFrom, at],
        );
        return flowChange(d, 'create');
      }
      case 'FlowRenamed':
        await write(tx, 'UPDATE flows SET name=$2, updated_at=$3 WHERE id=$1', [
          e.data.flowId,
          e.data.name,
          at,
        ]);
        return flowChange(e.data, 'update');
      case 'FlowSaved': {
        const { flowId, companyId, version, nodes, connections } = e.data;
        await write(
          tx,
          `INSERT INTO flow_versions VALUES ($1,$2,$3,$4,$5) ON CONFLICT (flow_id, version) DO NOTHING`,
          [flowId, companyId, version, JSON.stringify({ nodes, connections }), at],
        );
        await write(tx, 'UPDATE flows SET version=GREATEST(version, $2), updated_at=$3 WHERE id=$1', [
          flowId,
          version,
          at,
        ]);
        return flowChange(e.data, 'update');
      }
      case 'FlowDeleted':
        await write(tx, 'DELETE FROM flows WHERE id = $1', [e.data.flowId]);
        return flowChange(e.data, 'delete');
      case 'FlowCampaignCreated': {
        const d = e.data;
        await write(
          tx,
          'INSERT INTO flow_campaigns VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$9) ON CONFLICT (id) DO NOTHING',
          [d.flowCampaignId, d.companyId, d.userId, d.name, d.phrase, d.flowId, d.whatsappId, d.status, at],
        );
        return campaignChange(d, 'create');
      }
      case 'FlowCampaignUpdated': {
        const d = e.data;
        await write(
          tx,
          `UPDATE flow_campaigns SET name=$2, phrase=$3, flow_id=$4, whatsapp_id=$5, status=$6, updated_at=$7
            WHERE id=$1`,
          [d.flowCampaignId, d.name, d.phrase, d.flowId, d.whatsappId, d.status, at],
        );
        return campaignChange(d, 'update');
      }
      case 'FlowCampaignDeleted':
        await write(tx, 'DELETE FROM flow_campaigns WHERE id = $1', [e.data.flowCampaignId]);
        return campaignChange(e.data, 'delete');
    }
  },
};
