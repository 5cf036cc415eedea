import { ERASED_TEXT } from '@zelo/contracts/contacts/privacy';
import type pg from 'pg';
import type { Projection } from '../runner.ts';
import { numberDigits, sameNumber } from '../sql.ts';
import { write } from '../write-buffer.ts';

export const contactsMigrations = [
  {
    id: 'projections/contacts-001',
    sql: `
      CREATE TABLE contacts (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, name text NOT NULL, number text NOT NULL, email text NOT NULL,
        is_group boolean NOT NULL, profile_pic_url text NOT NULL, extra_info jsonb NOT NULL,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX contacts_company_name ON contacts (company_id, lower(name));
      CREATE INDEX contacts_company_number ON contacts (company_id, number);`,
  },
  {
    // LGPD (issue 25): campaigns skip opted-out contacts; an erased contact keeps its row (tickets and
    // counts point at it) but no personal data, and the lists leave it out.
    id: 'projections/contacts-002-privacy',
    sql: `
      ALTER TABLE contacts ADD COLUMN opted_out boolean NOT NULL DEFAULT false,
        ADD COLUMN erased boolean NOT NULL DEFAULT false;`,
  },
  {
    // The drawer says since when a contact has opted out.
    id: 'projections/contacts-003-opted-out-at',
    sql: 'ALTER TABLE contacts ADD COLUMN opted_out_at timestamptz;',
  },
];

export const contactsProjection: Projection = {
  name: 'contacts',
  tables: ['contacts'],
  async handle(tx, e) {
    const change = (d: { companyId: string; contactId: string }, action: 'create' | 'update' | 'delete') => [
      { companyId: d.companyId, kind: 'contact' as const, action, id: d.contactId },
    ];
    switch (e.type) {
      case 'ContactCreated':
      case 'ContactUpdated':
        await write(
          tx,
          `INSERT INTO contacts VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$9)
           ON CONFLICT (id) DO UPDATE SET name=$3, number=$4, email=$5, is_group=$6, profile_pic_url=$7, extra_info=$8, updated_at=$9`,
          [
            e.data.contactId,
            e.data.companyId,
            e.data.name,
            e.data.number,
            e.data.email,
            e.data.isGroup,
            e.data.profilePicUrl,
            JSON.stringify(e.data.extraInfo),
            e.metadata.at,
          ],
        );
        return change(e.data, e.type === 'ContactCreated' ? 'create' : 'update');
      case 'ContactDeleted':
        await write(tx, 'DELETE FROM contacts WHERE id=$1', [e.data.contactId]);
        return change(e.data, 'delete');
      case 'ContactOptedOut':
      case 'ContactOptedIn':
        await write(tx, 'UPDATE contacts SET opted_out=$2, opted_out_at=$3, updated_at=$4 WHERE id=$1', [
          e.data.contactId,
          e.type === 'ContactOptedOut',
          e.type === 'ContactOptedOut' ? e.data.optedOutAt : null,
          e.metadata.at,
        ]);
        return change(e.data, 'update');
      case 'ContactErased':
        await eraseContact(tx, e.data.companyId, e.data.contactId);
        return change(e.data, 'delete');
    }
  },
};

/**
 * LGPD erasure: the row stays (tickets and counts point at it) with nothing personal left, as a
 * rebuild reads it back from events whose key is destroyed. The company's contact-list items and
 * campaign recipients with the contact's number are erased with it (the erasure destroyed their keys
 * too), so the number is read before it is blanked; a rebuild finds it blank already and those rows
 * redacted by their own events. Their tables are other projections', named here because only this
 * row still knows the number.
 */
async function eraseContact(tx: pg.PoolClient, companyId: string, contactId: string) {
  // As their own redacted events rebuild them: times and the WhatsApp check kept, the number checked gone.
  await write(
    tx,
    `UPDATE contact_list_items i SET name=$3, number='', email='',
       validated_number = CASE WHEN i.validated_number IS NULL THEN NULL ELSE '' END
       FROM contacts c WHERE c.id=$2 AND c.company_id=$1 AND ${numberDigits('c.number')} <> ''
        AND i.company_id=$1 AND ${sameNumber('i', numberDigits('c.number'))}`,
    [companyId, contactId, ERASED_TEXT],
  );
  // A campaign's recipients with the number, as their redacted CampaignStarted items rebuild them.
  await write(
    tx,
    `UPDATE campaign_shipments s SET name=$3, number=''
       FROM contacts c WHERE c.id=$2 AND c.company_id=$1 AND ${numberDigits('c.number')} <> ''
        AND s.company_id=$1 AND ${numberDigits('s.number')} = ${numberDigits('c.number')}`,
    [companyId, contactId, ERASED_TEXT],
  );
  await write(
    tx,
    `UPDATE contacts SET name=$2, number='', email='', profile_pic_url='', extra_info='[]', erased=true
      WHERE id=$1`,
    [contactId, ERASED_TEXT],
  );
}
