import type { QuickMessagePage, QuickMessageView } from '@zelo/contracts/quick-messages/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

const select = `
  SELECT m.id, m.shortcode, m.message, m.geral, m.status, m.user_id AS "userId",
         m.media_url IS NOT NULL AS "isMedia", m.media_url AS "mediaPath", m.media_name AS "mediaName",
         m.media_url AS "mediaUrl", m.media_type AS "mediaType",
         m.created_at AS "createdAt", m.updated_at AS "updatedAt"
    FROM quick_messages m`;

type QuickMessageRow = Omit<QuickMessageView, 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};

const toView = (r: QuickMessageRow): QuickMessageView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Who reads: an agent sees company-wide messages and their own; an admin manages every one. */
export interface Reader {
  companyId: string;
  userId: string;
  admin: boolean;
}

function visibility(r: Reader, params: unknown[], all: boolean) {
  params.push(r.companyId);
  let where = `m.company_id = $${params.length}`;
  if (!all) {
    params.push(r.userId);
    where += ` AND (m.geral OR m.user_id = $${params.length})`;
  }
  return where;
}

/** The quick messages page: search by shortcode or text, 20 per page. */
export async function searchQuickMessages(
  pool: pg.Pool,
  r: Reader,
  q: { searchParam?: string; pageNumber: number },
  pageSize = 20,
): Promise<QuickMessagePage> {
  const params: unknown[] = [];
  let where = visibility(r, params, r.admin);
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where += ` AND (lower(m.shortcode) LIKE $${params.length} OR lower(m.message) LIKE $${params.length})`;
  }
  params.push(pageSize + 1, (q.pageNumber - 1) * pageSize);
  const { rows } = await pool.query<QuickMessageRow>(
    `${select} WHERE ${where} ORDER BY lower(m.shortcode), m.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { records: rows.slice(0, pageSize).map(toView), hasMore: rows.length > pageSize };
}

/** What the message input's slash autocomplete offers this user: active, company-wide or their own. */
export async function usableQuickMessages(pool: pg.Pool, r: Reader): Promise<QuickMessageView[]> {
  const params: unknown[] = [];
  const where = visibility(r, params, false);
  const { rows } = await pool.query<QuickMessageRow>(
    `${select} WHERE ${where} AND m.status ORDER BY lower(m.shortcode)`,
    params,
  );
  return rows.map(toView);
}

export async function getQuickMessage(
  pool: pg.Pool,
  r: Reader,
  id: string,
): Promise<QuickMessageView | null> {
  const params: unknown[] = [];
  const where = visibility(r, params, r.admin);
  params.push(id);
  const { rows } = await pool.query<QuickMessageRow>(
    `${select} WHERE ${where} AND m.id = $${params.length}`,
    params,
  );
  return rows[0] ? toView(rows[0]) : null;
}
