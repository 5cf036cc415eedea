import type { Change, Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

// LGPD (issue 25): the status of each export of a contact's data, for its requester's page and socket.
// `progress` is written by the export's activity as it builds the archive (exports-progress.ts), not by
// events: a rebuild carries it over (`preserve`), and a finished export reads 100 whatever it holds.

export const contactExportsMigrations = [
  {
    id: 'projections/contact-exports-001',
    sql: `
      CREATE TABLE contact_exports (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, contact_id uuid NOT NULL, user_id uuid NOT NULL,
        status text NOT NULL, progress int NOT NULL DEFAULT 0, requested_at timestamptz NOT NULL,
        ready_at timestamptz, expires_at timestamptz, bytes bigint
      );
      CREATE INDEX contact_exports_contact ON contact_exports (company_id, contact_id);`,
  },
];

export const contactExportsProjection: Projection = {
  name: 'contact-exports',
  tables: ['contact_exports'],
  preserve: [{ table: 'contact_exports', key: ['id'], columns: ['progress'] }],
  async handle(tx, e) {
    const changed = (d: { companyId: string; exportId: string }, action: 'create' | 'update'): Change[] => [
      { companyId: d.companyId, kind: 'contactExport', action, id: d.exportId },
    ];
    switch (e.type) {
      case 'ContactExportRequested':
        await write(
          tx,
          `INSERT INTO contact_exports (id, company_id, contact_id, user_id, status, requested_at)
           VALUES ($1,$2,$3,$4,'pending',$5) ON CONFLICT (id) DO NOTHING`,
          [e.data.exportId, e.data.companyId, e.data.contactId, e.data.userId, e.data.requestedAt],
        );
        return changed(e.data, 'create');
      case 'ContactExportReady':
        await write(
          tx,
          `UPDATE contact_exports SET status='ready', progress=100, ready_at=$2, expires_at=$3, bytes=$4 WHERE id=$1`,
          [e.data.exportId, e.data.readyAt, e.data.expiresAt, e.data.bytes],
        );
        return changed(e.data, 'update');
      case 'ContactExportFailed':
      case 'ContactExportDownloaded':
      case 'ContactExportExpired': {
        const status = {
          ContactExportFailed: 'failed',
          ContactExportDownloaded: 'downloaded',
          ContactExportExpired: 'expired',
        }[e.type];
        await write(tx, 'UPDATE contact_exports SET status=$2 WHERE id=$1', [e.data.exportId, status]);
        return changed(e.data, 'update');
      }
    }
  },
};
