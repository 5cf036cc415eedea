import type { ContactExportStatus, ContactExportView } from '@zelo/contracts/contacts/privacy';
import type pg from 'pg';
import { CHANGES_CHANNEL, type Change } from '../runner.ts';

const exportSelect = `
  SELECT id, contact_id AS "contactId", status, progress, requested_at AS "requestedAt", ready_at AS "readyAt",
         expires_at AS "expiresAt", bytes, user_id AS "userId", company_id AS "companyId"
    FROM contact_exports`;

interface ExportRow {
  id: string;
  contactId: string;
  status: ContactExportStatus;
  progress: number;
  requestedAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  bytes: string | null;
  userId: string;
  companyId: string;
}

/** An export as its requester sees it, with whose it is (the socket addresses its frame by it). */
export type OwnedContactExport = ContactExportView & { userId: string; companyId: string };

const toView = (r: ExportRow): OwnedContactExport => ({
  id: r.id,
  contactId: r.contactId,
  status: r.status,
  progress: r.status === 'pending' || r.status === 'failed' ? r.progress : 100,
  requestedAt: r.requestedAt.toISOString(),
  readyAt: r.readyAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  bytes: r.bytes === null ? null : Number(r.bytes),
  userId: r.userId,
  companyId: r.companyId,
});

/** One export of the company, only for the user who asked for it (anyone else: null). */
export async function getContactExport(
  pool: pg.Pool,
  companyId: string,
  userId: string,
  exportId: string,
): Promise<ContactExportView | null> {
  const { rows } = await pool.query<ExportRow>(
    `${exportSelect} WHERE company_id = $1 AND user_id = $2 AND id = $3`,
    [companyId, userId, exportId],
  );
  if (!rows[0]) return null;
  const { userId: _, companyId: __, ...view } = toView(rows[0]);
  return view;
}

export async function getContactExportsByIds(pool: pg.Pool, ids: string[]): Promise<OwnedContactExport[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<ExportRow>(`${exportSelect} WHERE id = ANY($1::uuid[])`, [ids]);
  return rows.map(toView);
}

/** A contact's exports still pending or downloadable (its erasure expires them). */
export async function openContactExports(
  pool: pg.Pool,
  companyId: string,
  contactId: string,
): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM contact_exports WHERE company_id = $1 AND contact_id = $2 AND status IN ('pending','ready')`,
    [companyId, contactId],
  );
  return rows.map((r) => r.id);
}

/**
 * The archive's builder reports how far it got: kept on the row (a pending export's GET shows it) and
 * pushed to the requester's sockets through the change feed, like a projection's change. Only ever up.
 */
export async function recordContactExportProgress(
  pool: pg.Pool,
  companyId: string,
  exportId: string,
  progress: number,
): Promise<void> {
  const p = Math.max(0, Math.min(99, Math.round(progress)));
  const { rowCount } = await pool.query(
    `UPDATE contact_exports SET progress = $3 WHERE company_id = $1 AND id = $2 AND status = 'pending' AND progress < $3`,
    [companyId, exportId, p],
  );
  if (!rowCount) return;
  const change: Change = { companyId, kind: 'contactExport', action: 'update', id: exportId };
  await pool.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify([change])]);
}

/** What an export gathers: the contact's tickets, oldest first, and each one's messages in order. */
export async function contactTicketIds(
  pool: pg.Pool,
  companyId: string,
  contactId: string,
): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT id FROM tickets WHERE company_id = $1 AND contact_id = $2 ORDER BY created_at, id',
    [companyId, contactId],
  );
  return rows.map((r) => r.id);
}

export async function ticketMessageIds(
  pool: pg.Pool,
  companyId: string,
  ticketId: string,
): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT id FROM messages WHERE company_id = $1 AND ticket_id = $2 ORDER BY created_at, id',
    [companyId, ticketId],
  );
  return rows.map((r) => r.id);
}
