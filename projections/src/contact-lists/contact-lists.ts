import type { Change, Projection, ProjectionEvent } from '../runner.ts';

export const contactListsMigrations = [
  {
    id: 'projections/contact-lists-001',
    sql: `
      CREATE TABLE contact_lists (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, name text NOT NULL,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX contact_lists_company ON contact_lists (company_id, lower(name));
      -- seq: the order items were added in (one import adds many at the same instant).
      CREATE TABLE contact_list_items (
        id uuid PRIMARY KEY, seq bigserial NOT NULL, company_id uuid NOT NULL, contact_list_id uuid NOT NULL,
        name text NOT NULL, number text NOT NULL, email text NOT NULL,
        is_whatsapp_valid boolean, validated_number text,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX contact_list_items_list ON contact_list_items (contact_list_id, lower(name));
      CREATE INDEX contact_list_items_added ON contact_list_items (contact_list_id, created_at, seq);
      CREATE INDEX contact_list_items_unchecked ON contact_list_items (company_id) WHERE is_whatsapp_valid IS NULL;`,
  },
];

type Kind = 'ContactList' | 'ContactListItem';
const change = (companyId: string, kind: Kind, action: Change['action'], id: string): Change => ({
  companyId,
  kind,
  action,
  id,
});

async function apply(tx: Parameters<Projection['handle']>[0], e: ProjectionEvent): Promise<Change[]> {
  const at = e.metadata.at;
  switch (e.type) {
    case 'ContactListCreated':
    case 'ContactListUpdated': {
      const { contactListId, companyId, name } = e.data;
      await tx.query(
        `INSERT INTO contact_lists VALUES ($1,$2,$3,$4,$4)
         ON CONFLICT (id) DO UPDATE SET name=$3, updated_at=$4`,
        [contactListId, companyId, name, at],
      );
      const action = e.type === 'ContactListCreated' ? 'create' : 'update';
      return [change(companyId, 'ContactList', action, contactListId)];
    }
    case 'ContactListDeleted': {
      const { contactListId, companyId } = e.data;
      await tx.query('DELETE FROM contact_list_items WHERE contact_list_id = $1', [contactListId]);
      await tx.query('DELETE FROM contact_lists WHERE id = $1', [contactListId]);
      return [change(companyId, 'ContactList', 'delete', contactListId)];
    }
    case 'ContactListItemAdded':
    case 'ContactListItemUpdated': {
      const { contactListId, companyId, itemId, name, number, email } = e.data;
      // A new number is unchecked again until WhatsApp is asked about it.
      await tx.query(
        `INSERT INTO contact_list_items (id, company_id, contact_list_id, name, number, email, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$7)
         ON CONFLICT (id) DO UPDATE SET name=$4, number=$5, email=$6, updated_at=$7,
           is_whatsapp_valid = CASE WHEN contact_list_items.validated_number = $5
                                    THEN contact_list_items.is_whatsapp_valid END`,
        [itemId, companyId, contactListId, name, number, email, at],
      );
      const action = e.type === 'ContactListItemAdded' ? 'create' : 'update';
      const changes = [change(companyId, 'ContactListItem', action, itemId)];
      if (action === 'create') changes.push(change(companyId, 'ContactList', 'update', contactListId));
      return changes;
    }
    case 'ContactListItemRemoved': {
      const { contactListId, companyId, itemId } = e.data;
      await tx.query('DELETE FROM contact_list_items WHERE id = $1', [itemId]);
      return [
        change(companyId, 'ContactListItem', 'delete', itemId),
        change(companyId, 'ContactList', 'update', contactListId),
      ];
    }
    case 'ContactListItemValidated': {
      const { companyId, itemId, number, isWhatsappValid } = e.data;
      await tx.query(
        `UPDATE contact_list_items SET validated_number=$2,
           is_whatsapp_valid = CASE WHEN number = $2 THEN $3::boolean END, updated_at=$4
         WHERE id = $1`,
        [itemId, number, isWhatsappValid, at],
      );
      return [change(companyId, 'ContactListItem', 'update', itemId)];
    }
    default:
      return [];
  }
}

/** The same change named twice in one batch (an import's list count) is pushed once, at its last place. */
function once(changes: Change[]): Change[] {
  const last = new Map<string, number>();
  changes.forEach((c, i) => last.set(`${c.kind}:${c.action}:${c.id}`, i));
  return changes.filter((c, i) => last.get(`${c.kind}:${c.action}:${c.id}`) === i);
}

export const contactListsProjection: Projection = {
  name: 'contact-lists',
  tables: ['contact_lists', 'contact_list_items'],
  async handle(tx, e) {
    return apply(tx, e);
  },
  async handleBatch(tx, events) {
    const changes: Change[] = [];
    for (const e of events) changes.push(...(await apply(tx, e)));
    return once(changes);
  },
};
