import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const queuesMigrations = [
  {
    id: 'projections/queues-001',
    sql: `
      CREATE TABLE queues (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, name text NOT NULL, color text NOT NULL,
        greeting_message text NOT NULL, out_of_hours_message text NOT NULL, order_queue int,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX queues_company ON queues (company_id);`,
  },
  {
    id: 'projections/queues-002-schedules',
    sql: `ALTER TABLE queues ADD COLUMN schedules jsonb NOT NULL DEFAULT '[]';`,
  },
  {
    // A queue whose history has no QueueAutomationChanged links nothing.
    id: 'projections/queues-003-automation',
    sql: 'ALTER TABLE queues ADD COLUMN prompt_id uuid, ADD COLUMN integration_id uuid;',
  },
];

export const queuesProjection: Projection = {
  name: 'queues',
  tables: ['queues'],
  async handle(tx, e) {
    const change = (d: { companyId: string; queueId: string }, action: 'create' | 'update' | 'delete') => [
      { companyId: d.companyId, kind: 'queue' as const, action, id: d.queueId },
    ];
    switch (e.type) {
      case 'QueueCreated':
      case 'QueueUpdated':
        await write(
          tx,
          `INSERT INTO queues VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8)
           ON CONFLICT (id) DO UPDATE SET name=$3, color=$4, greeting_message=$5, out_of_hours_message=$6, order_queue=$7, updated_at=$8`,
          [
            e.data.queueId,
            e.data.companyId,
            e.data.name,
            e.data.color,
            e.data.greetingMessage,
            e.data.outOfHoursMessage,
            e.data.orderQueue,
            e.metadata.at,
          ],
        );
        return change(e.data, e.type === 'QueueCreated' ? 'create' : 'update');
      case 'QueueSchedulesChanged':
        await write(tx, 'UPDATE queues SET schedules=$2, updated_at=$3 WHERE id=$1', [
          e.data.queueId,
          JSON.stringify(e.data.schedules),
          e.metadata.at,
        ]);
        return change(e.data, 'update');
      case 'QueueAutomationChanged':
        await write(tx, 'UPDATE queues SET prompt_id=$2, integration_id=$3, updated_at=$4 WHERE id=$1', [
          e.data.queueId,
          e.data.promptId,
          e.data.integrationId,
          e.metadata.at,
        ]);
        return change(e.data, 'update');
      case 'QueueDeleted':
        await write(tx, 'DELETE FROM queues WHERE id=$1', [e.data.queueId]);
        return change(e.data, 'delete');
    }
  },
};
