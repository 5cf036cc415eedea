import type { AnnouncementPage, AnnouncementView } from '@zelo/contracts/announcements/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

const select = `
  SELECT id, title, text, priority, status, media_path AS "mediaPath", media_name AS "mediaName",
         created_at AS "createdAt", updated_at AS "updatedAt"
    FROM announcements`;

type AnnouncementRow = Omit<AnnouncementView, 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};

const toView = (r: AnnouncementRow): AnnouncementView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Who reads: super users see every announcement, everyone else only the active ones. */
export interface AnnouncementReader {
  super: boolean;
}

/** GET /announcements/: newest first, searched by title or text, 20 per page. */
export async function searchAnnouncements(
  pool: pg.Pool,
  reader: AnnouncementReader,
  q: { searchParam?: string; pageNumber: number },
  pageSize = 20,
): Promise<AnnouncementPage> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (!reader.super) where.push('status');
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where.push(`(lower(title) LIKE $${params.length} OR lower(text) LIKE $${params.length})`);
  }
  params.push(pageSize + 1, (q.pageNumber - 1) * pageSize);
  const { rows } = await pool.query<AnnouncementRow>(
    `${select} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { records: rows.slice(0, pageSize).map(toView), hasMore: rows.length > pageSize };
}

export async function getAnnouncement(
  pool: pg.Pool,
  reader: AnnouncementReader,
  id: string,
): Promise<AnnouncementView | null> {
  const { rows } = await pool.query<AnnouncementRow>(
    `${select} WHERE id = $1 ${reader.super ? '' : 'AND status'}`,
    [id],
  );
  return rows[0] ? toView(rows[0]) : null;
}

/** The rows a notification's changes name, whatever their status (the socket gateway decides who hears). */
export async function getAnnouncementsByIds(pool: pg.Pool, ids: string[]): Promise<AnnouncementView[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<AnnouncementRow>(`${select} WHERE id = ANY($1::uuid[])`, [ids]);
  return rows.map(toView);
}
