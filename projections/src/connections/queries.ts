import type pg from 'pg';

const whatsappSelect = `SELECT w.id, w.name, w.status, w.qrcode, w.retries, w.number, w.is_default AS "isDefault",
  w.provider, w.updated_at AS "updatedAt", w.created_at AS "createdAt", w.settings, w.queue_ids AS "queueIds",
  w.token FROM whatsapps w`;

// The token sends messages as the company (external API): only admins asking for one connection see it.
const shape = (r: any, withToken: boolean) => {
  const { settings, token, ...rest } = r;
  return { ...rest, ...settings, ...(withToken ? { token } : {}) };
};

export async function listConnections(pool: pg.Pool, companyId: string) {
  const { rows } = await pool.query(
    `${whatsappSelect} WHERE w.company_id = $1 ORDER BY w.is_default DESC, w.name`,
    [companyId],
  );
  return rows.map((r) => shape(r, false));
}

export async function getConnection(
  pool: pg.Pool,
  companyId: string,
  whatsappId: string,
  options: { withToken?: boolean } = {},
) {
  const { rows } = await pool.query(`${whatsappSelect} WHERE w.company_id = $1 AND w.id = $2`, [
    companyId,
    whatsappId,
  ]);
  return rows[0] ? shape(rows[0], options.withToken ?? false) : null;
}

/** The plan's connection limit (null when the company has no plan row) for POST /whatsapp. */
export async function connectionLimit(pool: pg.Pool, companyId: string): Promise<number | null> {
  const { rows } = await pool.query(
    'SELECT p.connections FROM companies c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1',
    [companyId],
  );
  return rows[0]?.connections ?? null;
}

/** How many of `queueIds` are queues of the company (a foreign or unknown id is not counted). */
export async function countCompanyQueues(pool: pg.Pool, companyId: string, queueIds: string[]) {
  const { rows } = await pool.query(
    'SELECT count(*)::int AS n FROM queues WHERE company_id = $1 AND id = ANY($2::uuid[])',
    [companyId, queueIds],
  );
  return rows[0].n as number;
}
