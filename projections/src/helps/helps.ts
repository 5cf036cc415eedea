import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

// Helps are platform-wide: no company column, so a company's erasure never takes them.
export const helpsMigrations = [
  {
    id: 'projections/helps-001',
    sql: `
      CREATE TABLE helps (
        id uuid PRIMARY KEY, title text NOT NULL, video text NOT NULL, description text NOT NULL,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX helps_title ON helps (lower(title));`,
  },
];

export const helpsProjection: Projection = {
  name: 'helps',
  tables: ['helps'],
  async handle(tx, e) {
    switch (e.type) {
      case 'HelpCreated':
      case 'HelpUpdated':
        await write(
          tx,
          `INSERT INTO helps VALUES ($1,$2,$3,$4,$5,$5)
           ON CONFLICT (id) DO UPDATE SET title=$2, video=$3, description=$4, updated_at=$5`,
          [e.data.helpId, e.data.title, e.data.video, e.data.description, e.metadata.at],
        );
        return;
      case 'HelpDeleted':
        await write(tx, 'DELETE FROM helps WHERE id = $1', [e.data.helpId]);
        return;
    }
  },
};
