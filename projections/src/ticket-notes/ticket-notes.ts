import { ERASED_TEXT } from '@zelo/contracts/contacts/privacy';
import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const ticketNotesMigrations = [
  {
    id: 'projections/ticket-notes-001',
    sql: `
      CREATE TABLE ticket_notes (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, ticket_id uuid NOT NULL, contact_id uuid NOT NULL,
        user_id uuid NOT NULL, note text NOT NULL, created_at timestamptz NOT NULL
      );
      CREATE INDEX ticket_notes_company_ticket ON ticket_notes (company_id, ticket_id, contact_id, created_at);`,
  },
];

/**
 * Notes are read when the drawer opens and after the drawer's own writes (which wait for this
 * projection), so they push nothing to sockets.
 */
export const ticketNotesProjection: Projection = {
  name: 'ticket-notes',
  tables: ['ticket_notes'],
  async handle(tx, e) {
    if (e.type === 'TicketNoteAdded') {
      await write(tx, 'INSERT INTO ticket_notes VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT (id) DO NOTHING', [
        e.data.noteId,
        e.data.companyId,
        e.data.ticketId,
        e.data.contactId,
        e.data.userId,
        e.data.note,
        e.metadata.at,
      ]);
    } else if (e.type === 'TicketNoteDeleted') {
      await write(tx, 'DELETE FROM ticket_notes WHERE id = $1', [e.data.noteId]);
    } else if (e.type === 'ContactErased') {
      // LGPD: as a rebuild reads them once the contact's key is gone.
      await write(tx, 'UPDATE ticket_notes SET note = $3 WHERE company_id = $1 AND contact_id = $2', [
        e.data.companyId,
        e.data.contactId,
        ERASED_TEXT,
      ]);
    }
  },
};
