import type { FileListPage, FileListView } from '@zelo/contracts/file-lists/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

const select = `
  SELECT f.id, f.name, f.message, f.user_id AS "userId",
         COALESCE((SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'path', o.path,
                     'file', o.original_name, 'mediaType', o.media_type) ORDER BY o.position)
                     FROM file_list_options o WHERE o.file_list_id = f.id), '[]'::json) AS options,
         f.created_at AS "createdAt", f.updated_at AS "updatedAt"
    FROM file_lists f`;

type FileListRow = Omit<FileListView, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toView = (r: FileListRow): FileListView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The file lists page: search by name, 20 per page, by name. */
export async function searchFileLists(
  pool: pg.Pool,
  companyId: string,
  q: { searchParam?: string; pageNumber: number },
  pageSize = 20,
): Promise<FileListPage> {
  const params: unknown[] = [companyId];
  let where = 'f.company_id = $1';
  if (q.searchParam) {
    params.push(containsPattern(q.searchParam));
    where += ` AND lower(f.name) LIKE $${params.length}`;
  }
  params.push(pageSize + 1, (q.pageNumber - 1) * pageSize);
  const { rows } = await pool.query<FileListRow>(
    `${select} WHERE ${where} ORDER BY lower(f.name), f.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { files: rows.slice(0, pageSize).map(toView), hasMore: rows.length > pageSize };
}

export async function getFileList(
  pool: pg.Pool,
  companyId: string,
  id: string,
): Promise<FileListView | null> {
  const { rows } = await pool.query<FileListRow>(`${select} WHERE f.company_id = $1 AND f.id = $2`, [
    companyId,
    id,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}

/** What a campaign sends of a file list: one message per file. */
export interface FileListForSending {
  id: string;
  name: string;
  message: string;
  /**
   * The options that have a file, in their order. `path` and `url` are both the stored file's
   * `/public/<companyId>/...` URL, which an outbound message takes as its mediaUrl (as a quick answer's
   * attachment is sent, messaging/send-stored-media.ts); `mediaType` is the message's mediaType.
   */
  files: { name: string; path: string; mediaType: string; url: string }[];
}

/** The campaign runtime's read of a file list of `companyId`; null when it is not there (or deleted). */
export async function getFileListForSending(
  pool: pg.Pool,
  companyId: string,
  fileListId: string,
): Promise<FileListForSending | null> {
  const list = await getFileList(pool, companyId, fileListId);
  if (!list) return null;
  const files = list.options.flatMap((o) =>
    o.path && o.mediaType ? [{ name: o.name, path: o.path, mediaType: o.mediaType, url: o.path }] : [],
  );
  return { id: list.id, name: list.name, message: list.message, files };
}
