import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const fileListsMigrations = [
  {
    id: 'projections/file-lists-001',
    sql: `
      CREATE TABLE file_lists (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, user_id uuid NOT NULL, name text NOT NULL,
        message text NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX file_lists_company ON file_lists (company_id, lower(name));
      CREATE TABLE file_list_options (
        id uuid PRIMARY KEY, file_list_id uuid NOT NULL, company_id uuid NOT NULL, position int NOT NULL,
        name text NOT NULL, path text, original_name text, media_type text
      );
      CREATE INDEX file_list_options_list ON file_list_options (file_list_id, position);`,
  },
];

/** File lists (doc 2 §2.11) and their options in order, each with its uploaded file once there is one. */
export const fileListsProjection: Projection = {
  name: 'file-lists',
  tables: ['file_lists', 'file_list_options'],
  async handle(tx, e) {
    const change = (d: { companyId: string; fileListId: string }, action: 'create' | 'update' | 'delete') => [
      { companyId: d.companyId, kind: 'file' as const, action, id: d.fileListId },
    ];
    switch (e.type) {
      case 'FileListCreated':
      case 'FileListUpdated': {
        const d = e.data;
        if (e.type === 'FileListCreated') {
          await write(
            tx,
            `INSERT INTO file_lists VALUES ($1,$2,$3,$4,$5,$6,$6)
             ON CONFLICT (id) DO UPDATE SET name=$4, message=$5, updated_at=$6`,
            [d.fileListId, d.companyId, e.data.userId, d.name, d.message, e.metadata.at],
          );
        } else {
          await write(tx, 'UPDATE file_lists SET name=$2, message=$3, updated_at=$4 WHERE id=$1', [
            d.fileListId,
            d.name,
            d.message,
            e.metadata.at,
          ]);
        }
        const ids = d.options.map((o) => o.optionId);
        // Options left out are removed, with their files; the others keep theirs.
        await write(
          tx,
          'DELETE FROM file_list_options WHERE file_list_id = $1 AND NOT (id = ANY($2::uuid[]))',
          [d.fileListId, ids],
        );
        await write(
          tx,
          `INSERT INTO file_list_options (id, file_list_id, company_id, position, name)
           SELECT o.id, $1, $2, o.position, o.name
             FROM unnest($3::uuid[], $4::text[]) WITH ORDINALITY AS o(id, name, position)
           ON CONFLICT (id) DO UPDATE SET position = EXCLUDED.position, name = EXCLUDED.name`,
          [d.fileListId, d.companyId, ids, d.options.map((o) => o.name)],
        );
        return change(d, e.type === 'FileListCreated' ? 'create' : 'update');
      }
      case 'FileListDeleted':
        await write(tx, 'DELETE FROM file_list_options WHERE file_list_id = $1', [e.data.fileListId]);
        await write(tx, 'DELETE FROM file_lists WHERE id = $1', [e.data.fileListId]);
        return change(e.data, 'delete');
      case 'FileListOptionFileUploaded': {
        const d = e.data;
        await write(
          tx,
          `UPDATE file_list_options SET path=$3, original_name=$4, media_type=$5
            WHERE id=$2 AND file_list_id=$1`,
          [d.fileListId, d.optionId, d.path, d.originalName, d.mediaType],
        );
        await write(tx, 'UPDATE file_lists SET updated_at=$2 WHERE id=$1', [d.fileListId, e.metadata.at]);
        return change(d, 'update');
      }
    }
  },
};
