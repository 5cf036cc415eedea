import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignSettingsFields } from '@zelo/contracts/campaigns/events';
import type {
  CampaignPage,
  CampaignSettingRow,
  CampaignShipmentPage,
  CampaignShipmentView,
  CampaignView,
} from '@zelo/contracts/campaigns/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

const PAGE_SIZE = 20;
const SHIPMENTS_PAGE_SIZE = 50;

/** A number as the run counts it, once (normalizeWhatsappNumber's rule: digits once `+`, spaces, `-` go). */
const numberKey = (column: string) => {
  const digits = `regexp_replace(${column}, '[+[:space:]-]', '', 'g')`;
  return `CASE WHEN ${digits} ~ '^[0-9]{10,15}$' THEN ${digits} ELSE ${column} END`;
};

// Valid contacts (doc 2 §2.9): from the start on, the run's recipients; before it (INATIVA, PROGRAMADA)
// the audience the start would take as it stands now, the list's WhatsApp-valid items, else the tag's
// contacts, each number once (services' campaign runtime, `audience`), so a list edited before the start
// counts right.
const validContacts = `
  CASE WHEN c.status NOT IN ('INATIVA', 'PROGRAMADA') THEN c.valid_contacts
       WHEN c.contact_list_id IS NOT NULL THEN (
         SELECT count(DISTINCT ${numberKey('i.number')})::int FROM contact_list_items i
          WHERE i.company_id = c.company_id AND i.contact_list_id = c.contact_list_id AND i.is_whatsapp_valid)
       WHEN c.tag_id IS NOT NULL THEN (
         SELECT count(DISTINCT ${numberKey('k.number')})::int FROM contacts k
          WHERE k.company_id = c.company_id AND NOT k.is_group AND NOT k.erased
            AND EXISTS (SELECT 1 FROM ticket_tags tt JOIN tickets t ON t.id = tt.ticket_id
                         WHERE tt.tag_id = c.tag_id AND tt.company_id = c.company_id AND t.contact_id = k.id))
       ELSE 0 END`;

// The connection's, contact list's and file list's names are joined from their read models (the list
// shows them); one of the company's own only, and null once it is gone.
const select = `
  SELECT c.id, c.company_id AS "companyId", c.name, c.message1, c.message2, c.message3, c.message4,
    c.message5, c.status, c.scheduled_at AS "scheduledAt", c.completed_at AS "completedAt",
    c.whatsapp_id AS "whatsappId",
    CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('id', w.id, 'name', w.name) END AS whatsapp,
    c.contact_list_id AS "contactListId",
    CASE WHEN l.id IS NULL THEN NULL ELSE json_build_object('id', l.id, 'name', l.name) END AS "contactList",
    c.tag_id AS "tagId", c.tag_id AS "tagListId", c.file_list_id AS "fileListId",
    CASE WHEN f.id IS NULL THEN NULL ELSE json_build_object('id', f.id, 'name', f.name) END AS "fileList",
    c.media_path AS "mediaPath", c.media_name AS "mediaName", c.media_path AS "mediaUrl",
    c.last_error AS "lastError", v.valid AS "validContacts", c.sent, c.delivered, c.failed,
    c.opted_out AS "optedOut", GREATEST(v.valid - c.sent - c.failed - c.opted_out, 0) AS pending,
    c.created_at AS "createdAt", c.updated_at AS "updatedAt"
  FROM campaigns c
  LEFT JOIN whatsapps w ON w.id = c.whatsapp_id AND w.company_id = c.company_id
  LEFT JOIN contact_lists l ON l.id = c.contact_list_id AND l.company_id = c.company_id
  LEFT JOIN file_lists f ON f.id = c.file_list_id AND f.company_id = c.company_id
  CROSS JOIN LATERAL (SELECT ${validContacts} AS valid) v`;

