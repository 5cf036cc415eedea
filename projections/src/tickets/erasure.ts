import { ERASED_TEXT, SHREDDED_TEXT } from '@zelo/contracts/contacts/privacy';
import type pg from 'pg';
import { write } from '../write-buffer.ts';

// LGPD (issue 25): what the conversations' rows read as once a contact is erased or a day of the
// company's messages is shredded, the same as a rebuild gives from the events whose keys are gone.
// A message's text is sealed under the contact's key inside the day's: once the contact's is gone it
// reads as erased whether or not its day was shredded, so a shred leaves an erased contact's alone.

/**
 * The contact's messages lose their text, media and sender's name; its tickets' previews follow
 * their newest message (a ticket with no message keeps its empty preview). The search reads these
 * same columns, so nothing of the contact is found by its text afterwards.
 */
export async function eraseContactConversations(
  tx: pg.PoolClient,
  companyId: string,
  contactId: string,
): Promise<string[]> {
  await write(
    tx,
    `UPDATE messages SET body = $3, media_url = NULL,
       sender_name = CASE WHEN from_me THEN sender_name ELSE $3 END
      WHERE company_id = $1 AND contact_id = $2`,
    [companyId, contactId, ERASED_TEXT],
  );
  const tickets = await tx.query<{ id: string }>(
    `UPDATE tickets t SET last_message = coalesce((
        SELECT body FROM messages WHERE ticket_id = t.id ORDER BY created_at DESC, id DESC LIMIT 1), last_message)
      WHERE t.company_id = $1 AND t.contact_id = $2 RETURNING t.id`,
    [companyId, contactId],
  );
  return tickets.rows.map((t) => t.id);
}

/** The contact (by the SQL `column`) was erased: the contacts read model says so. */
export const erasedContact = (column: string) =>
  `EXISTS (SELECT 1 FROM contacts c WHERE c.id = ${column} AND c.erased)`;

/**
 * The first instant kept by a shred `before`: the start of its UTC day, as the day keys go (a message
 * is sealed under the key of its own UTC day, and the days before `before`'s are destroyed).
 */
export const shredCutoff = (param: string) => `date_trunc('day', ${param}::timestamptz, 'UTC')`;

/**
 * Retention: the company's messages of the days before `before` lose their text and media, and the
 * previews of the tickets whose newest message is one of them. The search's index follows the text.
 */
export async function shredCompanyMessages(tx: pg.PoolClient, companyId: string, before: string) {
  await write(
    tx,
    `UPDATE messages m SET body = $3, media_url = NULL
      WHERE m.company_id = $1 AND m.created_at < ${shredCutoff('$2')} AND (m.body <> $3 OR m.media_url IS NOT NULL)
        AND NOT ${erasedContact('m.contact_id')}`,
    [companyId, before, SHREDDED_TEXT],
  );
  await write(
    tx,
    `UPDATE tickets t SET last_message = $3
      WHERE t.company_id = $1 AND t.last_message <> $3 AND NOT ${erasedContact('t.contact_id')} AND (
        SELECT created_at FROM messages WHERE ticket_id = t.id ORDER BY created_at DESC, id DESC LIMIT 1
      ) < ${shredCutoff('$2')}`,
    [companyId, before, SHREDDED_TEXT],
  );
}
