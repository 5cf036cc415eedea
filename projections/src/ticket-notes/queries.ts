import type { TicketNoteView } from '@zelo/contracts/ticket-notes/read-models';
import type pg from 'pg';

// The author's current name comes from the users read model; a removed user leaves `user` null.
const noteSelect = `
  SELECT n.id, n.note, n.ticket_id AS "ticketId", n.contact_id AS "contactId", n.user_id AS "userId",
    CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS "user",
    n.created_at AS "createdAt"
  FROM ticket_notes n LEFT JOIN users u ON u.id = n.user_id AND u.company_id = n.company_id`;

type NoteRow = Omit<TicketNoteView, 'createdAt'> & { createdAt: Date };
const toView = (r: NoteRow): TicketNoteView => ({ ...r, createdAt: r.createdAt.toISOString() });

/** A ticket's notes about its contact, newest first (the drawer shows the latest on top). */
export async function listTicketNotes(
  pool: pg.Pool,
  companyId: string,
  ticketId: string,
  contactId: string,
): Promise<TicketNoteView[]> {
  const { rows } = await pool.query<NoteRow>(
    `${noteSelect} WHERE n.company_id = $1 AND n.ticket_id = $2 AND n.contact_id = $3
     ORDER BY n.created_at DESC, n.id`,
    [companyId, ticketId, contactId],
  );
  return rows.map(toView);
}

export async function getTicketNote(
  pool: pg.Pool,
  companyId: string,
  noteId: string,
): Promise<TicketNoteView | null> {
  const { rows } = await pool.query<NoteRow>(`${noteSelect} WHERE n.company_id = $1 AND n.id = $2`, [
    companyId,
    noteId,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}
