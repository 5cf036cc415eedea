import type { TagPage, TagView } from '@zelo/contracts/tags/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

// The count leaves out deleted tickets, whose rows the tickets projection removed.
const tagSelect = `
  SELECT g.id, g.name, g.color, g.kanban, g.user_id AS "userId",
         (SELECT count(*)::int FROM ticket_tags tt JOIN tickets t ON t.id = tt.ticket_id WHERE tt.tag_id = g.id)
           AS "ticketsCount",
         g.created_at AS "createdAt", g.updated_at AS "updatedAt"
    FROM tags g`;

type TagRow = Omit<TagView, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toView = (r: TagRow): TagView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The tags page: search by name, 20 per page, alphabetical. */
export async function searchTags(
  pool: pg.Pool,
  companyId: string,
  q: { searchParam?: string; pageNumber: number },
  pageSize = 20,
): Promise<TagPage> {
  const params: unknown[] = [companyId];
  let where = 'g.company_id = $1';
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where += ` AND lower(g.name) LIKE $${params.length}`;
  }
  params.push(pageSize + 1, (q.pageNumber - 1) * pageSize);
  const { rows } = await pool.query<TagRow>(
    `${tagSelect} WHERE ${where} ORDER BY lower(g.name), g.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { tags: rows.slice(0, pageSize).map(toView), hasMore: rows.length > pageSize };
}

/** Every tag of the company (the picker and the search tab's tag filter). */
export async function listAllTags(pool: pg.Pool, companyId: string, onlyKanban = false): Promise<TagView[]> {
  const { rows } = await pool.query<TagRow>(
    `${tagSelect} WHERE g.company_id = $1 ${onlyKanban ? 'AND g.kanban' : ''} ORDER BY lower(g.name), g.id`,
    [companyId],
  );
  return rows.map(toView);
}

export async function getTag(pool: pg.Pool, companyId: string, tagId: string): Promise<TagView | null> {
  const { rows } = await pool.query<TagRow>(`${tagSelect} WHERE g.company_id = $1 AND g.id = $2`, [
    companyId,
    tagId,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}

/**
 * The campaign runtime's audience of a tag (tags go on tickets): the company's contacts with a ticket
 * carrying it, groups and erased contacts (LGPD: no number left) left out, each once, in the order
 * they became contacts.
 */
export async function listTaggedContacts(
  pool: pg.Pool,
  companyId: string,
  tagId: string,
): Promise<{ number: string; name: string; email: string }[]> {
  const { rows } = await pool.query(
    `SELECT c.number, c.name, c.email FROM contacts c
      WHERE c.company_id = $1 AND NOT c.is_group AND NOT c.erased
        AND EXISTS (SELECT 1 FROM ticket_tags tt JOIN tickets t ON t.id = tt.ticket_id
                     WHERE tt.tag_id = $2 AND tt.company_id = $1 AND t.contact_id = c.id)
      ORDER BY c.created_at, c.id`,
    [companyId, tagId],
  );
  return rows;
}
