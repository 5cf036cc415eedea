import { numberDigits, sameNumber } from '@zelo/projections/sql';
import { loadContact } from '../contacts/handlers.ts';
import type { Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { personalSubject } from './subjects.ts';

const digits = (s: string) => s.replace(/\D/g, '');

/** Ids and stored paths only: they go into the erasure workflow's history. */
export interface ContactBelongings {
  subjects: string[];
  mediaUrls: string[];
}

/**
 * What a contact's erasure must make unreadable and remove: the contact's key, its tickets' keys, the
 * company's contact-list items and campaign recipients with its number, and the stored files of its
 * messages, schedules and picture. Read before the keys go: the number is readable only until then.
 * Answers ids and paths only (they go into the workflow's history); nothing for another company's id.
 */
export async function contactBelongings(
  deps: Deps,
  pool: Pool,
  companyId: string,
  contactId: string,
): Promise<ContactBelongings> {
  const contact = await loadContact(deps, contactId);
  if (contact.kind === 'none' || contact.companyId !== companyId) return { subjects: [], mediaUrls: [] };
  const number = digits(contact.number);
  const [tickets, items, recipients, media] = await Promise.all([
    pool.query<{ id: string }>('SELECT id FROM tickets WHERE company_id = $1 AND contact_id = $2', [
      companyId,
      contactId,
    ]),
    // A list item is the same person when its number (or the number WhatsApp validated) is the contact's.
    number
      ? pool.query<{ id: string }>(
          `SELECT i.id FROM contact_list_items i WHERE i.company_id = $1 AND ${sameNumber('i', '$2')}`,
          [companyId, number],
        )
      : { rows: [] },
    number
      ? pool.query<{ campaign_id: string; idx: number }>(
          `SELECT campaign_id, idx FROM campaign_shipments
            WHERE company_id = $1 AND ${numberDigits('number')} = $2`,
          [companyId, number],
        )
      : { rows: [] },
    pool.query<{ url: string }>(
      `SELECT media_url AS url FROM messages WHERE company_id = $1 AND contact_id = $2 AND media_url LIKE '/public/%'
       UNION SELECT media_path FROM schedules WHERE company_id = $1 AND contact_id = $2 AND media_path LIKE '/public/%'
       UNION SELECT profile_pic_url FROM contacts WHERE company_id = $1 AND id = $2 AND profile_pic_url LIKE '/public/%'`,
      [companyId, contactId],
    ),
  ]);
  return {
    subjects: [
      personalSubject.contact(contactId),
      ...tickets.rows.map((t) => personalSubject.ticket(t.id)),
      ...items.rows.map((i) => personalSubject.listItem(i.id)),
      ...recipients.rows.map((r) => personalSubject.recipient(r.campaign_id, r.idx)),
    ],
    mediaUrls: media.rows.map((m) => m.url).sort(),
  };
}
