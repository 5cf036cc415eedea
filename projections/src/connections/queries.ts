import {
  type ConnectionSettings,
  type ConnectionView,
  defaultConnectionSettings,
} from '@zelo/contracts/connections/read-models';
import type pg from 'pg';

const whatsappSelect = `SELECT w.id, w.name, w.status, w.qrcode, w.retries, w.number, w.is_default AS "isDefault",
  w.provider, w.updated_at AS "updatedAt", w.created_at AS "createdAt", w.settings, w.queue_ids AS "queueIds",
  w.token FROM whatsapps w`;

type AutomationLink = 'promptId' | 'integrationId' | 'flowIdWelcome';
/** The row: the settings column holds the settings the connection's events carried, all but its queues. */
interface WhatsappRow
  extends Omit<ConnectionView, keyof ConnectionSettings | 'createdAt' | 'updatedAt' | 'token'> {
  settings: Omit<ConnectionSettings, 'queueIds' | AutomationLink> &
    Partial<Pick<ConnectionSettings, AutomationLink>>;
  queueIds: string[];
  createdAt: Date;
  updatedAt: Date;
  token: string;
}

// The token sends messages as the company (external API): only admins asking for one connection see it.
const toView = (r: WhatsappRow, withToken: boolean): ConnectionView => {
  const { settings, token, ...rest } = r;
  return {
    ...rest,
    updatedAt: r.updatedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    ...settings,
    // Links absent from the settings of a connection last saved before they existed read as null.
    promptId: settings.promptId ?? null,
    integrationId: settings.integrationId ?? null,
    flowIdWelcome: settings.flowIdWelcome ?? null,
    ...(withToken ? { token } : {}),
  };
};

export async function listConnections(pool: pg.Pool, companyId: string): Promise<ConnectionView[]> {
  const { rows } = await pool.query<WhatsappRow>(
    `${whatsappSelect} WHERE w.company_id = $1 ORDER BY w.is_default DESC, w.name`,
    [companyId],
  );
  return rows.map((r) => toView(r, false));
}

export async function getConnection(
  pool: pg.Pool,
  companyId: string,
  whatsappId: string,
  options: { withToken?: boolean } = {},
): Promise<ConnectionView | null> {
  const { rows } = await pool.query<WhatsappRow>(`${whatsappSelect} WHERE w.company_id = $1 AND w.id = $2`, [
    companyId,
    whatsappId,
  ]);
  return rows[0] ? toView(rows[0], options.withToken ?? false) : null;
}

/**
 * The settings the chatbot and the ticket timers act on, by connection id alone (they come from a
 * ticket or a message of the company already). A setting the row lacks reads as its default.
 */
export async function getConnectionSettings(
  db: pg.Pool | pg.PoolClient,
  whatsappId: string,
): Promise<ConnectionSettings | null> {
  const { rows } = await db.query('SELECT settings, queue_ids FROM whatsapps WHERE id = $1', [whatsappId]);
  if (!rows[0]) return null;
  const s = rows[0].settings;
  const d = defaultConnectionSettings;
  return {
    queueIds: rows[0].queue_ids,
    greetingMessage: s.greetingMessage ?? d.greetingMessage,
    complationMessage: s.complationMessage ?? d.complationMessage,
    outOfHoursMessage: s.outOfHoursMessage ?? d.outOfHoursMessage,
    ratingMessage: s.ratingMessage ?? d.ratingMessage,
    expiresInactiveMessage: s.expiresInactiveMessage ?? d.expiresInactiveMessage,
    expiresTicket: Number(s.expiresTicket ?? d.expiresTicket),
    timeUseBotQueues: Number(s.timeUseBotQueues ?? d.timeUseBotQueues),
    maxUseBotQueues: Number(s.maxUseBotQueues ?? d.maxUseBotQueues),
    timeToTransfer: Number(s.timeToTransfer ?? d.timeToTransfer),
    transferQueueId: s.transferQueueId ?? d.transferQueueId,
    promptId: s.promptId ?? d.promptId,
    integrationId: s.integrationId ?? d.integrationId,
    flowIdWelcome: s.flowIdWelcome ?? d.flowIdWelcome,
  };
}

/** The plan's connection limit (null when the company has no plan row) for POST /whatsapp. */
export async function connectionLimit(pool: pg.Pool, companyId: string): Promise<number | null> {
  const { rows } = await pool.query(
    'SELECT p.connections FROM companies c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1',
    [companyId],
  );
  return rows[0]?.connections ?? null;
}

/** Whether the connection is one of the company's (a foreign or unknown id is not). */
export async function connectionExists(pool: pg.Pool, companyId: string, whatsappId: string) {
  const r = await pool.query('SELECT 1 FROM whatsapps WHERE id = $1 AND company_id = $2', [
    whatsappId,
    companyId,
  ]);
  return (r.rowCount ?? 0) > 0;
}

/** The company's default connection, else its oldest; null when it has none. */
export async function defaultConnectionId(pool: pg.Pool, companyId: string): Promise<string | null> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT id FROM whatsapps WHERE company_id = $1 ORDER BY is_default DESC, created_at LIMIT 1',
    [companyId],
  );
  return rows[0]?.id ?? null;
}

/** The company a connection belongs to (never changes), or null when there is no such connection. */
export async function connectionCompany(pool: pg.Pool, whatsappId: string): Promise<string | null> {
  const { rows } = await pool.query<{ companyId: string }>(
    'SELECT company_id AS "companyId" FROM whatsapps WHERE id = $1',
    [whatsappId],
  );
  return rows[0]?.companyId ?? null;
}

/** The company's connections that are CONNECTED now, default first, with their channel. */
export async function connectedConnections(
  pool: pg.Pool,
  companyId: string,
): Promise<{ id: string; provider: string }[]> {
  const { rows } = await pool.query<{ id: string; provider: string }>(
    `SELECT id, provider FROM whatsapps WHERE company_id = $1 AND status = 'CONNECTED'
      ORDER BY is_default DESC, created_at`,
    [companyId],
  );
  return rows;
}

/** Which channel carries a connection (`baileys`, `simulator`), or null when there is no such connection. */
export async function connectionProvider(pool: pg.Pool, whatsappId: string): Promise<string | null> {
  const { rows } = await pool.query<{ provider: string }>('SELECT provider FROM whatsapps WHERE id = $1', [
    whatsappId,
  ]);
  return rows[0]?.provider ?? null;
}

/** Every connection's session as the admins want it: what the channel workers bring about. */
export interface ConnectionSessionRow {
  id: string;
  company_id: string;
  provider: string;
  desired_session: 'connected' | 'disconnected';
  session_generation: number;
}
export async function connectionSessions(pool: pg.Pool): Promise<ConnectionSessionRow[]> {
  const { rows } = await pool.query<ConnectionSessionRow>(
    'SELECT id, company_id, provider, desired_session, session_generation FROM whatsapps',
  );
  return rows;
}
