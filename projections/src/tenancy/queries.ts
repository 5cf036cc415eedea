import type { PlanView, SettingView, SignedUpCompany } from '@zelo/contracts/tenancy/read-models';
import type { WeeklyHours } from '@zelo/contracts/weekly-hours';
import type pg from 'pg';

export const planSelect = `SELECT id, name, users, connections, queues, value::float8 AS value, use_campaigns AS "useCampaigns",
  use_kanban AS "useKanban", use_open_ai AS "useOpenAi", use_integrations AS "useIntegrations", use_schedules AS "useSchedules",
  use_internal_chat AS "useInternalChat", use_external_api AS "useExternalApi" FROM plans`;

export async function listPlans(pool: pg.Pool): Promise<PlanView[]> {
  return (await pool.query<PlanView>(`${planSelect} ORDER BY value, name`)).rows;
}

export async function getPlan(pool: pg.Pool, planId: string): Promise<PlanView | null> {
  return (await pool.query<PlanView>(`${planSelect} WHERE id = $1`, [planId])).rows[0] ?? null;
}

export async function companySettings(pool: pg.Pool, companyId: string): Promise<SettingView[]> {
  const { rows } = await pool.query<SettingView>(
    `SELECT k AS key, v AS value FROM companies c, jsonb_each_text(c.settings) s(k, v) WHERE c.id = $1 ORDER BY k`,
    [companyId],
  );
  return rows;
}

/** A company as the sign-up answers it, or null when unknown. */
export async function signedUpCompany(pool: pg.Pool, companyId: string): Promise<SignedUpCompany | null> {
  const { rows } = await pool.query<Omit<SignedUpCompany, 'dueDate'> & { dueDate: Date }>(
    'SELECT id, name, email, due_date AS "dueDate", plan_id AS "planId", recurrence FROM companies WHERE id = $1',
    [companyId],
  );
  return rows[0] ? { ...rows[0], dueDate: rows[0].dueDate.toISOString() } : null;
}

/** The company's settings by key and its weekly hours (none when the company is unknown): what the bot acts on. */
export async function companySettingsAndHours(
  db: pg.Pool | pg.PoolClient,
  companyId: string,
): Promise<{ settings: Record<string, string>; schedules: WeeklyHours }> {
  const { rows } = await db.query('SELECT settings, schedules FROM companies WHERE id = $1', [companyId]);
  return { settings: rows[0]?.settings ?? {}, schedules: rows[0]?.schedules ?? [] };
}

/** The company setting `CheckMsgIsGroup`: enabled, group messages are not recorded at all. */
export async function companyIgnoresGroups(pool: pg.Pool, companyId: string): Promise<boolean> {
  const { rows } = await pool.query<{ v: string | null }>(
    `SELECT settings->>'CheckMsgIsGroup' AS v FROM companies WHERE id = $1`,
    [companyId],
  );
  return rows[0]?.v === 'enabled';
}
