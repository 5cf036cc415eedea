import type pg from 'pg';
import type { Change, EventWith, Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const tagsMigrations = [
  {
    id: 'projections/tags-001',
    sql: `
      CREATE TABLE tags (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, name text NOT NULL, color text NOT NULL,
        kanban boolean NOT NULL DEFAULT false, user_id uuid,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX tags_company ON tags (company_id, lower(name));
      CREATE TABLE ticket_tags (
        ticket_id uuid NOT NULL, tag_id uuid NOT NULL, company_id uuid NOT NULL,
        PRIMARY KEY (ticket_id, tag_id)
      );
      CREATE INDEX ticket_tags_tag ON ticket_tags (tag_id);`,
  },
];

const change = (
  e: EventWith<{ companyId: string }>,
  kind: 'tag' | 'ticket',
  action: Change['action'],
  id: string,
): Change => ({
  companyId: e.data.companyId,
  kind,
  action,
  id,
  at: Date.parse(e.metadata.at),
});

async function taggedTickets(tx: pg.PoolClient, tagId: string): Promise<string[]> {
  const { rows } = await tx.query('SELECT ticket_id FROM ticket_tags WHERE tag_id = $1', [tagId]);
  return rows.map((r) => r.ticket_id);
}

/**
 * Tags and which tickets carry them. A change to a ticket's tags, or to a tag some tickets carry, is
 * also a ticket change: the socket gateway pushes those tickets again, so lists show the new chips.
 */
export const tagsProjection: Projection = {
  name: 'tags',
  tables: ['tags', 'ticket_tags'],
  async handle(tx, e) {
    switch (e.type) {
      case 'TagCreated':
      case 'TagUpdated': {
        await write(
          tx,
          `INSERT INTO tags VALUES ($1,$2,$3,$4,$5,$6,$7,$7)
           ON CONFLICT (id) DO UPDATE SET name=$3, color=$4, kanban=$5, updated_at=$7`,
          [
            e.data.tagId,
            e.data.companyId,
            e.data.name,
            e.data.color,
            e.data.kanban,
            e.data.userId,
            e.metadata.at,
          ],
        );
        const tickets = e.type === 'TagUpdated' ? await taggedTickets(tx, e.data.tagId) : [];
        return [
          change(e, 'tag', e.type === 'TagCreated' ? 'create' : 'update', e.data.tagId),
          ...tickets.map((id) => change(e, 'ticket', 'update', id)),
        ];
      }
      case 'TagDeleted': {
        await write(tx, 'DELETE FROM tags WHERE id = $1', [e.data.tagId]);
        const { rows } = await tx.query('DELETE FROM ticket_tags WHERE tag_id = $1 RETURNING ticket_id', [
          e.data.tagId,
        ]);
        return [
          change(e, 'tag', 'delete', e.data.tagId),
          ...rows.map((r) => change(e, 'ticket', 'update', r.ticket_id)),
        ];
      }
      case 'TicketTagsSynced': {
        const before = await tx.query('DELETE FROM ticket_tags WHERE ticket_id = $1 RETURNING tag_id', [
          e.data.ticketId,
        ]);
        // A tag deleted after the sync was decided is left out, as its deletion removed it everywhere.
        await write(
          tx,
          `INSERT INTO ticket_tags (ticket_id, tag_id, company_id)
           SELECT $1, id, company_id FROM tags WHERE id = ANY($2::uuid[]) AND company_id = $3`,
          [e.data.ticketId, e.data.tagIds, e.data.companyId],
        );
        // Every tag that gained or lost the ticket changes its count on the tags page.
        const touched = new Set<string>([...before.rows.map((r) => r.tag_id as string), ...e.data.tagIds]);
        return [
          change(e, 'ticket', 'update', e.data.ticketId),
          ...[...touched].map((id) => change(e, 'tag', 'update', id)),
        ];
      }
    }
  },
};
