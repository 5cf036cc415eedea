import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const quickMessagesMigrations = [
  {
    id: 'projections/quick-messages-001',
    sql: `
      CREATE TABLE quick_messages (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, user_id uuid NOT NULL, shortcode text NOT NULL,
        message text NOT NULL, geral boolean NOT NULL, status boolean NOT NULL,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX quick_messages_company ON quick_messages (company_id, lower(shortcode));`,
  },
  {
    id: 'projections/quick-messages-002-media',
    sql: `ALTER TABLE quick_messages ADD COLUMN media_url text, ADD COLUMN media_name text,
            ADD COLUMN media_type text;`,
  },
];

export const quickMessagesProjection: Projection = {
  name: 'quick-messages',
  tables: ['quick_messages'],
  async handle(tx, e) {
    const change = (
      d: { companyId: string; quickMessageId: string },
      action: 'create' | 'update' | 'delete',
    ) => [{ companyId: d.companyId, kind: 'quickMessage' as const, action, id: d.quickMessageId }];
    switch (e.type) {
      case 'QuickMessageCreated':
      case 'QuickMessageUpdated':
        await write(
          tx,
          `INSERT INTO quick_messages VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8)
           ON CONFLICT (id) DO UPDATE SET user_id=$3, shortcode=$4, message=$5, geral=$6, status=$7, updated_at=$8`,
          [
            e.data.quickMessageId,
            e.data.companyId,
            e.data.userId,
            e.data.shortcode,
            e.data.message,
            e.data.geral,
            e.data.status,
            e.metadata.at,
          ],
        );
        return change(e.data, e.type === 'QuickMessageCreated' ? 'create' : 'update');
      case 'QuickMessageDeleted':
        await write(tx, 'DELETE FROM quick_messages WHERE id = $1', [e.data.quickMessageId]);
        return change(e.data, 'delete');
      case 'QuickMessageMediaAttached':
        await write(
          tx,
          'UPDATE quick_messages SET media_url=$2, media_name=$3, media_type=$4, updated_at=$5 WHERE id=$1',
          [e.data.quickMessageId, e.data.mediaUrl, e.data.mediaName, e.data.mediaType, e.metadata.at],
        );
        return change(e.data, 'update');
      case 'QuickMessageMediaRemoved':
        await write(
          tx,
          'UPDATE quick_messages SET media_url=NULL, media_name=NULL, media_type=NULL, updated_at=$2 WHERE id=$1',
          [e.data.quickMessageId, e.metadata.at],
        );
        return change(e.data, 'update');
    }
  },
};
