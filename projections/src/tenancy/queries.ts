import type {
  CompaniesPage,
  CompanyPlanView,
  CompanyView,
  PlanView,
  SettingView,
  SignedUpCompany,
} from '@zelo/contracts/tenancy/read-models';
import type { WeeklyHours } from '@zelo/contracts/weekly-hours';
import type pg from 'pg';

export const planSelect = `SELECT id, name, users, connections, queues, value::float8 AS value, use_campaigns AS "useCampaigns",
  use_kanban AS "useKanban", use_open_ai AS "useOpenAi", use_integrations AS "useIntegrations", use_schedules AS "useSchedules",
  use_internal_chat AS "useInternalChat", use_external_api AS "useExternalApi",
  use_reports AS "useReports" FROM plans`;

export async function listPlans(pool: pg.Pool): Promise<PlanView[]> {
  return (await pool.query<PlanView>(`${planSelect} ORDER BY value, name`)).rows;
}

export async function getPlan(pool: pg.Pool, planId: string): Promise<PlanView | null> {
  return (await pool.query<PlanView>(`${planSelect} WHERE id = $1`, [planId])).rows[0] ?? null;
}

export async function companySettings(
  pool: pg.Pool,
  companyId: string,
  /** Values for the keys the company never set (settings added after it was created). */
  defaults: Record<string, string> = {},
): Promise<SettingView[]> {
  const { rows } = await pool.query<SettingView>(
    `SELECT k AS key, v AS value FROM companies c, jsonb_each_text($2::jsonb || c.settings) s(k, v)
      WHERE c.id = $1 ORDER BY k`,
    [companyId, JSON.stringify(defaults)],
  );
  return rows;
}

/** A company as the sign-up answers it, or null when unknown. */
export async function signedUpCompany(pool: pg.Pool, companyId: string): Promise<SignedUpCompany | null> {
  const { rows } = await pool.query<Omit<SignedUpCompany, 'dueDate'> & { dueDate: Date | null }>(
    'SELECT id, name, email, due_date AS "dueDate", plan_id AS "planId", recurrence FROM companies WHERE id = $1',
    [companyId],
  );
  // A company the super user cleared the due date of never expires: far in the future for this shape.
  return rows[0] ? { ...rows[0], dueDate: (rows[0].dueDate ?? new Date('9999-12-31')).toISOString() } : null;
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

/** Whether the company's users may work: not deleted (an unknown company counts as deleted) and switched on. */
export async function companyActivity(
  pool: pg.Pool,
  companyId: string,
): Promise<{ companyActive: boolean; companyDeleted: boolean }> {
  const { rows } = await pool.query(
    `SELECT (status AND deleted_at IS NULL) AS "companyActive", deleted_at IS NOT NULL AS "companyDeleted"
       FROM companies WHERE id = $1`,
    [companyId],
  );
  return rows[0] ?? { companyActive: false, companyDeleted: true };
}

const companySelect = `SELECT c.id, c.name, c.email, c.phone, c.plan_id AS "planId",
    CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('id', p.id, 'name', p.name, 'value', p.value::float8) END AS plan,
    c.status, c.due_date AS "dueDate", c.recurrence, coalesce(c.settings->>'campaignsEnabled', 'enabled') = 'enabled' AS "campaignsEnabled",
    c.created_at AS "createdAt"
  FROM companies c LEFT JOIN plans p ON p.id = c.plan_id`;

type CompanyRow = Omit<CompanyView, 'dueDate' | 'createdAt'> & { dueDate: Date | null; createdAt: Date };
const companyView = (r: CompanyRow): CompanyView => ({
  ...r,
  dueDate: r.dueDate ? r.dueDate.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** GET /companies: companies (not deleted) by name or e-mail, 20 a page. */
export async function searchCompanies(
  pool: pg.Pool,
  q: { searchParam: string; pageNumber: number },
  pageSize = 20,
): Promise<CompaniesPage> {
  const like = `%${q.searchParam.replace(/[\\%_]/g, '\\$&')}%`;
  const where = 'c.deleted_at IS NULL AND (c.name ILIKE $1 OR c.email ILIKE $1)';
  const { rows } = await pool.query<CompanyRow>(
    `${companySelect} WHERE ${where} ORDER BY c.name, c.id LIMIT $2 OFFSET $3`,
    [like, pageSize, (q.pageNumber - 1) * pageSize],
  );
  const count = Number(
    (await pool.query(`SELECT count(*) AS n FROM companies c WHERE ${where}`, [like])).rows[0].n,
  );
  return { companies: rows.map(companyView), count, hasMore: q.pageNumber * pageSize < count };
}

/** GET /companies/list: every company that is not deleted. */
export async function listCompanies(pool: pg.Pool): Promise<CompanyView[]> {
  const { rows } = await pool.query<CompanyRow>(
    `${companySelect} WHERE c.deleted_at IS NULL ORDER BY c.name, c.id`,
  );
  return rows.map(companyView);
}

export async function getCompany(pool: pg.Pool, companyId: string): Promise<CompanyView | null> {
  const { rows } = await pool.query<CompanyRow>(`${companySelect} WHERE c.id = $1 AND c.deleted_at IS NULL`, [
    companyId,
  ]);
  return rows[0] ? companyView(rows[0]) : null;
}

/** GET /companies/listPlan/{companyId}: the company with its plan. */
export async function companyPlan(pool: pg.Pool, companyId: string): Promise<CompanyPlanView | null> {
  const { rows } = await pool.query<{ id: string; name: string; planId: string }>(
    'SELECT id, name, plan_id AS "planId" FROM companies WHERE id = $1 AND deleted_at IS NULL',
    [companyId],
  );
  const plan = rows[0] ? await getPlan(pool, rows[0].planId) : null;
  return rows[0] && plan ? { id: rows[0].id, name: rows[0].name, plan } : null;
}

/** Whether a company that is not deleted is on the plan (it cannot be deleted then). */
export async function planInUse(pool: pg.Pool, planId: string): Promise<boolean> {
  const { rows } = await pool.query(
    'SELECT 1 FROM companies WHERE plan_id = $1 AND deleted_at IS NULL LIMIT 1',
    [planId],
  );
  return rows.length > 0;
}

/** Another plan with this name (the same once trimmed, spaces collapsed, case ignored). */
export async function planNamedLike(pool: pg.Pool, name: string, exceptId: string | null): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT 1 FROM plans WHERE lower(regexp_replace(btrim(name), '\\s+', ' ', 'g')) = $1
        AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
    [name.trim().replace(/\s+/g, ' ').toLowerCase(), exceptId],
  );
  return rows.length > 0;
}

/** The ids of a company's users: whose sessions end when it is deleted or switched off. */
export async function companyUserIds(pool: pg.Pool, companyId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM users WHERE company_id = $1', [
    companyId,
  ]);
  return rows.map((r) => r.id);
}

/** The company's plan limits (null: unknown company or no plan). */
export async function planLimits(
  pool: pg.Pool,
  companyId: string,
): Promise<{ users: number; connections: number; queues: number } | null> {
  const { rows } = await pool.query(
    'SELECT p.users, p.connections, p.queues FROM companies c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1',
    [companyId],
  );
  return rows[0] ?? null;
}
