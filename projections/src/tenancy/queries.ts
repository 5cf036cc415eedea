import type pg from 'pg';

export const planSelect = `SELECT id, name, users, connections, queues, value::float8 AS value, use_campaigns AS "useCampaigns",
  use_kanban AS "useKanban", use_open_ai AS "useOpenAi", use_integrations AS "useIntegrations", use_schedules AS "useSchedules",
  use_internal_chat AS "useInternalChat", use_external_api AS "useExternalApi" FROM plans`;

export async function listPlans(pool: pg.Pool) {
  return (await pool.query(`${planSelect} ORDER BY value, name`)).rows;
}

export async function getPlan(pool: pg.Pool, planId: string) {
  return (await pool.query(`${planSelect} WHERE id = $1`, [planId])).rows[0] ?? null;
}

export async function companySettings(pool: pg.Pool, companyId: string) {
  const { rows } = await pool.query(
    `SELECT k AS key, v AS value FROM companies c, jsonb_each_text(c.settings) s(k, v) WHERE c.id = $1 ORDER BY k`,
    [companyId],
  );
  return rows as { key: string; value: string }[];
}
