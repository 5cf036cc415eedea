import { rm } from 'node:fs/promises';
import { storedPath } from '../media/storage.ts';
import { UPLOAD_REFERENCES } from '../media/sweep.ts';
import type { Pool } from '../platform/db.ts';

// The stored files of erased or shredded messages leave the media folder. A file is removed only when
// it is the company's (`/public/<companyId>/...`, resolved under the folder, never outside it) and no
// record other than the ones being erased still names it: a campaign's attachment sent to the contact,
// a quick message's or another customer's copy stays.

/** Whose rows are going: the contact's, or the company's messages of days before `before`. */
export type Going = { contactId: string } | { before: string };

const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;

/**
 * The rows of `table` that still refer to a file once `going` is gone ($2 is its id or instant); null
 * when the table holds no reference that counts (the simulator's phones keep their own copies).
 */
function stillReferring(table: string, going: Going): string | null {
  if (table === 'sim_messages') return null;
  if ('contactId' in going) {
    if (table === 'messages' || table === 'outbound_queue' || table === 'schedules')
      return 'r.contact_id <> $2::uuid';
    if (table === 'contacts') return 'r.id <> $2::uuid';
    return 'true';
  }
  if (table === 'messages') return 'r.created_at >= $2::timestamptz';
  return 'true';
}

/** Of `urls`, those no remaining record names. */
async function unreferenced(pool: Pool, urls: string[], going: Going): Promise<string[]> {
  const { rows: present } = await pool.query<{ table: string }>(
    'SELECT t AS table FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NOT NULL',
    [[...new Set(UPLOAD_REFERENCES.map((r) => r.table))]],
  );
  const tables = new Set(present.map((r) => r.table));
  const conditions = UPLOAD_REFERENCES.flatMap(({ table, column, json }) => {
    const keep = tables.has(table) ? stillReferring(table, going) : null;
    if (!keep) return [];
    return json
      ? [
          `NOT EXISTS (SELECT 1 FROM ${ident(table)} r,
             jsonb_path_query(r.${ident(column)}, 'strict $.** ? (@.type() == "string" && @ starts with "/public/")') AS s
             WHERE s #>> '{}' = u.url AND ${keep})`,
        ]
      : [`NOT EXISTS (SELECT 1 FROM ${ident(table)} r WHERE r.${ident(column)} = u.url AND ${keep})`];
  });
  const param = 'contactId' in going ? going.contactId : going.before;
  const { rows } = await pool.query<{ url: string }>(
    `SELECT u.url FROM unnest($1::text[]) AS u(url) WHERE ${conditions.join(' AND ') || 'true'} AND $2::text IS NOT NULL`,
    [urls, param],
  );
  return rows.map((r) => r.url);
}

/**
 * Removes the company's stored files among `urls` that nothing but the going rows names; a file
 * already gone is no error (a retried activity). Answers the URLs whose files are gone.
 */
export async function deleteStoredMedia(
  pool: Pool,
  root: string,
  companyId: string,
  urls: string[],
  going: Going,
): Promise<string[]> {
  const own = [...new Set(urls)].filter((u) => u.startsWith(`/public/${companyId}/`));
  if (own.length === 0) return [];
  const removable = await unreferenced(pool, own, going);
  for (const url of removable) {
    const path = storedPath(root, url);
    if (path) await rm(path, { force: true });
  }
  // After the files: a removal cut short finds its rows again, and no file.
  await pool.query('DELETE FROM media_uploads WHERE url = ANY($1::text[])', [removable]);
  return removable;
}

/** The stored files of the company's messages created before `before`. */
export async function mediaOfMessagesBefore(
  pool: Pool,
  companyId: string,
  before: string,
): Promise<string[]> {
  const { rows } = await pool.query<{ url: string }>(
    `SELECT DISTINCT media_url AS url FROM messages
      WHERE company_id = $1 AND created_at < $2 AND media_url LIKE '/public/%'`,
    [companyId, before],
  );
  return rows.map((r) => r.url);
}