type CampaignRow = Omit<CampaignView, 'scheduledAt' | 'completedAt' | 'createdAt' | 'updatedAt'> & {
  scheduledAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toView = (r: CampaignRow): CampaignView => ({
  ...r,
  scheduledAt: iso(r.scheduledAt),
  completedAt: iso(r.completedAt),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The campaigns page: newest first, searched by name, 20 per page. */
export async function listCampaigns(
  pool: pg.Pool,
  companyId: string,
  q: { searchParam?: string; pageNumber: number },
  pageSize = PAGE_SIZE,
): Promise<CampaignPage> {
  const params: unknown[] = [companyId];
  let where = 'c.company_id = $1';
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where += ` AND lower(c.name) LIKE $${params.length}`;
  }
  params.push(pageSize + 1, (q.pageNumber - 1) * pageSize);
  const { rows } = await pool.query<CampaignRow>(
    `${select} WHERE ${where} ORDER BY c.created_at DESC, c.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { records: rows.slice(0, pageSize).map(toView), hasMore: rows.length > pageSize };
}

export async function getCampaign(
  pool: pg.Pool,
  companyId: string,
  id: string,
): Promise<CampaignView | null> {
  const { rows } = await pool.query<CampaignRow>(`${select} WHERE c.company_id = $1 AND c.id = $2`, [
    companyId,
    id,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}

/** Campaigns by id, each with its company (the socket gateway checks it against the change's). */
export async function getCampaignsByIds(pool: pg.Pool, ids: string[]): Promise<CampaignView[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<CampaignRow>(`${select} WHERE c.id = ANY($1::uuid[])`, [ids]);
  return rows.map(toView);
}

const shipmentSelect = `
  SELECT s.idx AS index, s.number, s.name, s.status, s.message_id AS "messageId", s.sent_at AS "sentAt",
    s.delivered_at AS "deliveredAt", s.failed_at AS "failedAt", s.reason
  FROM campaign_shipments s`;

type ShipmentRow = Omit<CampaignShipmentView, 'sentAt' | 'deliveredAt' | 'failedAt'> & {
  sentAt: Date | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
};
const toShipment = (r: ShipmentRow): CampaignShipmentView => ({
  ...r,
  sentAt: iso(r.sentAt),
  deliveredAt: iso(r.deliveredAt),
  failedAt: iso(r.failedAt),
});

/** The report's list: the run's recipients in send order, 50 per page (empty before the start). */
export async function listShipments(
  pool: pg.Pool,
  companyId: string,
  campaignId: string,
  q: { pageNumber: number },
  pageSize = SHIPMENTS_PAGE_SIZE,
): Promise<CampaignShipmentPage> {
  const { rows } = await pool.query<ShipmentRow>(
    `${shipmentSelect} WHERE s.company_id = $1 AND s.campaign_id = $2 ORDER BY s.idx LIMIT $3 OFFSET $4`,
    [companyId, campaignId, pageSize + 1, (q.pageNumber - 1) * pageSize],
  );
  return { records: rows.slice(0, pageSize).map(toShipment), hasMore: rows.length > pageSize };
}

/** Shipments by (campaign, index), each with its company, for the socket gateway. */
export async function getShipments(
  pool: pg.Pool,
  keys: { campaignId: string; index: number }[],
): Promise<{ companyId: string; campaignId: string; shipment: CampaignShipmentView }[]> {
  if (keys.length === 0) return [];
  const { rows } = await pool.query<ShipmentRow & { companyId: string; campaignId: string }>(
    `${shipmentSelect.replace('SELECT', 'SELECT s.company_id AS "companyId", s.campaign_id AS "campaignId",')}
      JOIN unnest($1::uuid[], $2::int[]) AS k(campaign_id, idx) ON k.campaign_id = s.campaign_id AND k.idx = s.idx`,
    [keys.map((k) => k.campaignId), keys.map((k) => k.index)],
  );
  return rows.map(({ companyId, campaignId, ...r }) => ({ companyId, campaignId, shipment: toShipment(r) }));
}

/** The company's settings as saved, the defaults (doc 2 §9) for what never was. */
export async function getCampaignSettingsFields(
  pool: pg.Pool,
  companyId: string,
): Promise<CampaignSettingsFields> {
  const { rows } = await pool.query<{ settings: CampaignSettingsFields }>(
    'SELECT settings FROM campaign_settings WHERE company_id = $1',
    [companyId],
  );
  return { ...CAMPAIGN_SETTINGS_DEFAULTS, ...rows[0]?.settings };
}

/** GET /campaign-settings: one row per setting, its value JSON-encoded, as the reference answers. */
export async function getCampaignSettings(pool: pg.Pool, companyId: string): Promise<CampaignSettingRow[]> {
  const settings = await getCampaignSettingsFields(pool, companyId);
  return (Object.keys(CAMPAIGN_SETTINGS_DEFAULTS) as (keyof CampaignSettingsFields)[]).map((key) => ({
    key,
    value: JSON.stringify(settings[key]),
  }));
}

/** Every company's campaigns in a status (the run reconciler looks for EM_ANDAMENTO ones), oldest first. */
/** The campaigns in `status` with their scheduled time (the run reconcile's view). */
export async function listCampaignRunsByStatus(
  pool: pg.Pool,
  status: string,
): Promise<{ id: string; scheduledAt: string | null }[]> {
  const { rows } = await pool.query<{ id: string; scheduledAt: Date | null }>(
    'SELECT id, scheduled_at AS "scheduledAt" FROM campaigns WHERE status = $1 ORDER BY created_at, id',
    [status],
  );
  return rows.map((r) => ({ id: r.id, scheduledAt: r.scheduledAt?.toISOString() ?? null }));
}
