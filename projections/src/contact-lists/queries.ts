import type {
  ContactListItemPage,
  ContactListItemView,
  ContactListPage,
  ContactListView,
} from '@zelo/contracts/contact-lists/read-models';
import type pg from 'pg';
import { containsPattern, numberDigits } from '../sql.ts';

const PAGE_SIZE = 20;

const listSelect = `
  SELECT l.id, l.name, l.company_id AS "companyId",
         (SELECT count(*)::int FROM contact_list_items i WHERE i.contact_list_id = l.id) AS "contactsCount",
         l.created_at AS "createdAt", l.updated_at AS "updatedAt"
    FROM contact_lists l`;

// Opted out: a contact of the company with the item's number asked for no campaign (LGPD, issue 25),
// looked up per item shown through contacts (company_id, number), so a later opt-out shows at once.
const itemSelect = `
  SELECT i.id, i.name, i.number, i.email, i.is_whatsapp_valid AS "isWhatsappValid",
         EXISTS (SELECT 1 FROM contacts c WHERE c.company_id = i.company_id
                    AND c.number = ${numberDigits('i.number')} AND c.opted_out AND NOT c.erased) AS "optedOut",
         i.company_id AS "companyId", i.contact_list_id AS "contactListId",
         i.created_at AS "createdAt", i.updated_at AS "updatedAt"
    FROM contact_list_items i`;

type Timed<T> = Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const timed = <T extends { createdAt: string; updatedAt: string }>(r: Timed<T>): T =>
  ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }) as unknown as T;

/** The contact lists page: search by name, 20 per page, with the count of every match. */
export async function searchContactLists(
  pool: pg.Pool,
  companyId: string,
  q: { searchParam?: string; pageNumber: number },
  pageSize = PAGE_SIZE,
): Promise<ContactListPage> {
  const params: unknown[] = [companyId];
  let where = 'l.company_id = $1';
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where += ` AND lower(l.name) LIKE $${params.length}`;
  }
  const count = await pool.query(`SELECT count(*)::int AS n FROM contact_lists l WHERE ${where}`, params);
  params.push(pageSize, (q.pageNumber - 1) * pageSize);
  const { rows } = await pool.query<Timed<ContactListView>>(
    `${listSelect} WHERE ${where} ORDER BY lower(l.name), l.id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const total: number = count.rows[0].n;
  return {
    records: rows.map(timed<ContactListView>),
    count: total,
    hasMore: (q.pageNumber - 1) * pageSize + rows.length < total,
  };
}

/** Every list of the company, by name (the campaign dialog's select). */
export async function allContactLists(pool: pg.Pool, companyId: string): Promise<ContactListView[]> {
  const { rows } = await pool.query<Timed<ContactListView>>(
    `${listSelect} WHERE l.company_id = $1 ORDER BY lower(l.name), l.id`,
    [companyId],
  );
  return rows.map(timed<ContactListView>);
}

export async function getContactList(
  pool: pg.Pool,
  companyId: string,
  id: string,
): Promise<ContactListView | null> {
  const { rows } = await pool.query<Timed<ContactListView>>(
    `${listSelect} WHERE l.company_id = $1 AND l.id = $2`,
    [companyId, id],
  );
  return rows[0] ? timed<ContactListView>(rows[0]) : null;
}

/** One list's items: search by name, number or e-mail, 20 per page by name. */
export async function searchContactListItems(
  pool: pg.Pool,
  companyId: string,
  q: { contactListId: string; searchParam?: string; pageNumber: number },
  pageSize = PAGE_SIZE,
): Promise<ContactListItemPage> {
  const params: unknown[] = [companyId, q.contactListId];
  let where = 'i.company_id = $1 AND i.contact_list_id = $2';
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    const p = `$${params.length}`;
    where += ` AND (lower(i.name) LIKE ${p} OR i.number LIKE ${p} OR lower(i.email) LIKE ${p})`;
  }
  const count = await pool.query(
    `SELECT count(*)::int AS n FROM contact_list_items i WHERE ${where}`,
    params,
  );
  params.push(pageSize, (q.pageNumber - 1) * pageSize);
  const { rows } = await pool.query<Timed<ContactListItemView>>(
    `${itemSelect} WHERE ${where} ORDER BY lower(i.name), i.id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const total: number = count.rows[0].n;
  return {
    contacts: rows.map(timed<ContactListItemView>),
    count: total,
    hasMore: (q.pageNumber - 1) * pageSize + rows.length < total,
  };
}

export async function getContactListItem(
  pool: pg.Pool,
  companyId: string,
  id: string,
): Promise<ContactListItemView | null> {
  const { rows } = await pool.query<Timed<ContactListItemView>>(
    `${itemSelect} WHERE i.company_id = $1 AND i.id = $2`,
    [companyId, id],
  );
  return rows[0] ? timed<ContactListItemView>(rows[0]) : null;
}

/** Items by id, in the order asked (an import's answer, in row order). */
export async function getContactListItemsByIds(
  pool: pg.Pool,
  companyId: string,
  ids: string[],
): Promise<ContactListItemView[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<Timed<ContactListItemView>>(
    `${itemSelect} WHERE i.company_id = $1 AND i.id = ANY($2::uuid[])`,
    [companyId, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, timed<ContactListItemView>(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The company's items WhatsApp has not been asked about yet, by list (the validation's retry). */
/** The companies with items whose number WhatsApp was not asked about yet (a partial index holds them). */
export async function companiesWithUncheckedItems(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query(
    'SELECT DISTINCT company_id AS "companyId" FROM contact_list_items WHERE is_whatsapp_valid IS NULL',
  );
  return rows.map((r) => r.companyId);
}

export async function uncheckedContactListItems(
  pool: pg.Pool,
  companyId: string,
): Promise<{ contactListId: string; itemId: string; number: string }[]> {
  const { rows } = await pool.query(
    `SELECT contact_list_id AS "contactListId", id AS "itemId", number FROM contact_list_items
      WHERE company_id = $1 AND is_whatsapp_valid IS NULL ORDER BY contact_list_id, created_at, seq`,
    [companyId],
  );
  return rows;
}

/**
 * The campaign runtime's audience of a list: the items whose number WhatsApp knows, in the order they
 * were added (then id); an erased one (LGPD: its number blanked) is nobody's. Another company's
 * list, or none, has no recipients.
 */
export async function listValidRecipients(
  pool: pg.Pool,
  companyId: string,
  contactListId: string,
): Promise<{ number: string; name: string; email: string }[]> {
  const { rows } = await pool.query(
    `SELECT number, name, email FROM contact_list_items
      WHERE company_id = $1 AND contact_list_id = $2 AND is_whatsapp_valid AND number <> ''
      ORDER BY created_at, seq, id`,
    [companyId, contactListId],
  );
  return rows;
}
