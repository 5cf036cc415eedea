import type { SessionUserView, UserListItem, UserPage } from '@zelo/contracts/users/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

/** The user as the web app keeps it in its session (doc 1 §3 User, §7 POST /auth/login). */
export async function sessionUser(pool: pg.Pool, userId: string): Promise<SessionUserView | null> {
  const { rows } = await pool.query<SessionUserView>(
    `SELECT u.id, u.name, u.email, u.profile, u.super, u.all_ticket AS "allTicket", u.whatsapp_id AS "whatsappId",
            u.company_id AS "companyId", u.language,
            json_build_object('id', c.id, 'name', c.name, 'dueDate', c.due_date, 'planId', c.plan_id,
              'settings', (SELECT coalesce(json_agg(json_build_object('key', k, 'value', v)), '[]') FROM jsonb_each_text(c.settings) s(k, v)),
              'plan', (SELECT row_to_json(p) FROM (SELECT id, name, use_campaigns AS "useCampaigns", use_kanban AS "useKanban",
                  use_open_ai AS "useOpenAi", use_integrations AS "useIntegrations", use_schedules AS "useSchedules",
                  use_internal_chat AS "useInternalChat", use_external_api AS "useExternalApi",
                  use_reports AS "useReports" FROM plans WHERE id = c.plan_id) p)) AS company,
            (SELECT coalesce(json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color) ORDER BY q.order_queue NULLS LAST, q.name), '[]')
               FROM queues q WHERE q.id = ANY(u.queue_ids)) AS queues,
            u.queue_ids AS "queueIds"
       FROM users u JOIN companies c ON c.id = u.company_id
      WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function userForLogin(pool: pg.Pool, email: string) {
  const { rows } = await pool.query(
    `SELECT u.id, u.company_id AS "companyId", u.password_hash AS "passwordHash", u.profile, u.super, c.due_date AS "dueDate",
            (c.status AND c.deleted_at IS NULL) AS "companyActive", c.deleted_at IS NOT NULL AS "companyDeleted"
       FROM users u JOIN companies c ON c.id = u.company_id WHERE u.email = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

/** Whom a password reset for `email` reaches: the user, its language for the e-mail, and its company. */
export async function userForPasswordReset(pool: pg.Pool, email: string) {
  const { rows } = await pool.query<{ id: string; companyId: string; name: string; language: string }>(
    'SELECT id, company_id AS "companyId", name, language FROM users WHERE email = lower($1)',
    [email],
  );
  return rows[0] ?? null;
}

type UserRow = Omit<UserListItem, 'createdAt'> & { createdAt: Date };

export async function listUsers(
  pool: pg.Pool,
  companyId: string,
  searchParam: string,
  pageNumber: number,
  pageSize = 20,
): Promise<UserPage> {
  const { rows } = await pool.query<UserRow>(
    `SELECT id, name, email, profile, all_ticket AS "allTicket", whatsapp_id AS "whatsappId", queue_ids AS "queueIds", created_at AS "createdAt"
       FROM users WHERE company_id = $1 AND (lower(name) LIKE $2 OR email LIKE $2)
      ORDER BY name LIMIT $3 OFFSET $4`,
    [companyId, containsPattern(searchParam), pageSize + 1, (pageNumber - 1) * pageSize],
  );
  const count = await pool.query('SELECT count(*)::int AS n FROM users WHERE company_id = $1', [companyId]);
  return {
    users: rows.slice(0, pageSize).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    count: count.rows[0].n,
    hasMore: rows.length > pageSize,
  };
}

/** The password hash of a user, to check a current password; null when the user is unknown. */
export async function passwordHashOf(pool: pg.Pool, userId: string): Promise<string | null> {
  const { rows } = await pool.query('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return rows[0]?.password_hash ?? null;
}

/**
 * What decides whether the company may add a user (doc 1 §3 Setting keys, Plan.users): its
 * userCreation setting, its plan's user limit (null without a plan) and how many users it has.
 */
export async function userCreationAllowance(
  pool: pg.Pool,
  companyId: string,
): Promise<{ creation: string | null; limit: number | null; count: number } | null> {
  const { rows } = await pool.query(
    `SELECT c.settings->>'userCreation' AS creation, p.users AS "limit",
            (SELECT count(*)::int FROM users u WHERE u.company_id = c.id) AS count
       FROM companies c LEFT JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [companyId],
  );
  return rows[0] ?? null;
}

/** Whether the user is one of the company's (a foreign or unknown id is not). */
export async function userExists(pool: pg.Pool, companyId: string, userId: string) {
  const r = await pool.query('SELECT 1 FROM users WHERE id = $1 AND company_id = $2', [userId, companyId]);
  return (r.rowCount ?? 0) > 0;
}
