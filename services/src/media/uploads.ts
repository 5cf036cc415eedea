import type { Pool } from '../platform/db.ts';
import type { Migration } from '../platform/migrate.ts';

// Every file the media storage writes is recorded here first: the sweep (sweep.ts) only ever removes
// files of this list, so files this database never stored (another database's sharing the folder, a
// test's, an operator's) are never touched.
export const mediaUploadsMigrations: Migration[] = [
  {
    id: 'media/001-uploads',
    sql: 'CREATE TABLE media_uploads (url text PRIMARY KEY, saved_at timestamptz NOT NULL DEFAULT now());',
  },
];

export interface UploadLedger {
  /** Notes a stored file's URL, before its bytes are written (a failed write leaves it to sweep). */
  record(url: string): Promise<void>;
}

export const uploadLedger = (pool: Pool): UploadLedger => ({
  async record(url) {
    await pool.query('INSERT INTO media_uploads (url) VALUES ($1) ON CONFLICT DO NOTHING', [url]);
  },
});
