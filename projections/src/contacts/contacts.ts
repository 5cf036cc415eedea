import type { Projection } from '../runner.ts';
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
    }
  },
};
