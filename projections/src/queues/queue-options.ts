import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const queueOptionsMigrations = [
  {
    id: 'projections/queue-options-001',
    sql: `
      CREATE TABLE queue_options (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, queue_id uuid NOT NULL, parent_id uuid,
        title text NOT NULL, message text NOT NULL, option int NOT NULL,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX queue_options_parent ON queue_options (queue_id, parent_id);`,
  },
];

/** The option menus of every queue (doc 2 §2.3); a change tells browsers the queue changed. */
export const queueOptionsProjection: Projection = {
  name: 'queueOptions',
  tables: ['queue_options'],
  async handle(tx, e) {
    const changed = (d: { companyId: string; queueId: string }) => [
      { companyId: d.companyId, kind: 'queue' as const, action: 'update' as const, id: d.queueId },
    ];
    switch (e.type) {
      case 'QueueOptionCreated':
      case 'QueueOptionUpdated':
        await write(
          tx,
          `INSERT INTO queue_options VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8)
           ON CONFLICT (id) DO UPDATE SET parent_id=$4, title=$5, message=$6, option=$7, updated_at=$8`,
          [
            e.data.optionId,
            e.data.companyId,
            e.data.queueId,
            e.data.parentId,
            e.data.title,
            e.data.message,
            e.data.option,
            e.metadata.at,
          ],
        );
        return changed(e.data);
      case 'QueueOptionDeleted':
        await write(tx, 'DELETE FROM queue_options WHERE id = ANY($1::uuid[])', [e.data.removedIds]);
        return changed(e.data);
      case 'QueueDeleted':
        // A deleted queue's menu goes with it; its stream stays as history.
        await write(tx, 'DELETE FROM queue_options WHERE queue_id = $1', [e.data.queueId]);
        return;
    }
  },
};
