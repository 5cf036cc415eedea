import type { ContactListItem, ContactPage, ContactView } from '@zelo/contracts/contacts/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

const contactSelect = `SELECT id, name, number, email, is_group AS "isGroup", profile_pic_url AS "profilePicUrl",
  extra_info AS "extraInfo", opted_out AS "optedOut", opted_out_at AS "optedOutAt", created_at AS "createdAt", updated_at AS "updatedAt" FROM contacts`;

type ContactRow = Omit<ContactView, 'createdAt' | 'updatedAt' | 'optedOutAt'> & {
  createdAt: Date;
  updatedAt: Date;
  optedOutAt: Date | null;
};
const toView = (r: ContactRow): ContactView => ({
  ...r,
  optedOutAt: r.optedOutAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

// An erased contact (LGPD) keeps its row for its tickets and counts, but is no longer one of the
// company's contacts: every query here leaves it out (GET /contacts/:id answers 404).

/** Days of creation, inclusive, in `timeZone` (yyyy-MM-dd); either end may be open. */
export interface CreatedBetween {
  from?: string;
  to?: string;
  timeZone: string;
}

export async function listContacts(
  pool: pg.Pool,
  companyId: string,
  searchParam: string,
  pageNumber: number,
  pageSize = 20,
  created?: CreatedBetween,
): Promise<ContactPage> {
  const like = containsPattern(searchParam);
  const where = `company_id = $1 AND NOT erased AND (lower(name) LIKE $2 OR number LIKE $2 OR lower(email) LIKE $2)
    AND ($3::date IS NULL OR (created_at AT TIME ZONE $5)::date >= $3::date)
    AND ($4::date IS NULL OR (created_at AT TIME ZONE $5)::date <= $4::date)`;
  const filter = [companyId, like, created?.from ?? null, created?.to ?? null, created?.timeZone ?? 'UTC'];
  const { rows } = await pool.query<ContactRow>(
    `${contactSelect} WHERE ${where} ORDER BY name, id LIMIT $6 OFFSET $7`,
    [...filter, pageSize + 1, (pageNumber - 1) * pageSize],
  );
  const count = await pool.query(`SELECT count(*)::int AS n FROM contacts WHERE ${where}`, filter);
  return {
    contacts: rows.slice(0, pageSize).map(toView),
    count: count.rows[0].n as number,
    hasMore: rows.length > pageSize,
  };
}

export async function getContact(
  pool: pg.Pool,
  companyId: string,
  contactId: string,
): Promise<ContactView | null> {
  const { rows } = await pool.query<ContactRow>(
    `${contactSelect} WHERE company_id = $1 AND id = $2 AND NOT erased`,
    [companyId, contactId],
  );
  return rows[0] ? toView(rows[0]) : null;
}

/** Every contact of the company by name, for pickers (the new-ticket and schedule dialogs). */
export async function listAllContacts(
  pool: pg.Pool,
  companyId: string,
  searchParam = '',
): Promise<ContactListItem[]> {
  const { rows } = await pool.query<ContactListItem>(
    `SELECT id, name, number, email, profile_pic_url AS "profilePicUrl", is_group AS "isGroup" FROM contacts
     WHERE company_id = $1 AND NOT erased AND (lower(name) LIKE $2 OR number LIKE $2 OR lower(email) LIKE $2)
     ORDER BY name, id`,
    [companyId, containsPattern(searchParam)],
  );
  return rows;
}

export async function getContactsByIds(
  pool: pg.Pool,
  companyId: string,
  ids: string[],
): Promise<ContactView[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<ContactRow>(
    `${contactSelect} WHERE company_id = $1 AND id = ANY($2::uuid[]) AND NOT erased`,
    [companyId, ids],
  );
  return rows.map(toView);
}
