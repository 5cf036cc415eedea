import type { Change, Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

// Announcements are platform-wide: no company column, so a company's erasure never takes them.
export const announcementsMigrations = [
  {
    id: 'projections/announcements-001',
    sql: `
      CREATE TABLE announcements (
        id uuid PRIMARY KEY, title text NOT NULL, text text NOT NULL, priority smallint NOT NULL,
        status boolean NOT NULL, media_path text, media_name text,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX announcements_newest ON announcements (created_at DESC, id DESC);`,
  },
];

export const announcementsProjection: Projection = {
  name: 'announcements',
  tables: ['announcements'],
  async handle(tx, e) {
    // The change names the writer's company; the socket gateway sends it to every company.
    const change = (id: string, action: Change['action']): Change[] => [
      { companyId: e.metadata.companyId ?? '', kind: 'announcement', action, id },
    ];
    switch (e.type) {
      case 'AnnouncementCreated':
      case 'AnnouncementUpdated': {
        const d = e.data;
        await write(
          tx,
          `INSERT INTO announcements (id, title, text, priority, status, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$6)
           ON CONFLICT (id) DO UPDATE SET title=$2, text=$3, priority=$4, status=$5, updated_at=$6`,
          [d.announcementId, d.title, d.text, d.priority, d.status, e.metadata.at],
        );
        return change(d.announcementId, e.type === 'AnnouncementCreated' ? 'create' : 'update');
      }
      case 'AnnouncementDeleted':
        await write(tx, 'DELETE FROM announcements WHERE id = $1', [e.data.announcementId]);
        return change(e.data.announcementId, 'delete');
      case 'AnnouncementMediaAttached':
        await write(tx, 'UPDATE announcements SET media_path=$2, media_name=$3, updated_at=$4 WHERE id=$1', [
          e.data.announcementId,
          e.data.mediaPath,
          e.data.mediaName,
          e.metadata.at,
        ]);
        return change(e.data.announcementId, 'update');
      case 'AnnouncementMediaRemoved':
        await write(
          tx,
          'UPDATE announcements SET media_path=NULL, media_name=NULL, updated_at=$2 WHERE id=$1',
          [e.data.announcementId, e.metadata.at],
        );
        return change(e.data.announcementId, 'update');
    }
  },
};
