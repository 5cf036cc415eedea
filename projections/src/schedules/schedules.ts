import { ERASED_TEXT } from '@zelo/contracts/contacts/privacy';
import type { Change, Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const schedulesMigrations = [
  {
    id: 'projections/schedules-001',
    sql: `
      CREATE TABLE schedules (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, body text NOT NULL, contact_id uuid NOT NULL,
        ticket_id uuid, whatsapp_id uuid, user_id uuid NOT NULL, send_at timestamptz NOT NULL,
        sent_at timestamptz, status text NOT NULL, error text,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      );
      CREATE INDEX schedules_company_send_at ON schedules (company_id, send_at, id);
      CREATE INDEX schedules_company_contact ON schedules (company_id, contact_id);`,
  },
  {
    id: 'projections/schedules-002',
    sql: 'ALTER TABLE schedules ADD COLUMN media_path text, ADD COLUMN media_name text;',
  },
];

export const schedulesProjection: Projection = {
  name: 'schedules',
  tables: ['schedules'],
  async handle(tx, e) {
    const change = (d: { companyId: string; scheduleId: string }, action: Change['action']): Change[] => [
      { companyId: d.companyId, kind: 'schedule', action, id: d.scheduleId },
    ];
    const at = e.metadata.at;
    switch (e.type) {
      case 'ScheduleCreated':
      case 'ScheduleUpdated':
        // An edit re-arms a failed schedule, so status, sent_at and error start over.
        await write(
          tx,
          `INSERT INTO schedules (id, company_id, body, contact_id, ticket_id, whatsapp_id, user_id, send_at,
             sent_at, status, error, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,NULL,'PENDENTE',NULL,$9,$9)
           ON CONFLICT (id) DO UPDATE SET body=$3, contact_id=$4, ticket_id=$5, whatsapp_id=$6, user_id=$7, send_at=$8,
             sent_at=NULL, status='PENDENTE', error=NULL, updated_at=$9`,
          [
            e.data.scheduleId,
            e.data.companyId,
            e.data.body,
            e.data.contactId,
            e.data.ticketId,
            e.data.whatsappId,
            e.data.userId,
            e.data.sendAt,
            at,
          ],
        );
        return change(e.data, e.type === 'ScheduleCreated' ? 'create' : 'update');
      case 'ScheduleSent':
        await write(
          tx,
          `UPDATE schedules SET status='ENVIADA', sent_at=$2, error=NULL, updated_at=$3 WHERE id=$1`,
          [e.data.scheduleId, e.data.sentAt, at],
        );
        return change(e.data, 'update');
      case 'ScheduleFailed':
        await write(tx, `UPDATE schedules SET status='ERRO', error=$2, updated_at=$3 WHERE id=$1`, [
          e.data.scheduleId,
          e.data.reason,
          at,
        ]);
        return change(e.data, 'update');
      case 'ScheduleMediaAttached':
        await write(tx, 'UPDATE schedules SET media_path=$2, media_name=$3, updated_at=$4 WHERE id=$1', [
          e.data.scheduleId,
          e.data.mediaPath,
          e.data.mediaName,
          at,
        ]);
        return change(e.data, 'update');
      case 'ScheduleMediaRemoved':
        await write(tx, 'UPDATE schedules SET media_path=NULL, media_name=NULL, updated_at=$2 WHERE id=$1', [
          e.data.scheduleId,
          at,
        ]);
        return change(e.data, 'update');
      case 'ScheduleDeleted':
        await write(tx, 'DELETE FROM schedules WHERE id=$1', [e.data.scheduleId]);
        return change(e.data, 'delete');
      case 'ContactErased': {
        // LGPD: the text as a rebuild reads it once the contact's key is gone (the erasure deletes the files).
        const { rows } = await tx.query<{ id: string }>(
          'UPDATE schedules SET body=$3 WHERE company_id=$1 AND contact_id=$2 RETURNING id',
          [e.data.companyId, e.data.contactId, ERASED_TEXT],
        );
        return rows.flatMap((r) => change({ companyId: e.data.companyId, scheduleId: r.id }, 'update'));
      }
    }
  },
};
